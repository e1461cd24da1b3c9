// The PDF standard fonts, read once per process. pdfkit 0.20 parses a standard font's metrics
// (AFM: widths and some 2,800 kerning pairs) again for every document, which cost more than all
// the drawing of a DANFe; the metrics never change, so each new document gets a font object that
// shares the first one's. Text is also set without kerning: pdfkit looked up every pair of
// letters twice per string (to encode it, then to advance past it), a third of a DANFe's time,
// for differences of a fraction of a point in 6-9 pt capitals and digits. This leans on pdfkit's internals (`_font`, `_fontFamilies`,
// `_fontCount`), which is why pdfkit is pinned: the DANFe tests and the bench see a break.

/** The parts of pdfkit's StandardFont read here (not in its published types). */
interface StandardFont {
  name: string;
  id: string;
  ascender: number;
  ref(): unknown;
  font: {
    characterToGlyph(code: number): string;
    widthOfGlyph(glyph: string): number;
    encodeText(text: string): string[];
  };
  encode(text: string): [string[], Position[]];
  widthOfString(text: string, size: number): number;
}

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

interface FontState {
  _font: StandardFont;
  _fontFamilies: Record<string, StandardFont>;
  _fontCount: number;
}

const templates = new Map<string, StandardFont>();
const widths = new Map<string, Advances>();
/** Per font, the hex of each character's WinAnsi code, as a content stream shows it. */
const hexes = new Map<string, Map<number, string>>();

/** What a content stream needs of a font: its resource name on the page, and its ascender. */
export interface PageFont {
  name: string;
  id: string;
  ascender: number;
  ref(): unknown;
}

/** Makes `name` (a standard font) the document's font without parsing its metrics again. */
export function useFont(doc: PDFKit.PDFDocument, name: string): void {
  const state = doc as unknown as FontState;
  const template = templates.get(name);
  if (template && !state._fontFamilies[name]) {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as StandardFont, template, {
      document: doc,
      id: `F${++state._fontCount}`,
      dictionary: undefined,
      embedded: false,
    });
    state._fontFamilies[name] = copy;
  }
  doc.font(name);
  if (!template) templates.set(name, unkerned(name, state._font));
}

/** `name` (a standard font) registered in `doc`, for a content stream that names it itself. */
export function pageFont(doc: PDFKit.PDFDocument, name: string): PageFont {
  useFont(doc, name);
  const font = (doc as unknown as FontState)._fontFamilies[name]!;
  return { name, id: font.id, ascender: font.ascender, ref: () => font.ref() };
}

/** `font` with encode and widthOfString from cached advances, kerning left out. */
function unkerned(name: string, font: StandardFont): StandardFont {
  const codes = new Map<number, string>();
  hexes.set(name, codes);
  font.encode = (text) => {
    const encoded: string[] = [];
    const positions: Position[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let hex = codes.get(code);
      if (hex === undefined) codes.set(code, (hex = winAnsiHex(font, text[i]!)));
      const w = advance(name, font, code);
      encoded.push(hex);
      positions.push({ xAdvance: w, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: w });
    }
    return [encoded, positions];
  };
  font.widthOfString = (text, size) => widthOf(name, text, size);
  return font;
}

/** Per font, the advances of the characters met so far: an array for Latin-1, a map past it. */
interface Advances {
  latin: Float64Array;
  other: Map<number, number>;
}

function advancesOf(name: string): Advances {
  let table = widths.get(name);
  if (!table) widths.set(name, (table = { latin: new Float64Array(256).fill(-1), other: new Map() }));
  return table;
}

function advance(name: string, font: StandardFont, code: number, table = advancesOf(name)): number {
  if (code < 256) {
    const w = table.latin[code]!;
    return w >= 0 ? w : (table.latin[code] = glyphWidth(font, code));
  }
  let w = table.other.get(code);
  if (w === undefined) table.other.set(code, (w = glyphWidth(font, code)));
  return w;
}

const glyphWidth = (font: StandardFont, code: number) => font.font.widthOfGlyph(font.font.characterToGlyph(code));

/** The width of `value` in `name` at `size` points (glyph advances; kerning left out). */
export function widthOf(name: string, value: string, size: number): number {
  const template = templates.get(name);
  if (!template) throw new Error(`font ${name} measured before its first use`);
  const table = advancesOf(name);
  let units = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const w = code < 256 ? table.latin[code]! : -1;
    units += w >= 0 ? w : advance(name, template, code, table);
  }
  return (units * size) / 1000;
}

/**
 * Characters a literal string shows as they are: their WinAnsi code is their own (pdfkit's map
 * only moves characters past Latin-1) and they need no escape. Nearly every line of a DANFe.
 */
const PLAIN = /^[\x20-\x27\x2a-\x5b\x5d-\x7e\xa0-\xff]*$/;

/**
 * `value`'s WinAnsi codes in `name` as a literal string, `(...)`, the string a content stream's Tj
 * shows: one byte a character (a hex string takes two), `(`, `)` and `\` escaped.
 */
export function literalOf(name: string, value: string): string {
  if (PLAIN.test(value)) return `(${value})`;
  const template = templates.get(name);
  const codes = hexes.get(name);
  if (!template || !codes) throw new Error(`font ${name} encoded before its first use`);
  let out = '(';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    let hex = codes.get(code);
    if (hex === undefined) codes.set(code, (hex = winAnsiHex(template, value[i]!)));
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    out += char === '(' || char === ')' || char === '\\' ? `\\${char}` : char;
  }
  return `${out})`;
}

/**
 * Two hex digits always: pdfkit writes a control character's code with one digit (which shifts
 * every later character of the string) and a character WinAnsi lacks with three or four; those
 * become a space and a question mark.
 */
function winAnsiHex(font: StandardFont, char: string): string {
  const code = Number.parseInt(font.font.encodeText(char)[0]!, 16);
  return code < 0x20 ? '20' : code > 0xff ? '3f' : code.toString(16);
}
