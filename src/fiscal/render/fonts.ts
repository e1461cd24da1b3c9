// The PDF standard fonts, read once per process from one pdfkit document opened for them (AFM
// metrics: widths, and the WinAnsi codes of characters); fiscal writes the file itself
// (pdf-file.ts). Text is set without kerning: pdfkit looked up every pair of letters twice per
// string (to encode it, then to advance past it), a third of a DANFe's time, for differences of a
// fraction of a point in 6-9 pt capitals and digits. This leans on pdfkit's internals (`_font`,
// its font's `font`), which is why pdfkit is pinned: the DANFe tests and the bench see a break.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** The parts of pdfkit's StandardFont read here (not in its published types). */
interface StandardFont {
  ascender: number;
  font: {
    characterToGlyph(code: number): string;
    widthOfGlyph(glyph: string): number;
    encodeText(text: string): string[];
  };
}

const templates = new Map<string, StandardFont>();
const widths = new Map<string, Advances>();
/** Per font, the hex of each character's WinAnsi code, as a content stream shows it. */
const hexes = new Map<string, Map<number, string>>();

/**
 * What pdfkit loads at once and fiscal never uses, and why, by module. fontkit opens embedded fonts
 * (TrueType, OpenType): fiscal draws with the PDF standard fonts, AFM metrics of pdfkit's own, and
 * fontkit with its Unicode and compression tables was two thirds of pdfkit's load, some 150 ms of
 * CPU at each start of a render thread. linebreak (with its Unicode tables), png-js and the AES
 * ciphers were some 35 ms more of the 55 left (12 modules, 3 without them): pdfkit breaks lines
 * only for text given a width (fiscal wraps and places its own text, text-fit.ts and sheet.ts),
 * reads PNG only for images (fiscal has none) and encrypts only with a password. pdfkit's
 * CommonJS build (the same code as its ES module) then finds, in their place, modules that refuse
 * to be used.
 */
const UNUSED_BY_FISCAL: Record<string, string> = {
  fontkit: 'fiscal draws with the PDF standard fonts only: no font file is opened',
  linebreak: 'fiscal breaks its lines itself (text-fit.ts): pdfkit is never given text to wrap',
  'png-js': 'fiscal draws no image',
  '@noble/ciphers/aes': 'fiscal writes no encrypted PDF',
};

/** A module whose every use throws `reason`: nothing is read of it while pdfkit loads. */
function refusing(reason: string): unknown {
  const refuse = () => {
    throw new Error(reason);
  };
  return new Proxy(refuse, { get: refuse, apply: refuse, construct: refuse });
}

function loadPdfkit(): typeof import('pdfkit') {
  const require = createRequire(import.meta.url);
  const pdfkit = require.resolve('pdfkit');
  for (const [name, reason] of Object.entries(UNUSED_BY_FISCAL)) {
    const path = require.resolve(name, { paths: [dirname(pdfkit)] });
    require.cache[path] ??= { id: path, filename: path, loaded: true, exports: refusing(reason) } as NodeJS.Module;
  }
  return require(pdfkit) as typeof import('pdfkit');
}

/** The one pdfkit document of the process, opened for its fonts' metrics (no file is written). */
let metrics: PDFKit.PDFDocument | undefined;

/** `name` (a PDF standard font): its metrics read once per process, and its ascender. */
export function standardFont(name: string): { name: string; ascender: number } {
  let template = templates.get(name);
  if (!template) {
    const PDFDocument = loadPdfkit();
    // No Helvetica loaded for nothing, no page: only the fonts are asked of it.
    metrics ??= new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
    metrics.font(name);
    template = (metrics as unknown as { _font: StandardFont })._font;
    templates.set(name, template);
    hexes.set(name, new Map());
  }
  return { name, ascender: template.ascender };
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
  let out = '(';
  for (let i = 0; i < value.length; i++) {
    const char = String.fromCharCode(Number.parseInt(hexAt(name, value, i), 16));
    out += char === '(' || char === ')' || char === '\\' ? `\\${char}` : char;
  }
  return `${out})`;
}

/** `value`'s WinAnsi codes in `name` as the digits of a hex string, `<...>`'s inside (the stamps'). */
export function hexOf(name: string, value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) out += hexAt(name, value, i);
  return out;
}

/** The WinAnsi code of `value`'s character at `i` in `name`, in two hex digits. */
function hexAt(name: string, value: string, i: number): string {
  const template = templates.get(name);
  const codes = hexes.get(name);
  if (!template || !codes) throw new Error(`font ${name} encoded before its first use`);
  const code = value.charCodeAt(i);
  let hex = codes.get(code);
  if (hex === undefined) codes.set(code, (hex = winAnsiHex(template, value[i]!)));
  return hex;
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
