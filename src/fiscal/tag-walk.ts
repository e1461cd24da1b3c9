// The one pass over an XML file's UTF-8 bytes under both readers made for one document's shape,
// the catalog's walk of an NF-e (catalog/extract/nfe-walk.ts) and the DANFe's read of an nfeProc
// (render/xml-shape.ts): a tag at a time, found in one Latin-1 string of the file (one character a
// byte), its name looked up by a hash of its bytes in the reader's table (no string made of a
// name), an element of text alone read whole; offsets left for the reader, no tree, no strings.
// It gives up (false) on what neither reader vouches for: tags that do not nest, comments, CDATA,
// a DTD, a processing instruction inside the root, a `<` or `>` in an attribute (the catalog's
// section pass ends a tag at its first `>`). What one reader alone refuses it leaves to that
// reader: names and attributes not as XML writes them (checked for the DANFe's), a prefix
// (`colon`), a blank in a closing tag (`gt`).

export const OPEN = 1;
/** An element of text alone, closed at the next tag (`<nNF>123</nNF>`, most of a note's). */
export const LEAF = 2;
export const EMPTY = 3;
export const CLOSE = 4;
/** Past the root element, nothing but white space and processing instructions after it. */
export const END = 5;

/** A name's hash, as the walk computes it from the name's bytes. */
function nameHash(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
}

/**
 * The names a reader knows, numbered from 1 in the order added (0: a name it does not know), in
 * an open-addressed table by their hash, a quarter full at most: typed arrays of some 4 KB for the
 * catalog's hundred names, small enough to stay in the caches that the catalog thread's SQLite
 * work shares with it between two documents.
 */
export class NameTable {
  readonly names: string[] = [''];
  private ids = new Uint16Array(64);
  private hashes = new Int32Array(64);
  /** The bytes of every name, one after the other; where each starts, and each one's length, by number. */
  private codes = new Uint8Array(0);
  private at = new Int32Array(1);
  private lengths = new Uint8Array(1);

  /** The number of `name`, added where new. */
  add(name: string): number {
    const known = this.names.indexOf(name);
    if (known > 0) return known;
    const id = this.names.push(name) - 1;
    // Typed arrays of one kind each (a Buffer is another to V8: its loads here would be of two kinds).
    this.at = Int32Array.of(...this.at, this.codes.length);
    this.lengths = Uint8Array.of(...this.lengths, name.length);
    this.codes = Uint8Array.of(...this.codes, ...Buffer.from(name, 'latin1'));
    if (this.names.length * 4 > this.ids.length) {
      this.ids = new Uint16Array(this.ids.length * 2);
      this.hashes = new Int32Array(this.ids.length);
      this.names.forEach((_, k) => k > 0 && this.put(k));
    } else this.put(id);
    return id;
  }

  private put(id: number): void {
    const h = nameHash(this.names[id]!);
    const mask = this.ids.length - 1;
    let i = h & mask;
    while (this.ids[i] !== 0) i = (i + 1) & mask;
    this.ids[i] = id;
    this.hashes[i] = h;
  }

  /** The number of the name of `len` bytes at `start` whose hash is `h`, or 0. */
  idAt(b: Uint8Array, start: number, len: number, h: number): number {
    const ids = this.ids;
    const mask = ids.length - 1;
    for (let i = h & mask; ids[i] !== 0; i = (i + 1) & mask) {
      const id = ids[i]!;
      if (this.hashes[i] !== h || this.lengths[id] !== len) continue;
      const codes = this.codes;
      const at = this.at[id]! - start;
      let k = start;
      while (k < start + len && b[k] === codes[at + k]) k++;
      if (k === start + len) return id;
    }
    return 0;
  }
}

/** What a byte may be in a name: 1 its first character, 2 any other (a colon: 3, a prefix's end). */
const CHAR = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_]/.test(ch)) CHAR[c] = 1;
  else if (/[0-9.-]/.test(ch)) CHAR[c] = 2;
}
CHAR[58] = 3;

const LT = 60;
const GT = 62;
const SLASH = 47;
const QUESTION = 63;
const EQUALS = 61;
/** Open elements past this are given up on (the catalog's notes nest some 8 deep). */
const DEPTH = 64;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

export class TagWalk {
  /** What next() read: OPEN, LEAF, EMPTY, CLOSE or END. */
  kind = 0;
  /** The tag's `<` and `>`. */
  lt = 0;
  gt = 0;
  /** The tag's name, as offsets into the bytes; its number in the table (0: unknown); its last colon (-1: none). */
  nameStart = 0;
  nameEnd = 0;
  id = 0;
  colon = -1;
  /** The bytes between the tag before and this one. */
  textStart = 0;
  textEnd = 0;
  /** A LEAF's text. */
  valueStart = 0;
  valueEnd = 0;
  /** Elements open, the one just opened included. */
  depth = 0;
  /** Where the next tag is looked for. */
  at = 0;
  bytes: Uint8Array = new Uint8Array(0);
  /** The bytes as a string of one Latin-1 character a byte, whose indexOf finds a tag faster than a loop. */
  latin1 = '';
  private rootSeen = false;
  /** Where each open element's name starts and ends, by depth. */
  private readonly open = new Int32Array(2 * DEPTH);
  /** By name number, `</name` and `:name`, the strings skipElement looks for. */
  private readonly needles: [string, string][] = [];

