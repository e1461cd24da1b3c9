// Text measured and fitted to a width in the PDF standard Times fonts (their metrics: fonts.ts),
// without a page: what a layout needs to know before it draws (a field cut with …, lines broken
// at spaces).
import { codeAt } from './char-code.js';
import { advance, advancesOf, widthIn, type Advances } from './fonts.js';

export const FONT = { regular: 'Times-Roman', bold: 'Times-Bold' } as const;

/** The two fonts' advances, taken on the first measure (their metrics read then). */
let regular: Advances | undefined;
let boldFont: Advances | undefined;

const fontOf = (bold: boolean): Advances =>
  bold ? (boldFont ??= advancesOf(FONT.bold)) : (regular ??= advancesOf(FONT.regular));

/** The width `value` takes in that style. */
export function measure(value: string, size: number, bold = false): number {
  return widthIn(fontOf(bold), value, size);
}

/** The characters past Latin-1 that `\s` matches, as a regular expression reads it. */
const WIDE_SPACES = new Set([
  0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000, 0xfeff,
]);

/** Whether `code` is a character `\s` matches: what separates words. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || (code > 0xff && WIDE_SPACES.has(code));
}

/** `value` cut (with …) to fit `width`. */
export function fit(value: string, width: number, size: number, bold = false): string {
  if (measure(value, size, bold) <= width) return value;
  let lo = 0;
  let hi = value.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(`${value.slice(0, mid)}…`, size, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${value.slice(0, lo).trimEnd()}…`;
}

/** Lines of `value` broken at spaces to fit `width`; at most `max` (the last one cut). */
export function wrap(value: string, width: number, size: number, max = Infinity, bold = false): string[] {
  const lines: string[] = [];
  /** Whether each line is wider than `width` (a word longer than the line): only those are cut. */
  const over: boolean[] = [];
  let line = '';
  // Widths added word by word: measuring the whole line again at each word was quadratic.
  let used = 0;
  const space = measure(' ', size, bold);
  // The words found and measured in one pass over the string, as split(/\s+/) found them (a
  // string typed as one for the compiler: fonts.ts, widthIn).
  const text = String(value);
  const font = fontOf(bold);
  for (let i = 0; i < text.length;) {
    while (i < text.length && isSpace(codeAt(text, i))) i++;
    if (i === text.length) break;
    const start = i;
    let units = 0;
    for (let code; i < text.length && !isSpace((code = codeAt(text, i))); i++) units += advance(font, code);
    const word = text.slice(start, i);
    const w = (units * size) / 1000;
    if (line && used + space + w > width) {
      lines.push(line);
      over.push(used > width);
      line = word;
      used = w;
    } else {
      used = line ? used + space + w : w;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) {
    lines.push(line);
    over.push(used > width);
  }
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = fit(`${kept[max - 1]} ${lines.slice(max).join(' ')}`, width - 1, size, bold);
    return kept;
  }
  // A line's width is known from its words: measured again only where it must be cut.
  for (let i = 0; i < lines.length; i++) if (over[i]) lines[i] = fit(lines[i]!, width, size, bold);
  return lines;
}
