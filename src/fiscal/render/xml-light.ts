// A small XML parser for the renderers, giving the tree the readers' parser gives (local names,
// `@_` attributes, `#text` beside attributes, text kept as written and trimmed, the readers'
// repeated elements always arrays, signatures skipped) about twenty times faster: fast-xml-parser
// took 20 ms of the 25 a real 32 KB NF-e cost to draw, and a DANFe must cost 5. It checks that
// tags nest and close; anything it does not read (a DTD, a stray `<`, an unknown shape) makes it
// return undefined, and the caller reads the file with the readers' strict parser instead, which
// says precisely what is wrong.
import type { Node } from '../readers/common.js';
import { isRepeated } from '../readers/xml.js';

const TOKEN =
  /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|</g;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

interface Frame {
  name: string;
  node: Node;
  text: string;
  children: boolean;
  attributes: boolean;
}

/**
 * isRepeated by parent, then name: a DANFe's XML has some 400 elements of a few dozen names, and
 * two look-ups cost less than the readers' test (a string built and a regular expression) each.
 */
const repeated = new Map<string, Map<string, boolean>>();
function isRepeatedUnder(name: string, parent: string): boolean {
  let names = repeated.get(parent);
  if (!names) repeated.set(parent, (names = new Map()));
  let answer = names.get(name);
  if (answer === undefined) names.set(name, (answer = isRepeated(name, parent)));
  return answer;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

function decode(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(ENTITY, (whole, e: string) => {
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
    node[`@_${local(name)}`] = decode(m[2] ?? m[3] ?? '');
    any = true;
  }
  return any;
}

function add(parent: Frame, name: string, value: unknown): void {
  parent.children = true;
  const existing = parent.node[name];
  if (existing === undefined) parent.node[name] = isRepeatedUnder(name, parent.name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent.node[name] = [existing, value];
}

function close(frame: Frame): unknown {
  const text = frame.text.trim();
  if (!frame.attributes && !frame.children) return text;
  if (text) frame.node['#text'] = text;
  return frame.node;
}

/** The tree of `xml` and its root element's name, or undefined when this parser cannot vouch for it. */
export function parseLight(xml: string): { root: string; tree: Node } | undefined {
  const top: Frame = { name: '', node: {}, text: '', children: false, attributes: false };
  const stack: Frame[] = [top];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    const between = xml.slice(last, m.index);
    const frame = stack[stack.length - 1]!;
    if (between.trim()) {
      if (stack.length === 1) return undefined;
      frame.text += decode(between);
    }
    last = TOKEN.lastIndex;
    const [whole, closing, rawName, rawAttributes, selfClosing, cdata] = m;
    if (cdata !== undefined) {
      if (stack.length === 1) return undefined;
      frame.text += cdata;
      continue;
    }
    if (rawName === undefined) {
      if (whole === '<') return undefined;
      continue;
    }
    const name = local(rawName);
    if (closing) {
      if (frame.name !== name || stack.length === 1 || rawAttributes) return undefined;
      stack.pop();
      add(stack[stack.length - 1]!, name, close(frame));
      continue;
    }
    if (stack.length === 1 && top.children) return undefined;
    const node: Node = {};
    const hasAttributes = attributes(rawAttributes ?? '', node);
    if (selfClosing) {
      add(frame, name, hasAttributes ? node : '');
      continue;
    }
    if (name === 'Signature') {
      // Never read; skipped whole as the readers' parser does (a stop node).
      const end = new RegExp(`</(?:[\\w.-]+:)?Signature\\s*>`, 'g');
      end.lastIndex = last;
      if (!end.exec(xml)) return undefined;
      last = TOKEN.lastIndex = end.lastIndex;
      add(frame, name, '');
      continue;
    }
    stack.push({ name, node, text: '', children: false, attributes: hasAttributes });
  }
  if (stack.length !== 1 || xml.slice(last).trim()) return undefined;
  const root = Object.keys(top.node)[0];
  return root === undefined ? undefined : { root, tree: top.node };
}
