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
import { isRepeated } from '../../fiscal/readers/xml.js';

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
  node: Node;
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
      if (stack.length === 1 || xml.slice(lt + 2, gt).trim() !== current.name) throw new Unfollowed();
      stack.pop();
      close(current, stack[stack.length - 1]!);
      at = gt + 1;
      continue;
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const tag = xml.slice(lt + 1, selfClosing ? gt - 1 : gt);
    const space = tag.search(/\s/);
    const name = space === -1 ? tag : tag.slice(0, space);
    // One root element.
    if (!NAME.test(name) || (stack.length === 1 && top.children)) throw new Unfollowed();
    const open = opened(name, space === -1 ? {} : attributes(tag, space));
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
  return top.node;
}

const opened = (name: string, node: Node): Open => ({ name, node, text: '', children: false, comment: false });

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

function attributes(tag: string, from: number): Node {
  const node: Node = {};
  let end = (ATTRIBUTE.lastIndex = from);
  let m: RegExpExecArray | null;
  while ((m = ATTRIBUTE.exec(tag))) {
    end = ATTRIBUTE.lastIndex;
    const name = m[1]!;
    // The parser drops namespace declarations, and the prefixes of the others.
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const key = `@_${local(name)}`;
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
  let value: unknown = open.node;
  if (!open.children && Object.keys(open.node).length === 0) value = open.text;
  else if (open.text !== '') value = { '#text': open.text, ...open.node };
  const siblings = parent.node;
  const before = Object.hasOwn(siblings, name) ? siblings[name] : undefined;
  if (before === undefined) siblings[name] = isRepeated(name, local(parent.name)) ? [value] : value;
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
