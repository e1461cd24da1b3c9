// A small XML parser for the renderers, giving the tree the readers' parser gives (local names,
// `@_` attributes, `#text` beside attributes, text kept as written and trimmed, the readers'
// repeated elements always arrays, signatures skipped) about twenty times faster: fast-xml-parser
// took 20 ms of the 25 a real 32 KB NF-e cost to draw, and a DANFe must cost 5. It checks that
// tags nest and close; anything it does not read (a DTD, a stray `<`, an unknown shape) makes it
// return undefined, and the caller reads the file with the readers' strict parser instead, which
// says precisely what is wrong.
import type { Node } from '../readers/common.js';
import { isRepeated } from '../readers/xml.js';

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * An element being read. One per depth, reused from element to element (a DANFe's XML has some
 * 400), and its node made only once it has attributes or children: most elements are text only,
 * and their object would be thrown away.
 */
interface Frame {
  name: string;
  node: Node | undefined;
  text: string;
  /** Whether each child name is repeated under this one (`repeatedUnder`), looked up once per element. */
  repeats: Map<string, boolean>;
}

/**
 * isRepeated by parent, then name: a DANFe's XML has some 400 elements of a few dozen names, and
 * look-ups cost less than the readers' test (a string built and a regular expression) each. The
 * parent's map is looked up as it opens (a frame's `repeats`), its children's names in it.
 */
const repeated = new Map<string, Map<string, boolean>>();
function repeatedUnder(parent: string): Map<string, boolean> {
  let names = repeated.get(parent);
  if (!names) repeated.set(parent, (names = new Map()));
  return names;
}

function isRepeatedIn(parent: Frame, name: string): boolean {
  let answer = parent.repeats.get(name);
  if (answer === undefined) parent.repeats.set(name, (answer = isRepeated(name, parent.name)));
  return answer;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Element names met so far, by a hash of their characters: a name sliced from the text is a new
 * string, and each use as a property name made V8 look it up in its table of names (a hash of it,
 * then a compare), twice an element; a DANFe's XML has some 200 elements of a few dozen names.
 * The name kept here is the table's own, found by a compare where it is written.
 */
const names = new Map<number, string[]>();

function nameAt(xml: string, start: number, end: number, hash: number): string {
  const known = names.get(hash);
  if (known) for (const name of known) if (name.length === end - start && xml.startsWith(name, start)) return name;
  // The table's copy: a property name is kept as one (a string used as a key once is made so).
  const name = Object.keys({ [xml.slice(start, end)]: 0 })[0]!;
  if (names.size < 4096) {
    if (known) known.push(name);
    else names.set(hash, [name]);
  }
  return name;
}

/** The XML entities of `value` (the five named, nbsp and numeric ones) as their characters; others left as written. */
export function decodeEntities(value: string): string {
  // A string to the optimising compiler, whatever its kind inside V8 (fonts.ts, widthIn).
  const text = String(value);
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e] ?? whole;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Reads the attributes into `node`: whether it has any (namespace declarations are none). */
function attributes(raw: string, node: Node): boolean {
  if (!raw) return false;
  let any = false;
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const name = m[1]!;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    node[`@_${local(name)}`] = decodeEntities(m[2] ?? m[3] ?? '');
    any = true;
  }
  return any;
}

function add(parent: Frame, name: string, value: unknown): void {
  const node = (parent.node ??= {});
  const existing = node[name];
  if (existing === undefined) node[name] = isRepeatedIn(parent, name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[name] = [existing, value];
}

function close(frame: Frame): unknown {
  const text = frame.text.trim();
  if (!frame.node) return text;
  if (text) frame.node['#text'] = text;
  return frame.node;
}

/** JavaScript's `\s` (what trim() removes): the white space the tags may hold. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** `[\w:.-]`: a letter, digit, `_`, `:`, `.` or `-`. */
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 58) || c === 46 || c === 45;

/** Whether `xml` has anything but white space from `from` to `to`. */
function hasText(xml: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(xml.charCodeAt(i))) return true;
  return false;
}

function skipSpace(xml: string, i: number): number {
  while (i < xml.length && isSpace(xml.charCodeAt(i))) i++;
  return i;
}

/**
 * The end of the attributes of a tag from `i` (`(\s+name\s*=\s*"value")*`), each a value in
 * double or single quotes: where the first thing that is not one starts.
 */
function attributesEnd(xml: string, i: number): number {
  for (;;) {
    const name = skipSpace(xml, i);
    if (name === i) return i;
    let at = name;
    for (let c = xml.charCodeAt(at); at < xml.length && c !== 61 && c !== 47 && c !== 62 && !isSpace(c);)
      c = xml.charCodeAt(++at);
    if (at === name) return i;
    at = skipSpace(xml, at);
    if (xml.charCodeAt(at) !== 61) return i;
    at = skipSpace(xml, at + 1);
    const quote = xml.charCodeAt(at);
    if (quote !== 34 && quote !== 39) return i;
    const close = xml.indexOf(quote === 34 ? '"' : "'", at + 1);
    if (close < 0) return i;
    i = close + 1;
  }
}

