// The PDF content-stream operators of what a page draws from numbers alone: coordinates as
// written, colours, and the access key's CODE-128C barcode and the NFC-e's QR code as filled
// rectangles (no image to embed). sheet.ts writes them into its pages.
import bwipjs from 'bwip-js';
import { code128c } from './code128.js';

/**
 * A coordinate in a content stream: thousandths of a point are more than any printer sees. The
 * layouts put most things at the same places document after document, and a number written once
 * is looked up after (formatting a fraction costs more than a look-up); the memo is bounded.
 */
const written = new Map<number, string>();
export function num(n: number): string {
  let s = written.get(n);
  if (s === undefined) {
    s = String(Math.round(n * 1000) / 1000);
    if (written.size < 100_000) written.set(n, s);
  }
  return s;
}

/** `#rrggbb` as the operands of `rg`. */
export function rgb(color: string): string {
  const v = Number.parseInt(color.slice(1), 16);
  return [v >> 16, (v >> 8) & 0xff, v & 0xff].map((c) => num(c / 255)).join(' ');
}

interface QrBits {
  pixs: number[];
  pixx: number;
  pixy: number;
}

/** The operators of the CODE-128 barcode of `digits` (an even count of digits, set C throughout) in the box. */
export function barcodeOps(digits: string, x: number, y: number, w: number, h: number): string {
  const sbs = code128c(digits);
  const unit = w / sbs.reduce((a, b) => a + b, 0);
  const bars: string[] = [];
  let left = x;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) bars.push(`${num(left)} ${num(y)} ${num(width * unit)} ${num(h)} re`);
    left += width * unit;
  });
  return `${bars.join(' ')} f`;
}

/** The operators of a QR code of `value` (error correction M), `size` points square, its quiet zone included. */
export function qrCodeOps(value: string, x: number, y: number, size: number): string {
  const { pixs, pixx, pixy } = (bwipjs.raw('qrcode', value, 'eclevel=M') as QrBits[])[0]!;
  const unit = size / (pixx + 8);
  const left = x + 4 * unit;
  const top = y + 4 * unit;
  const runs: string[] = [];
  for (let row = 0; row < pixy; row++) {
    let run = -1;
    for (let col = 0; col <= pixx; col++) {
      const dark = col < pixx && pixs[row * pixx + col] === 1;
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        // A hair wider than the module, so no white seam shows between runs when rasterised.
        runs.push(
          `${num(left + run * unit)} ${num(top + row * unit)} ${num((col - run) * unit + 0.05)} ${num(unit + 0.05)} re`,
        );
        run = -1;
      }
    }
  }
  return `${runs.join(' ')} f`;
}
