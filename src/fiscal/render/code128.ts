// CODE-128 in set C, the access key's barcode: two digits per symbol, so a table lookup and a
// checksum. bwip-js (which the QR codes still use) spent more per key than the rest of the DANFe's
// header, in the generality of its PostScript encoder; the DANFe tests decode these bars back to
// the key (zbarimg) and compare them with bwip-js's.

/** Bar and space widths (in modules) of the symbols 0 to 102, six digits each. */
const PATTERNS =
  '212222222122222221121223121322131222122213122312132212221213221312231212112232122132122231113222' +
  '123122123221223211221132221231213212223112312131311222321122321221312212322112322211212123212321' +
  '232121111323131123131321112313132113132311211313231113231311112133112331132131113123113321133121' +
  '313121211331231131213113213311213131311123311321331121312113312311332111314111221411431111111224' +
  '111422121124121421141122141221112214112412122114122411142112142211241211221114413111241112134111' +
  '111242121142121241114212124112124211411212421112421211212141214121412121111143111341131141114113' +
  '114311411113411311113141114131311141411131';
const START_C = '211232';
const STOP = '2331112';
/** Start C and stop as symbol values (PATTERNS stops at 102, the last check value). */
const START_C_VALUE = 105;
const STOP_VALUE = 106;

/** The symbols of `digits` (an even count of digits) as CODE-128C: start C, a value a pair, the check, stop. */
export function code128cSymbols(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error(`CODE-128C takes an even count of digits, got ${digits}`);
  const symbols = [START_C_VALUE];
  let sum = START_C_VALUE;
  for (let i = 0; i < digits.length; i += 2) {
    const value = (digits.charCodeAt(i) - 48) * 10 + digits.charCodeAt(i + 1) - 48;
    sum += value * (i / 2 + 1);
    symbols.push(value);
  }
  symbols.push(sum % 103, STOP_VALUE);
  return symbols;
}

/** Bar, space, bar... widths in modules of one symbol (six; seven for stop). */
export function symbolWidths(symbol: number): number[] {
  const pattern =
    symbol === STOP_VALUE ? STOP : symbol === START_C_VALUE ? START_C : PATTERNS.slice(symbol * 6, symbol * 6 + 6);
  return Array.from(pattern, Number);
}

/** Bar, space, bar... widths in modules of `digits` (an even count of digits) as CODE-128C. */
export function code128c(digits: string): number[] {
  return code128cSymbols(digits).flatMap(symbolWidths);
}
