// The QR code of a DANFCe or a national DANFSe, as filled rectangles (no image to embed). Apart
// from the other shapes (pdf-ops.ts) because it needs bwip-js, which only those renderers load: a
// thread that draws DANFes does without it (some 40 ms of CPU at each start).
import bwipjs from 'bwip-js';
import { num } from './pdf-ops.js';
import type { Sheet } from './sheet.js';

interface QrBits {
  pixs: number[];
  pixx: number;
  pixy: number;
}

/** A QR code of `value` (error correction M) on the sheet, `size` points square, its quiet zone included. */
export function qrCode(s: Sheet, value: string, x: number, y: number, size: number): void {
  s.operators(qrCodeOps(value, x, y, size));
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
