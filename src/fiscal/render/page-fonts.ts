// The two fonts a sheet's pages name (sheet.ts): Times regular and bold as the page's resources
// F1 and F2, with their metrics' name and ascender, and the `Tf` operands of each size drawn in
// them, made once per process.
import { standardFont } from './fonts.js';
import type { FontId } from './pdf-syntax.js';
import { num } from './pdf-ops.js';
import { FONT } from './text-fit.js';

/**
 * `/F1 7`, the operands of `Tf`, by font and size: the same string each time, which the content
 * stream compares with the font set last (a string built per line was built, then compared, some
 * 300 times a DANFe). Each font's table is its page font's, by the size in quarter points (every
 * size drawn is one): an index, where a Map keyed by the size hashed a double for each of a
 * DANFe's 150 lines (1.5% of its drawing thread); any other size in a Map.
 */
export function fontOperands(font: PageFont, size: number): string {
  const quarters = size * 4;
  if (quarters === (quarters | 0) && quarters >= 0 && quarters < 256) {
    const found = font.byQuarter[quarters];
    if (found !== undefined) return found;
    return (font.byQuarter[quarters] = `/${font.id} ${num(size)}`);
  }
  let found = font.operands.get(size);
  if (found === undefined) font.operands.set(size, (found = `/${font.id} ${num(size)}`));
  return found;
}

/** A font as a page names it (its resource), with its metrics' name and ascender. */
export interface PageFont {
  id: FontId;
  name: string;
  ascender: number;
  /** Its `Tf` operands by size in quarter points (fontOperands). */
  byQuarter: (string | undefined)[];
  /** Its `Tf` operands by any other size. */
  operands: Map<number, string>;
}

/**
 * The sheets' two fonts, made once per process on the first sheet (their metrics read then): the
 * same objects for every page, one shape for V8.
 */
let fonts: { regular: PageFont; bold: PageFont } | undefined;
export function pageFonts(): { regular: PageFont; bold: PageFont } {
  return (fonts ??= { regular: pageFont('F1', FONT.regular), bold: pageFont('F2', FONT.bold) });
}

function pageFont(id: FontId, name: string): PageFont {
  const { ascender } = standardFont(name);
  return { id, name, ascender, byQuarter: new Array<string | undefined>(256).fill(undefined), operands: new Map() };
}
