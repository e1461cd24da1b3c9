// The tree the XML reader walks (src/fiscal/readers/xml.ts: fast-xml-parser's objects keyed by
// local element name, `@_` attributes, `#text` beside attributes, repeated elements as arrays),
// built by one indexOf pass over the text, some ten times cheaper than the parser and its
// well-formedness check. The readers then make the summary from it themselves (tree-summary.ts),
// so that a summary of a CT-e, an MDF-e or an NFS-e is the reader's by construction, not a second
// copy of its rules. Whatever this pass does not shape exactly as the parser does gives nothing
// (mixed content, a processing instruction or DOCTYPE, an entity beyond XML's own, a tag it cannot
// read, anything not well formed), and inspect reads the file (test/unit/catalog/lean-tree.test.ts
// compares the two trees).
import type { Node } from '../../fiscal/readers/common.js';
import { isRepeatedUnder } from '../../fiscal/readers/repeated.js';

/** The element the parser keeps raw (readers/xml.ts stopNodes): its inner text, never walked into. */
const RAW = 'Signature';
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const ATTRIBUTE = /\s*([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));|&/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Names an object cannot hold as plain keys (the parser refuses or renames them). */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** An element being read. */
interface Open {
  name: string;
  /** Its attributes and children; undefined while it has none. */
  node: Node | undefined;
  /** Its text (decoded), or its CDATA (as written). */
  text: string;
  children: boolean;
  /** A comment was met inside it: text beside it is split in two by the parser. */
  comment: boolean;
}

class Unfollowed extends Error {}

/**
 * `{[root]: value}` as the parser gives it for `xml` (an element from its first character, then
 * nothing but blanks or comments), or undefined where this pass would not give the same.
 */
export function leanTree(xml: string): Node | undefined {
  try {
    // The parser's first step, as XML says: line ends become \n.
    return build(xml.includes('\r') ? xml.replace(/\r\n?/g, '\n') : xml);
  } catch (error) {
    if (error instanceof Unfollowed) return undefined;
    throw error;
  }
}

function build(xml: string): Node {
  const top = opened('', {});
  const stack: Open[] = [top];
  let at = 0;
  while (at < xml.length) {
    const current = stack[stack.length - 1]!;
    const lt = xml.indexOf('<', at);
    if (lt !== at) addText(current, xml.slice(at, lt === -1 ? xml.length : lt));
    if (lt === -1) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      at = special(xml, lt, current);
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt === -1 || next === 63 /* ? */) throw new Unfollowed();
    if (next === 47 /* / */) {
      const end = lt + 2 + current.name.length;
      if (
        stack.length === 1 ||
        !xml.startsWith(current.name, lt + 2) ||
        (end !== gt && xml.slice(end, gt).trim() !== '')
      )
        throw new Unfollowed();
      stack.pop();
      close(current, stack[stack.length - 1]!);
      at = gt + 1;
      continue;
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const tagEnd = selfClosing ? gt - 1 : gt;
    let nameEnd = lt + 1;
    while (nameEnd < tagEnd && NAME_CHAR[xml.charCodeAt(nameEnd)] === 1) nameEnd++;
    const name = xml.slice(lt + 1, nameEnd);
    // One root element.
    if (!NAME.test(name) || (stack.length === 1 && top.children)) throw new Unfollowed();
    const open = opened(name, nameEnd === tagEnd ? undefined : attributes(xml.slice(nameEnd, tagEnd)));
    current.children = true;
    at = gt + 1;
    if (selfClosing) close(open, current);
    else if (local(name) === RAW) {
      const end = xml.indexOf(`</${name}>`, at);
      if (end === -1) throw new Unfollowed();
      open.text = xml.slice(at, end);
      close(open, current);
      at = end + name.length + 3;
    } else stack.push(open);
  }
  if (stack.length !== 1 || !top.children) throw new Unfollowed();
  return top.node!;
}

/** Characters of element names (ASCII: letters, digits, `_`, `.`, `-`, `:`), looked up by code. */
const NAME_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-:') NAME_CHAR[c.charCodeAt(0)] = 1;

const opened = (name: string, node: Node | undefined): Open => ({
  name,
  node,
  text: '',
  children: false,
  comment: false,
});

const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/** A comment (skipped) or a CDATA section (the text of its element) at `lt`; where reading goes on. */
function special(xml: string, lt: number, current: Open): number {
  if (xml.startsWith('<!--', lt)) {
    const end = xml.indexOf('-->', lt + 4);
    if (end === -1 || current.text !== '') throw new Unfollowed();
    current.comment = true;
    return end + 3;
  }
  if (xml.startsWith('<![CDATA[', lt)) {
    const end = xml.indexOf(']]>', lt + 9);
    // CDATA alone in its element (blanks around it): the parser takes it as written.
    if (end === -1 || current.text !== '' || current.comment || current.name === '') throw new Unfollowed();
    current.text = xml.slice(lt + 9, end);
    return end + 3;
  }
  throw new Unfollowed();
}

/** The attributes of a tag (the text after its name), as the parser keeps them; undefined when none. */
function attributes(tag: string): Node | undefined {
  // After the name comes a blank, or the name had a character names do not have.
  if (tag.trimStart() === tag) throw new Unfollowed();
  let node: Node | undefined;
  let end = (ATTRIBUTE.lastIndex = 0);
  let m: RegExpExecArray | null;
  while ((m = ATTRIBUTE.exec(tag))) {
    end = ATTRIBUTE.lastIndex;
    const name = m[1]!;
    // The parser drops namespace declarations, and the prefixes of the others.
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const key = `@_${local(name)}`;
    node ??= {};
    if (key in node) throw new Unfollowed();
    node[key] = decode((m[2] ?? m[3]!).trim());
  }
  if (tag.slice(end).trim() !== '') throw new Unfollowed();
  return node;
}

function addText(open: Open, raw: string): void {
  const t = raw.trim();
  if (t === '') return;
  if (open.text !== '' || open.comment || open.name === '') throw new Unfollowed();
  open.text = decode(t);
}

/** Element `open` ended: its value (its text, or its node) goes to its parent. */
function close(open: Open, parent: Open): void {
  // Text beside child elements (mixed content): the parser's placing of it is not followed.
  if (open.text !== '' && open.children) throw new Unfollowed();
  const name = local(open.name);
  if (UNSAFE.has(name)) throw new Unfollowed();
  const value =
    open.node === undefined ? open.text : open.text === '' ? open.node : { '#text': open.text, ...open.node };
  const siblings = (parent.node ??= {});
  const before = Object.hasOwn(siblings, name) ? siblings[name] : undefined;
  if (before === undefined) siblings[name] = isRepeatedUnder(name, local(parent.name)) ? [value] : value;
  else if (Array.isArray(before)) before.push(value);
  else siblings[name] = [before, value];
}

/** XML's own entities and character references, as the parser decodes them; nothing else. */
function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_m, dec: string | undefined, hex: string | undefined, named: string | undefined) => {
    if (named) return NAMED[named]!;
    if (dec === undefined && hex === undefined) throw new Unfollowed();
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    // `&#38;` and `&#60;` may be decoded twice by the parser, an invalid one refused: left to it.
    if (code === 38 || code === 60 || code > 0x10ffff || code === 0) throw new Unfollowed();
    return String.fromCodePoint(code);
  });
}
