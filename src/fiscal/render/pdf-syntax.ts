// How a PDF file writes what fiscal's files hold (pdf-file.ts): numbers, strings, the creation
// date, the objects every file has the same (their numbers as pdfkit gave them, the fonts',
// catalog's and names' dictionaries), the cross-reference table, and the file's pieces put
// together in one buffer.
import { FONT } from './text-fit.js';

/** A number as a PDF object writes it: to a millionth, as JavaScript prints it. */
export function pdfNumber(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/** The objects every file has, by the numbers pdfkit gave them (its constructor makes them first). */
export const PAGES = 1;
export const NAMES = 2;
export const CATALOG = 3;
/** pdfkit's outline: an empty dictionary nothing refers to, kept so that the bytes stay the same. */
export const OUTLINE = 4;

/** The document's fonts, by the name a content stream gives them: the sheet's regular and bold. */
const FONT_NAMES = { F1: FONT.regular, F2: FONT.bold } as const;
export type FontId = keyof typeof FONT_NAMES;

/**
 * The objects every file writes the same, made once: end() runs once a file, in V8's baseline tier
 * through a pull (docs/bench.md), where each template, `Object.entries` and destructuring loop of
 * its own cost some microseconds a file.
 */
const fontObject = (name: string) =>
  `<<\n/Type /Font\n/BaseFont /${name}\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>`;
export const FONT_OBJECTS = { F1: fontObject(FONT_NAMES.F1), F2: fontObject(FONT_NAMES.F2) } as const;
export const CATALOG_OBJECT = `<<\n/Type /Catalog\n/Pages ${PAGES} 0 R\n/Names ${NAMES} 0 R\n>>`;
export const NAMES_OBJECT = '<<\n/Dests <<\n  /Names [\n]\n>>\n>>';
/** The information dictionary's keys, in pdfkit's order; a file's values are in the same order. */
export const INFO_KEYS = ['Producer', 'Creator', 'CreationDate', 'Title'] as const;

/**
 * pdfkit dates a file (and derives its /ID) from now by default: a re-run would then rewrite every
 * PDF with other bytes. The document's own emission date, or a fixed one, keeps them identical.
 */
export function creationDate(created: string | undefined): Date {
  const date = created ? new Date(created) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : new Date(Date.UTC(2000, 0, 1));
}

/**
 * `n` in at least `length` digits, zeros before it: as String(n).padStart(length, '0'), whose
 * builtin took 3% of a DANFe for the cross-reference table's 17 offsets and the date.
 */
function pad(n: number, length: number): string {
  const digits = String(n);
  return digits.length >= length ? digits : ZEROS.slice(0, length - digits.length) + digits;
}
const ZEROS = '0000000000';

/** A date as the information dictionary writes it: `D:YYYYMMDDHHmmSSZ`, in UTC. */
export function dateStamp(date: Date): string {
  return (
    `D:${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}` +
    `${pad(date.getUTCHours(), 2)}${pad(date.getUTCMinutes(), 2)}${pad(date.getUTCSeconds(), 2)}Z`
  );
}

/** A PDF string object: Latin-1 as it is (past ASCII, UTF-16BE with its mark), escaped. */
export function pdfString(value: string): string {
  let bytes = value;
  if (/[^\x00-\x7f]/.test(value)) {
    bytes = '\xfe\xff';
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      bytes += String.fromCharCode(code >> 8, code & 0xff);
    }
  }
  // Replaced only where there is something to escape (a title is a key's digits): a replace with a
  // function goes through the engine's slow path even when it finds nothing.
  return `(${TO_ESCAPE.test(bytes) ? bytes.replace(TO_ESCAPE_ALL, (c) => ESCAPED[c]!) : bytes})`;
}
const TO_ESCAPE = /[\n\r\t\b\f()\\]/;
const TO_ESCAPE_ALL = new RegExp(TO_ESCAPE.source, 'g');
const ESCAPED: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\\': '\\\\',
  '(': '\\(',
  ')': '\\)',
};

// The file's loops, out of PdfFile.end: a function run once a file with loops in it was compiled
// by V8's optimising compiler late in a pull (some 14 ms, two thousand files in, for little
// left to run); these small ones are compiled early and cheaply, and end stays in the baseline tier.

/** The cross-reference table of objects at `offsets`. */
export function xrefTable(offsets: readonly number[]): string {
  let table = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${pad(offset, 10)} 00000 n \n`;
  return table;
}

/** The file's pieces (strings of one byte a character, and bytes), `size` bytes, in one buffer of its own. */
export function assemble(pieces: ReadonlyArray<string | Uint8Array>, size: number): Buffer {
  const file = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') at += file.write(piece, at, 'latin1');
    else {
      file.set(piece, at);
      at += piece.length;
    }
  }
  if (at !== file.length) throw new Error('the PDF came out of another size than counted');
  return file;
}