  /**
   * `checked`: names the table does not know, and attributes, checked as XML writes them (the
   * DANFe's read, whose reference, the light parser, reads them); else taken as they come, up to
   * the first blank and the first `>` (the catalog's, whose section pass reads them so).
   */
  constructor(
    private readonly table: NameTable,
    private readonly checked: boolean,
  ) {}

  /** Itself, set to read `bytes` (as `latin1`) from `from`. */
  reset(bytes: Uint8Array, latin1: string, from = 0): this {
    this.bytes = bytes;
    this.latin1 = latin1;
    this.at = from;
    this.depth = 0;
    this.rootSeen = false;
    return this;
  }

  /**
   * Reads the next tag; false where the file is not one this walk vouches for. One function with
   * the opening tag's reading in it, its helpers small enough for V8 to inline into it: the
   * catalog's walk calls it for each of a note's 300 tags, and V8 inlines nothing that large into
   * the walk, so that each helper it could not inline there was a call of its own (a third more
   * CPU for the walk, when an opening tag was read by a function of its own).
   */
  next(): boolean {
    const b = this.bytes;
    let at = this.at;
    this.textStart = at;
    let lt = this.nextTag(at);
    // A processing instruction (the declaration): outside the root element only.
    for (; lt >= 0 && b[lt + 1] === QUESTION; lt = this.nextTag(at)) {
      const end = this.latin1.indexOf('?>', lt + 1);
      if (this.depth > 0 || !this.blank(at, lt) || end < 0) return false;
      at = end + 2;
      this.textStart = at;
    }
    if (lt < 0) {
      this.textEnd = b.length;
      this.kind = END;
      return this.depth === 0 && this.rootSeen && this.blank(at, b.length);
    }
    this.textEnd = lt;
    this.lt = lt;
    if (this.depth === 0 && !this.blank(this.textStart, lt)) return false;
    if (b[lt + 1] === SLASH) return this.closing(lt + 2);
    const start = lt + 1;
    if (this.depth === 0 && this.rootSeen) return false;
    // The name up to what ends it, its hash as it is read: a name the table knows is a name; any
    // other is checked character by character (and its prefix found) only then.
    let end = start;
    let h = 0;
    let c = b[end]!;
    for (; c !== GT && c > 32 && c !== SLASH; c = b[++end]!) h = (Math.imul(h, 31) + c) | 0;
    const len = end - start;
    const id = this.table.idAt(b, start, len, h);
    this.id = id;
    this.colon = -1;
    if (id === 0 && this.checked && !this.unknownName(start, end)) return false;
    const gt = c === GT ? end : this.tagEnd(end);
    if (gt < 0) return false;
    this.nameStart = start;
    this.nameEnd = end;
    this.gt = gt;
    this.at = gt + 1;
    this.rootSeen = true;
    if (b[gt - 1] === SLASH && gt > end) {
      this.kind = EMPTY;
      return true;
    }
    const next = this.nextTag(gt + 1);
    if (this.depth > 0 && this.closes(next, start, len)) {
      this.kind = LEAF;
      this.valueStart = gt + 1;
      this.valueEnd = next;
      this.at = next + 3 + len;
      return true;
    }
    if (this.depth === DEPTH) return false;
    this.kind = OPEN;
    this.open[2 * this.depth] = start;
    this.open[2 * this.depth + 1] = end;
    this.depth++;
    return true;
  }

  /**
   * The next `<` from `from`: looked for byte by byte over the few characters a value or the gap
   * between two tags has, which costs less than a call of indexOf; by indexOf beyond them.
   */
  private nextTag(from: number): number {
    const b = this.bytes;
    const near = Math.min(from + 24, b.length);
    for (let i = from; i < near; i++) if (b[i] === LT) return i;
    return near === b.length ? -1 : this.latin1.indexOf('<', near);
  }

  /** Whether the bytes from `from` to `to` are white space alone. */
  blank(from: number, to: number): boolean {
    const b = this.bytes;
    for (let i = from; i < to; i++) if (!isSpace(b[i]!)) return false;
    return true;
  }

  /** Whether the tag at `lt` is `</name>` of the name of `len` bytes at `start`. */
  private closes(lt: number, start: number, len: number): boolean {
    const b = this.bytes;
    return lt >= 0 && b[lt + 1] === SLASH && b[lt + 2 + len] === GT && this.same(lt + 2, start, len);
  }

