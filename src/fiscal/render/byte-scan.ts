// An XML file's UTF-8 bytes read a tag at a time (the fact readers' string searches are
// ../xml-scan.ts; the catalog's own one-pass walk of a note, catalog/extract/nfe-walk.ts), for a
// reader made for one document's shape (nfe-read.ts): no tree and no string of the whole file,
// only the values asked for. It checks that tags nest, and gives up (false) on anything the light
// parser (xml-light.ts) might read otherwise or refuse: comments, CDATA, a DTD, prefixed names, a
// processing instruction inside the root, attributes not spaced or quoted as it reads them. The
// caller then reads the file the light parser's way, so that a file read here is one it reads alike.

const OPEN = 1;
export const CLOSE = 2;
/** Past the root element, nothing but white space and processing instructions after it. */
export const END = 3;
/**
 * An element of text alone, closed at the next tag (`<nNF>123</nNF>`, most of a note's): read
 * whole, its closing tag compared where it is written rather than read as a tag of its own.
 */
export const LEAF = 4;

const LT = 60;
const GT = 62;
const SLASH = 47;
const QUESTION = 63;
const EQUALS = 61;
const COLON = 58;

/** XML's white space (the light parser also takes other Unicode spaces: given up on here). */
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;

/** The first `byte` in `b` from `from`, or -1 (a few bytes ahead: a loop is cheapest). */
export function indexOfByte(b: Uint8Array, byte: number, from: number): number {
  for (let i = from; i < b.length; i++) if (b[i] === byte) return i;
  return -1;
}

/** A name's hash, as the scanner computes it from the name's bytes. */
export function nameHash(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash;
}

export class XmlScan {
  /** What next() read: OPEN, CLOSE or END. */
  kind = 0;
  /** The tag's name, as offsets into the bytes, and its hash (nameHash). */
  nameStart = 0;
  nameEnd = 0;
  hash = 0;
  /** An opening tag's attributes (from the space after its name), and whether it ends with `/>`. */
  attributesStart = 0;
  attributesEnd = 0;
  selfClosing = false;
  /** The bytes between the tag before and this one: an element's text. */
  textStart = 0;
  textEnd = 0;
  /** A LEAF's text. */
  valueStart = 0;
  valueEnd = 0;
  /** Elements open, the one just opened included. */
  depth = 0;
  private at = 0;
  private rootSeen = false;
  /** Where each open element's name starts and ends, by depth. */
  private readonly open: number[] = [];

  /**
   * The bytes and the same as a string of one Latin-1 character a byte (made at once, some 3 us
   * for a note), whose indexOf finds the next tag some three times faster than a loop on the bytes.
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly latin1: string,
  ) {}

  /** Reads the next tag; false where the file is not one this scanner vouches for. */
  next(): boolean {
    const b = this.bytes;
    let at = this.at;
    this.textStart = at;
    for (;;) {
      const lt = this.latin1.indexOf('<', at);
      if (lt < 0) {
        this.textEnd = b.length;
        this.kind = END;
        return this.depth === 0 && this.rootSeen && this.blank(at, b.length);
      }
      const c = b[lt + 1]!;
      if (c === QUESTION) {
        // A processing instruction (the declaration): outside the root element only.
        if (this.depth > 0 || !this.blank(at, lt)) return false;
        let end = indexOfByte(b, GT, lt + 2);
        while (end > 0 && b[end - 1] !== QUESTION) end = indexOfByte(b, GT, end + 1);
        if (end < 0) return false;
        at = end + 1;
        this.textStart = at;
        continue;
      }
      this.textEnd = lt;
      if (this.depth === 0 && !this.blank(this.textStart, lt)) return false;
      return c === SLASH ? this.closing(lt + 2) : this.opening(lt + 1);
    }
  }

  /** Whether the bytes from `from` to `to` are white space alone. */
  blank(from: number, to: number): boolean {
    const b = this.bytes;
    for (let i = from; i < to; i++) if (!isSpace(b[i]!)) return false;
    return true;
  }

  /** Whether the current tag's name is `name` (its bytes, ASCII). */
  named(name: Uint8Array): boolean {
    if (this.nameEnd - this.nameStart !== name.length) return false;
    const b = this.bytes;
    for (let i = 0; i < name.length; i++) if (b[this.nameStart + i] !== name[i]) return false;
    return true;
  }

