// The PDF standard fonts' metrics (their widths by glyph, and the WinAnsi code of each character),
// read once per process from pdfkit's data of the fonts, as pdfkit's own AFMFont reads them
// (win-ansi.ts); fiscal writes the file itself (pdf-file.ts). pdfkit's document was opened for
// them before: loading pdfkit (some 240 kB of code, even without the modules fiscal never uses)
// was some 35 ms of CPU at each start of a drawing thread, for two tables of a few hundred
// numbers. Text is set without kerning: pdfkit looked up every pair of letters twice per string
// (to encode it, then to advance past it), a third of a DANFe's time, for differences of a
// fraction of a point in 6-9 pt capitals and digits. The data's modules are pdfkit's published
// exports (`pdfkit/standard-fonts/...`); pdfkit is pinned, and the DANFe tests compare these
// metrics with its own.
import { createRequire } from 'node:module';
import { codeAt } from './char-code.js';
import { WIN_ANSI_GLYPHS, WIN_ANSI_MAP } from './win-ansi.js';

/** pdfkit's data of a standard font (its `standard-fonts` modules), the fields read here. */
interface FontData {
  ascender: number;
  /** The glyphs' names, separated by spaces, in the order of glyphWidths. */
  glyphNames: string;
  glyphWidths: readonly number[];
}

/** A font's metrics: its ascender, and its advance (thousandths of the size) by glyph name. */
interface StandardFont {
  ascender: number;
  widths: Map<string, number>;
}

/** The module of pdfkit's data for each font fiscal draws with. */
const FONT_DATA: Readonly<Record<string, string>> = {
  'Times-Roman': 'pdfkit/standard-fonts/TimesRoman',
  'Times-Bold': 'pdfkit/standard-fonts/TimesBold',
};

const templates = new Map<string, StandardFont>();
/** Per font, the hex of each character's WinAnsi code, as a content stream shows it. */
const hexes = new Map<string, Map<number, string>>();

function loadFont(name: string): StandardFont {
  const module = FONT_DATA[name];
  if (!module) throw new Error(`${name} is not a font fiscal draws with`);
  const data = createRequire(import.meta.url)(module) as FontData;
  // As pdfkit's AFMFont: a name listed twice has the width of its last place.
  const names = data.glyphNames.split(' ');
  return { ascender: data.ascender, widths: new Map(names.map((glyph, i) => [glyph, data.glyphWidths[i]!])) };
}

/** `name` (a PDF standard font): its metrics read once per process, and its ascender. */
export function standardFont(name: string): { name: string; ascender: number } {
  return { name, ascender: templateOf(name).ascender };
}

function templateOf(name: string): StandardFont {
  let template = templates.get(name);
  if (!template) {
    templates.set(name, (template = loadFont(name)));
    hexes.set(name, new Map());
  }
  return template;
}

/** The WinAnsi code pdfkit gives a character (its own where WinAnsi does not move it). */
const winAnsiCode = (code: number): number => WIN_ANSI_MAP[code] || code;

/**
 * A font's advances (thousandths of the size) by character: every Latin-1 one in an array made
 * with the font, the others in a map as they are met. Text is measured some 400 times a DANFe:
 * the font's tables were looked up by its name in two maps each time, and a character's advance
 * filled in on its first use, which cost more than adding the advances up.
 */
export interface Advances {
  latin: Float64Array;
  other: Map<number, number>;
  font: StandardFont;
}

const advances = new Map<string, Advances>();

/** `name`'s advances, made on its first use (its metrics read then). */
export function advancesOf(name: string): Advances {
  let table = advances.get(name);
  if (!table) {
    const font = templateOf(name);
    const latin = Float64Array.from({ length: 256 }, (_, code) => glyphWidth(font, code));
    advances.set(name, (table = { latin, other: new Map(), font }));
  }
  return table;
}

/** As pdfkit's AFMFont: a code past the table, or a glyph the font lacks, advances by nothing. */
const glyphWidth = (font: StandardFont, code: number) =>
  font.widths.get(WIN_ANSI_GLYPHS[winAnsiCode(code)] ?? '.notdef') || 0;

/**
 * The width of `value` at `size` points in the font of `table` (glyph advances; kerning left out).
 *
 * `String(value)` tells the optimising compiler that it reads a string, whose length it then reads
 * in place whatever kind of string it is; its characters are read through codeAt (char-code.ts).
 */
export function widthIn(table: Advances, value: string, size: number): number {
  const text = String(value);
  const latin = table.latin;
  let units = 0;
  for (let i = 0; i < text.length; i++) {
    const code = codeAt(text, i);
    units += code < 256 ? latin[code]! : otherAdvance(table, code);
  }
  return (units * size) / 1000;
}

/** The advance of one character in the font of `table`, in thousandths of the size. */
export function advance(table: Advances, code: number): number {
  return code < 256 ? table.latin[code]! : otherAdvance(table, code);
}

function otherAdvance(table: Advances, code: number): number {
  let w = table.other.get(code);
  if (w === undefined) table.other.set(code, (w = glyphWidth(table.font, code)));
  return w;
}

/** The width of `value` in `name` at `size` points (glyph advances; kerning left out). */
export function widthOf(name: string, value: string, size: number): number {
  if (!templates.has(name)) throw new Error(`font ${name} measured before its first use`);
  return widthIn(advancesOf(name), value, size);
}

/**
 * Characters a literal string shows as they are: their WinAnsi code is their own (pdfkit's map
 * only moves characters past Latin-1) and they need no escape (0x20-0xff but `(`, `)`, `\` and
 * 0x7f-0x9f). Nearly every character of a DANFe (content.ts copies a line's literal with this
 * table, escaping `(`, `)` and `\` as it goes). Looked up a character at a time: a regular
 * expression's test of each of a DANFe's 300 lines cost more than the lines' loop.
 */
export const PLAIN = Uint8Array.from({ length: 256 }, (_, c) =>
  c >= 0x20 && c !== 0x28 && c !== 0x29 && c !== 0x5c && (c < 0x7f || c >= 0xa0) ? 1 : 0,
);

function plain(value: string): boolean {
  // A string to the compiler, whatever its kind inside V8 (see widthIn).
  const text = String(value);
  for (let i = 0; i < text.length; i++) {
    const code = codeAt(text, i);
    if (code > 0xff || PLAIN[code] === 0) return false;
  }
  return true;
}

/**
 * `value`'s WinAnsi codes in `name` as a literal string, `(...)`, the string a content stream's Tj
 * shows: one byte a character (a hex string takes two), `(`, `)` and `\` escaped.
 */
export function literalOf(name: string, value: string): string {
  if (plain(value)) return `(${value})`;
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
  if (hex === undefined) codes.set(code, (hex = winAnsiHex(code)));
  return hex;
}

/**
 * Two hex digits always: pdfkit writes a control character's code with one digit (which shifts
 * every later character of the string) and a character WinAnsi lacks with three or four; those
 * become a space and a question mark.
 */
function winAnsiHex(char: number): string {
  const code = winAnsiCode(char);
  return code < 0x20 ? '20' : code > 0xff ? '3f' : code.toString(16);
}
