// Text measured and fitted to a width in the PDF standard Times fonts (their metrics: fonts.ts),
// without a page: what a layout needs to know before it draws (a field cut with …, lines broken
// at spaces).
import { advancesOf, widthIn, type Advances } from './fonts.js';

export const FONT = { regular: 'Times-Roman', bold: 'Times-Bold' } as const;

/** The two fonts' advances, taken on the first measure (their metrics read then). */
let regular: Advances | undefined;
let boldFont: Advances | undefined;

/** The width `value` takes in that style. */
export function measure(value: string, size: number, bold = false): number {
  const font = bold ? (boldFont ??= advancesOf(FONT.bold)) : (regular ??= advancesOf(FONT.regular));
  return widthIn(font, value, size);
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
  for (const word of value.split(/\s+/)) {
    if (!word) continue;
    const w = measure(word, size, bold);
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
