// The PDF content-stream operators of what a page draws from numbers alone: coordinates as
// written, colours, and the access key's CODE-128C barcode and the NFC-e's QR code as filled
// rectangles (no image to embed). sheet.ts writes them into its pages; the QR code is qr-code.ts's.
import { code128cSymbols, symbolWidths } from './code128.js';
import { pdfNumber } from './pdf-syntax.js';

/** `.001` to `.999` as a coordinate's decimals are written (no trailing zeros), and '' for none. */
export const DECIMALS = Array.from({ length: 1000 }, (_, i) =>
  i === 0 ? '' : `.${String(i).padStart(3, '0').replace(/0+$/, '')}`,
);

/**
 * A coordinate in a content stream, to a thousandth of a point (more than any printer sees): the
 * string String(Math.round(n * 1000) / 1000) gives, made of two integers, whose strings V8 keeps.
 * Printing the fraction cost more, and so did a memo of the numbers written (a Map keyed by
 * doubles: some 500 look-ups a DANFe, most of them of numbers met once).
 */
export function num(n: number): string {
  const thousandths = Math.round(n * 1000);
  const abs = Math.abs(thousandths);
  const whole = Math.floor(abs / 1000);
  const written = `${whole}${DECIMALS[abs - whole * 1000]!}`;
  return thousandths < 0 && written !== '0' ? `-${written}` : written;
}

/** `#rrggbb` as the operands of `rg`. */
export function rgb(color: string): string {
  return rgbOf(color)
    .map((c) => num(c))
    .join(' ');
}

/** `#rrggbb` as its three components, 0 to 1, unrounded. */
export function rgbOf(color: string): [number, number, number] {
  const v = Number.parseInt(color.slice(1), 16);
  return [(v >> 16) / 255, ((v >> 8) & 0xff) / 255, (v & 0xff) / 255];
}

/** Modules of a symbol (the stop has two more). */
const SYMBOL_MODULES = 11;

/**
 * The bars of a symbol at a place, as operators in modules (the barcode's box is its matrix), by
 * `place * 128 + value`: a key's 24 symbols of 103 values are soon all known, on any box.
 */
const barsOf = new Map<number, string>();

/**
 * The operators of the CODE-128 barcode of `digits` (an even count of digits, set C throughout) in
 * the box: the box scaled to one module wide and one high (`cm`), so that a bar is `131 0 2 1 re`
 * where it was `350.912 63 1.591 34 re`, half the bytes (a sixth of a DANFe's page), at the same
 * places to within a thousandth of a point.
 */
export function barcodeOps(digits: string, x: number, y: number, w: number, h: number): string {
  const symbols = code128cSymbols(digits);
  const modules = symbols.length * SYMBOL_MODULES + 2;
  let out = `q ${pdfNumber(w / modules)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm`;
  symbols.forEach((symbol, place) => {
    const key = place * 128 + symbol;
    let bars = barsOf.get(key);
    if (bars === undefined) {
      const drawn: string[] = [];
      let at = place * SYMBOL_MODULES;
      symbolWidths(symbol).forEach((width, i) => {
        if (i % 2 === 0) drawn.push(`${at} 0 ${width} 1 re`);
        at += width;
      });
      barsOf.set(key, (bars = drawn.join(' ')));
    }
    out += ` ${bars}`;
  });
  return `${out} f Q`;
}