  /** Whether the `len` bytes at `a` and at `b` are the same. */
  private same(a: number, b: number, len: number): boolean {
    const bytes = this.bytes;
    let k = 0;
    while (k < len && bytes[a + k] === bytes[b + k]) k++;
    return k === len;
  }

  /** The `>` of a tag with more than its name from `end`: no `<` before it, attributes checked where they are; -1 to give up. */
  private tagEnd(end: number): number {
    const gt = this.latin1.indexOf('>', end);
    const lt = this.latin1.indexOf('<', end);
    if (gt < 0 || (lt >= 0 && lt < gt) || (this.checked && !this.attributes(end, gt))) return -1;
    return gt;
  }

  /** Whether [start, end) is a name, its last colon noted (`colon`). */
  private unknownName(start: number, end: number): boolean {
    const b = this.bytes;
    if (CHAR[b[start]!] !== 1) return false;
    for (let i = start + 1; i < end; i++) {
      const k = CHAR[b[i]!]!;
      if (k === 0) return false;
      if (k === 3) this.colon = i;
    }
    return true;
  }

  /** Whether [from, gt) are attributes as the walk reads them, each after white space, the last maybe followed by `/`. */
  private attributes(from: number, gt: number): boolean {
    const b = this.bytes;
    let i = from;
    for (;;) {
      const spaced = i;
      while (isSpace(b[i]!)) i++;
      if (i === gt || (i === gt - 1 && b[i] === SLASH)) return true;
      if (i === spaced || CHAR[b[i]!] !== 1) return false;
      while (CHAR[b[i]!] !== 0) i++;
      while (isSpace(b[i]!)) i++;
      if (b[i] !== EQUALS) return false;
      i++;
      while (isSpace(b[i]!)) i++;
      const quote = b[i];
      if (quote !== 34 && quote !== 39) return false;
      i = this.latin1.indexOf(quote === 34 ? '"' : "'", i + 1);
      if (i < 0 || i >= gt) return false;
      i++;
    }
  }

  private closing(start: number): boolean {
    if (this.depth === 0) return false;
    const b = this.bytes;
    const openStart = this.open[2 * this.depth - 2]!;
    const len = this.open[2 * this.depth - 1]! - openStart;
    if (!this.same(start, openStart, len)) return false;
    let i = start + len;
    while (isSpace(b[i]!)) i++;
    if (b[i] !== GT) return false;
    this.kind = CLOSE;
    this.nameStart = start;
    this.nameEnd = start + len;
    this.gt = i;
    this.at = i + 1;
    this.depth--;
    return true;
  }

  /**
   * Past the element just opened, unread, to the first closing tag of its name: as the light
   * parser skips an element nobody reads (its `unread`, and signatures), content unchecked.
   */
  skipElement(): boolean {
    const b = this.bytes;
    const nameStart = this.nameStart;
    const length = this.nameEnd - nameStart;
    // Straight to the first `</name` where nothing could end the element before it (no `:name`,
    // a prefixed closing tag, between): what the loop below finds, closing tag by closing tag (a
    // tax group of a dozen elements, three of them an item). Anything else is the loop's to read.
    if (this.id !== 0) {
      const needles = (this.needles[this.id] ??= [`</${this.table.names[this.id]}`, `:${this.table.names[this.id]}`]);
      const lt = this.latin1.indexOf(needles[0], this.at);
      if (lt >= 0 && CHAR[b[lt + 2 + length]!] === 0) {
        const colon = this.latin1.indexOf(needles[1], this.at);
        if ((colon < 0 || colon > lt) && this.skippedTo(lt, lt + 2 + length)) return true;
      }
    }
    for (let lt = this.latin1.indexOf('</', this.at); lt >= 0; lt = this.latin1.indexOf('</', lt + 1)) {
      let i = lt + 2;
      while (i < b.length && CHAR[b[i]!] !== 0) i++;
      const end = i;
      // `</x:Name>` ends it for the light parser: given up on here.
      if (end - (lt + 2) > length && b[end - length - 1] === 58 && this.same(end - length, nameStart, length))
        return false;
      if (end - (lt + 2) !== length || !this.same(lt + 2, nameStart, length)) continue;
      if (this.skippedTo(lt, i)) return true;
      // Other white space before `>` (a no-break space): the light parser's \s takes it.
      while (isSpace(b[i]!)) i++;
      if (b[i]! >= 0x80) return false;
    }
    return false;
  }

  /**
   * The skipped element's closing tag at `lt`, its name ending at `i`: if a `>` follows (after
   * white space), the walk stands past it, on the element's close.
   */
  private skippedTo(lt: number, i: number): boolean {
    const b = this.bytes;
    while (isSpace(b[i]!)) i++;
    if (b[i] !== GT) return false;
    this.at = i + 1;
    this.depth--;
    this.kind = CLOSE;
    this.textStart = this.textEnd = lt;
    return true;
  }
}
