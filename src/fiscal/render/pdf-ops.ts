// The PDF content-stream operators of what a page draws from numbers alone: coordinates as
// written, colours, and the access key's CODE-128C barcode and the NFC-e's QR code as filled
// rectangles (no image to embed). sheet.ts writes them into its pages; the QR code is qr-code.ts's.
import { code128cSymbols, symbolWidths } from './code128.js';

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

/** Modules of a symbol (the stop has two more). */
const SYMBOL_MODULES = 11;

/**
 * Per barcode box (`x y w h`, and its count of symbols), the bars of a symbol at a place, as
 * operators, by `place * 128 + value`: a DANFe's key is drawn in the same box every time, and its
 * 24 symbols of 103 values are soon all known; formatting 67 bars' coordinates cost more.
 */
const barsByBox = new Map<string, Map<number, string>>();

/** The operators of the CODE-128 barcode of `digits` (an even count of digits, set C throughout) in the box. */
export function barcodeOps(digits: string, x: number, y: number, w: number, h: number): string {
  const symbols = code128cSymbols(digits);
  const modules = symbols.length * SYMBOL_MODULES + 2;
  const box = `${x} ${y} ${w} ${h} ${symbols.length}`;
  let known = barsByBox.get(box);
  if (!known) barsByBox.set(box, (known = new Map()));
  const unit = w / modules;
  let out = '';
  symbols.forEach((symbol, place) => {
    const key = place * 128 + symbol;
    let bars = known.get(key);
    if (bars === undefined) {
      const drawn: string[] = [];
      let at = place * SYMBOL_MODULES;
      symbolWidths(symbol).forEach((width, i) => {
        if (i % 2 === 0) drawn.push(`${num(x + at * unit)} ${num(y)} ${num(width * unit)} ${num(h)} re`);
        at += width;
      });
      known.set(key, (bars = drawn.join(' ')));
    }
    out += `${bars} `;
  });
  return `${out}f`;
}
