// Reading a few values out of fiscal XML with plain string searches, for the fact readers of a
// pull (nfe-facts.ts, cte-facts.ts): a pull reads 100k documents, and a full XML parse (or regexes
// that try a namespace prefix at every `<`) would cost more than downloading them.

export const PREFIXED = /<\/?[A-Za-z_][\w.-]*:(?=[A-Za-z_])/g;

// `name>` made once per name: a string built at each search was a fifth of what the catalog's
// lean pass allocated (and collected) per document.
const CLOSED = new Map<string, string>();
const closed = (name: string) => CLOSED.get(name) ?? CLOSED.set(name, `${name}>`).get(name)!;

// A tag is looked for by its name, then the `<` (or `</`) before it checked: a search for `<name`
// stops at every `<` of the text (one every dozen characters of fiscal XML) and compares there, a
// search for the name at each occurrence of its first letter, a few times rarer. Every `<name` of
// the text holds the name one character on, so the first found is the same.

/** Start of the element `<name>` or `<name ...>` at or after `from`, or -1. */
export function openTag(xml: string, name: string, from = 0, to = xml.length): number {
  for (let i = xml.indexOf(name, from + 1); i !== -1 && i <= to; i = xml.indexOf(name, i + 1)) {
    if (xml.charCodeAt(i - 1) !== 60 /* < */) continue;
    const c = xml.charCodeAt(i + name.length);
    if (c === 62 /* > */ || c === 32 || c === 9 || c === 10 || c === 13 || c === 47 /* / */) return i - 1;
  }
  return -1;
}

/** [start, end) of the first `<name>...</name>` within [from, to). */
export function block(xml: string, name: string, from = 0, to = xml.length): [number, number] | undefined {
  const start = openTag(xml, name, from, to);
  if (start === -1) return undefined;
  const end = closingTag(xml, name, start);
  return end === -1 || end > to ? undefined : [start, end];
}

/**
 * Start of the first `</name>` after the element `<name` opened at `start`, or -1. A leaf's is the
 * first `<` after its opening, found by a search for one character: a search for `</name>` stops
 * at every `<` on its way, and no `</name>` can come before the first `<`.
 */
export function closingTag(xml: string, name: string, start: number): number {
  const lt = xml.indexOf('<', start + 1);
  if (
    lt !== -1 &&
    xml.charCodeAt(lt + 1) === 47 /* / */ &&
    xml.startsWith(name, lt + 2) &&
    xml.charCodeAt(lt + 2 + name.length) === 62 /* > */
  )
    return lt;
  const tag = closed(name);
  for (let i = xml.indexOf(tag, start + 2); i !== -1; i = xml.indexOf(tag, i + 1))
    if (xml.charCodeAt(i - 1) === 47 && xml.charCodeAt(i - 2) === 60) return i - 2;
  return -1;
}

export function text(xml: string, name: string, from = 0, to = xml.length): string | undefined {
  const b = block(xml, name, from, to);
  if (!b) return undefined;
  const open = xml.indexOf('>', b[0]);
  return detached(xml.slice(open + 1, b[1]).trim());
}

/**
 * A copy that does not point into `xml`. A slice of a string keeps the whole string alive in V8,
 * and these values outlive the document (in the index of a 100k-document pull).
 */
function detached(s: string): string {
  return Buffer.from(s, 'latin1').toString('latin1');
}

export function taxIdIn(xml: string, name: string): string | undefined {
  const b = block(xml, name);
  if (!b) return undefined;
  return text(xml, 'CNPJ', b[0], b[1]) ?? text(xml, 'CPF', b[0], b[1]);
}

/** The CNPJ/CPF of every `<name>` element, in order (autXML and infContratante repeat). */
export function taxIdsIn(xml: string, name: string): string[] {
  const ids: string[] = [];
  for (let b = block(xml, name); b; b = block(xml, name, b[1])) {
    const id = text(xml, 'CNPJ', b[0], b[1]) ?? text(xml, 'CPF', b[0], b[1]);
    if (id) ids.push(id);
  }
  return ids;
}