  private readName(i: number): number {
    const b = this.bytes;
    if (!isNameStart(b[i]!)) return -1;
    let hash = b[i]!;
    for (i++; i < b.length && isNameChar(b[i]!); i++) hash = (Math.imul(hash, 31) + b[i]!) | 0;
    // A prefix: the light parser keeps the local name, and compares closing tags by it.
    if (b[i] === COLON) return -1;
    this.hash = hash;
    return i;
  }

  private opening(start: number): boolean {
    if (this.depth === 0 && this.rootSeen) return false;
    const nameEnd = this.readName(start);
    if (nameEnd < 0) return false;
    const b = this.bytes;
    let i = nameEnd;
    // Attributes: each after white space, `name="value"` or `name='value'`, no `<` in a value.
    for (;;) {
      const spaced = i;
      while (isSpace(b[i]!)) i++;
      const c = b[i];
      if (c === SLASH || c === GT) break;
      if (i === spaced || !isNameStart(c!)) return false;
      while (isNameChar(b[i]!) || b[i] === COLON) i++;
      while (isSpace(b[i]!)) i++;
      if (b[i] !== EQUALS) return false;
      i++;
      while (isSpace(b[i]!)) i++;
      const quote = b[i];
      if (quote !== 34 && quote !== 39) return false;
      for (i++; i < b.length && b[i] !== quote; i++) if (b[i] === LT) return false;
      if (i >= b.length) return false;
      i++;
    }
    this.selfClosing = b[i] === SLASH;
    if (this.selfClosing) i++;
    if (b[i] !== GT) return false;
    this.kind = OPEN;
    this.nameStart = start;
    this.nameEnd = nameEnd;
    this.attributesStart = nameEnd;
    this.attributesEnd = this.selfClosing ? i - 1 : i;
    this.at = i + 1;
    if (this.depth === 0) this.rootSeen = true;
    if (this.selfClosing) return true;
    const lt = this.latin1.indexOf('<', i + 1);
    const length = nameEnd - start;
    if (lt > 0 && b[lt + 1] === SLASH && b[lt + 2 + length] === GT && this.depth > 0) {
      let same = true;
      for (let k = 0; k < length && same; k++) same = b[lt + 2 + k] === b[start + k];
      if (same) {
        this.kind = LEAF;
        this.valueStart = i + 1;
        this.valueEnd = lt;
        this.at = lt + 3 + length;
        return true;
      }
    }
    this.open[2 * this.depth] = start;
    this.open[2 * this.depth + 1] = nameEnd;
    this.depth++;
    return true;
  }

  private closing(start: number): boolean {
    if (this.depth === 0) return false;
    const nameEnd = this.readName(start);
    if (nameEnd < 0) return false;
    const b = this.bytes;
    let i = nameEnd;
    while (isSpace(b[i]!)) i++;
    if (b[i] !== GT) return false;
    const openStart = this.open[2 * this.depth - 2]!;
    const length = this.open[2 * this.depth - 1]! - openStart;
    if (nameEnd - start !== length) return false;
    for (let k = 0; k < length; k++) if (b[start + k] !== b[openStart + k]) return false;
    this.kind = CLOSE;
    this.nameStart = start;
    this.nameEnd = nameEnd;
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
    for (let lt = this.latin1.indexOf('</', this.at); lt >= 0; lt = this.latin1.indexOf('</', lt + 1)) {
      let i = lt + 2;
      while (i < b.length && (isNameChar(b[i]!) || b[i] === COLON)) i++;
      const end = i;
      // `</x:Name>` ends it for the light parser: given up on here.
      if (end - (lt + 2) > length && b[end - length - 1] === COLON) {
        let same = true;
        for (let k = 0; k < length && same; k++) same = b[end - length + k] === b[nameStart + k];
        if (same) return false;
      }
      if (end - (lt + 2) !== length) continue;
      let same = true;
      for (let k = 0; k < length && same; k++) same = b[lt + 2 + k] === b[nameStart + k];
      if (!same) continue;
      while (isSpace(b[i]!)) i++;
      if (b[i] === GT) {
        this.at = i + 1;
        this.depth--;
        this.kind = CLOSE;
        this.textStart = this.textEnd = lt;
        return true;
      }
      // Other white space before `>` (a no-break space): the light parser's \s takes it.
      if (b[i]! >= 0x80) return false;
    }
    return false;
  }
}