/** The closing tag of an element, by its name (any prefix, spaces before `>`), from `lastIndex`. */
const closings = new Map<string, RegExp>();
function closingOf(name: string): RegExp {
  let closing = closings.get(name);
  if (!closing)
    closings.set(name, (closing = new RegExp(`</(?:[\\w.-]+:)?${name.replace(/[.-]/g, '\\$&')}\\s*>`, 'g')));
  return closing;
}

/**
 * The tree of `xml` and its root element's name, or undefined when this parser cannot vouch for it.
 * The elements named in `unread` are left out, their content skipped unread (their caller reads
 * nothing of them): an NF-e item's PIS and COFINS are a third of its elements.
 */
export function parseLight(xml: string, unread?: ReadonlySet<string>): { root: string; tree: Node } | undefined {
  // Scanned by hand, a `<` at a time: a regular expression's match (an array and a string per
  // group) for each of a DANFe's 800 tags was a third of what drawing it allocated.
  const top: Frame = { name: '', node: {}, text: '', repeats: repeatedUnder('') };
  // stack[0..depth] are the open elements; the frames past depth wait to be reused.
  const stack: Frame[] = [top];
  let depth = 0;
  let last = 0;
  for (let open = xml.indexOf('<'); open >= 0; open = xml.indexOf('<', last)) {
    const frame = stack[depth]!;
    if (open > last && hasText(xml, last, open)) {
      if (depth === 0) return undefined;
      frame.text += decodeEntities(xml.slice(last, open));
    }
    const next = xml.charCodeAt(open + 1);
    if (next === 33 /* ! */) {
      if (xml.startsWith('<![CDATA[', open)) {
        const end = xml.indexOf(']]>', open + 9);
        if (end < 0 || depth === 0) return undefined;
        frame.text += xml.slice(open + 9, end);
        last = end + 3;
      } else if (xml.startsWith('<!--', open)) {
        const end = xml.indexOf('-->', open + 4);
        if (end < 0) return undefined;
        last = end + 3;
      } else return undefined;
      continue;
    }
    if (next === 63 /* ? */) {
      const end = xml.indexOf('?>', open + 2);
      if (end < 0) return undefined;
      last = end + 2;
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? open + 2 : open + 1;
    if (!isNameStart(xml.charCodeAt(nameStart))) return undefined;
    // The local name follows the first colon (a prefix is not kept).
    let nameEnd = nameStart + 1;
    let localStart = nameStart;
    let hash = xml.charCodeAt(nameStart);
    for (let c = xml.charCodeAt(nameEnd); nameEnd < xml.length && isNameChar(c); c = xml.charCodeAt(++nameEnd)) {
      if (c === 58 && localStart === nameStart) {
        localStart = nameEnd + 1;
        hash = 0;
      } else hash = (Math.imul(hash, 31) + c) | 0;
    }
    const attributesTo = attributesEnd(xml, nameEnd);
    let end = skipSpace(xml, attributesTo);
    const selfClosing = xml.charCodeAt(end) === 47;
    if (selfClosing) end++;
    if (xml.charCodeAt(end) !== 62 /* > */) return undefined;
    last = end + 1;
    if (closing) {
      // Compared where it is written: no string made for the 400 closing tags of a DANFe.
      const same = nameEnd - localStart === frame.name.length && xml.startsWith(frame.name, localStart);
      if (!same || depth === 0 || attributesTo > nameEnd || selfClosing) return undefined;
      depth--;
      add(stack[depth]!, frame.name, close(frame));
      continue;
    }
    const name = nameAt(xml, localStart, nameEnd, hash);
    if (depth === 0 && Object.keys(top.node!).length > 0) return undefined;
    let node: Node | undefined;
    if (attributesTo > nameEnd) {
      const read: Node = {};
      if (attributes(xml.slice(nameEnd, attributesTo), read)) node = read;
    }
    const skipped = unread?.has(name) === true;
    if (selfClosing) {
      if (!skipped) add(frame, name, node ?? '');
      continue;
    }
    if (skipped || name === 'Signature') {
      // Never read; the signature is kept empty as the readers' parser keeps it (a stop node).
      const end = closingOf(name);
      end.lastIndex = last;
      if (!end.exec(xml)) return undefined;
      last = end.lastIndex;
      if (!skipped) add(frame, name, '');
      continue;
    }
    if (node === undefined) {
      // Most elements are text alone, closed at the next tag (`<nNF>123</nNF>`): read at once,
      // with no frame opened and no closing tag parsed apart. Anything else (a prefix on the
      // closing tag, a space in it, a comment or CDATA) goes the long way below.
      const next = xml.indexOf('<', last);
      if (
        next >= 0 &&
        xml.charCodeAt(next + 1) === 47 &&
        xml.charCodeAt(next + 2 + name.length) === 62 &&
        xml.startsWith(name, next + 2)
      ) {
        add(frame, name, next > last && hasText(xml, last, next) ? decodeEntities(xml.slice(last, next)).trim() : '');
        last = next + 3 + name.length;
        continue;
      }
    }
    const reused = stack[++depth];
    if (reused) {
      reused.name = name;
      reused.node = node;
      reused.text = '';
      reused.repeats = repeatedUnder(name);
    } else stack.push({ name, node, text: '', repeats: repeatedUnder(name) });
  }
  if (depth !== 0 || hasText(xml, last, xml.length)) return undefined;
  const root = Object.keys(top.node!)[0];
  return root === undefined ? undefined : { root, tree: top.node! };
}
