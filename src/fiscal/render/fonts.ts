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
const widths = new Map<string, Map<number, number>>();

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

/** `font` with encode and widthOfString from cached advances, kerning left out. */
function unkerned(name: string, font: StandardFont): StandardFont {
  const codes = new Map<number, string>();
  font.encode = (text) => {
    const encoded: string[] = [];
    const positions: Position[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let hex = codes.get(code);
      if (hex === undefined) codes.set(code, (hex = font.font.encodeText(text[i]!)[0]!));
      const w = advance(name, font, code);
      encoded.push(hex);
      positions.push({ xAdvance: w, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: w });
    }
    return [encoded, positions];
  };
  font.widthOfString = (text, size) => widthOf(name, text, size);
  return font;
}

function advance(name: string, font: StandardFont, code: number): number {
  let table = widths.get(name);
  if (!table) widths.set(name, (table = new Map()));
  let w = table.get(code);
  if (w === undefined) table.set(code, (w = font.font.widthOfGlyph(font.font.characterToGlyph(code))));
  return w;
}

/** The width of `value` in `name` at `size` points (glyph advances; kerning left out). */
export function widthOf(name: string, value: string, size: number): number {
  const template = templates.get(name);
  if (!template) throw new Error(`font ${name} measured before its first use`);
  let units = 0;
  for (let i = 0; i < value.length; i++) units += advance(name, template, value.charCodeAt(i));
  return (units * size) / 1000;
}
