// How a DANFe writes values: Brazilian number and date conventions, grouped keys, masked ids.

// The values of a DANFe (some hundred: every money cell, key, id and number) are cut with slices
// where regular expressions with groups replaced them: a replace with `$1` goes through the
// engine's slow path, and these were a tenth of the drawing in a render thread's profile.

const DIGITS = /^\d+$/;

/** `value` in groups of `size` characters from its start, joined by `separator`. */
function grouped(value: string, size: number, separator: string): string {
  let out = value.slice(0, size);
  for (let i = size; i < value.length; i += size) out += separator + value.slice(i, i + size);
  return out;
}

/** 44 digits in blocks of four, as printed on a DANFe. */
export function formatKey(key: string): string {
  // Blocks of four digits only, each followed by a digit (as /(\d{4})(?=\d)/g placed the spaces).
  return DIGITS.test(key) ? grouped(key, 4, ' ') : key.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CNPJ `12.345.678/0001-95`, CPF `123.456.789-09`; anything else as written. */
export function formatTaxId(id: string): string {
  if ((id.length !== 14 && id.length !== 11) || !DIGITS.test(id)) return id;
  const a = id.slice(0, id.length === 14 ? 2 : 3);
  const b = id.slice(a.length, a.length + 3);
  const c = id.slice(a.length + 3, a.length + 6);
  return id.length === 14 ? `${a}.${b}.${c}/${id.slice(8, 12)}-${id.slice(12)}` : `${a}.${b}.${c}-${id.slice(9)}`;
}

/** `1234.5` -> `1.234,50`: at least two decimals, more only when they are not zeros. */
export function formatMoney(value: string): string {
  return formatNumber(value, 2);
}

/** Quantities: `10.0000` -> `10`, `2.5000` -> `2,5`. */
export function formatDecimal(value: string): string {
  return formatNumber(value, 0);
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

function formatNumber(value: string, minDecimals: number): string {
  const written = value.trim();
  if (!NUMBER.test(written)) return value;
  const sign = written[0] === '-' ? '-' : '';
  const point = written.indexOf('.');
  let whole = written.slice(sign.length, point < 0 ? written.length : point);
  let end = written.length;
  if (point >= 0) while (end > point + 1 && written.charCodeAt(end - 1) === 48 /* 0 */) end--;
  let decimals = point < 0 ? '' : written.slice(point + 1, end);
  if (decimals.length < minDecimals) decimals = decimals.padEnd(minDecimals, '0');
  let zeros = 0;
  while (zeros < whole.length - 1 && whole.charCodeAt(zeros) === 48) zeros++;
  whole = whole.slice(zeros);
  // Thousands from the right: the first group takes what is left over.
  const first = whole.length % 3 || 3;
  const thousands = whole.slice(0, first) + (whole.length > first ? `.${grouped(whole.slice(first), 3, '.')}` : '');
  return `${sign}${thousands}${decimals ? `,${decimals}` : ''}`;
}

/** `2026-06-10T09:30:00-03:00` -> `10/06/2026 09:30:00` (the time as written, in its offset). */
export function formatDateTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

/** A document number as the manual prints it: nine digits in groups of three, `000.001.234`. */
export function formatDocNumber(value: string): string {
  return value.length <= 9 && DIGITS.test(value) ? grouped(value.padStart(9, '0'), 3, '.') : value;
}

/** `2026-06-10T09:30:00-03:00` -> `10/06/2026`. */
export function formatDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** `2026-06-10T09:30:00-03:00` -> `09:30:00`, or undefined when the value has no time. */
export function formatTime(value: string | undefined): string | undefined {
  return value ? /T(\d{2}:\d{2}(?::\d{2})?)/.exec(value)?.[1] : undefined;
}

/** `01310100` -> `01310-100`. */
export function formatCep(value: string | undefined): string | undefined {
  return value && /^\d{8}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value;
}

/** A rate in percent as the XML writes it, with a decimal comma: `2.00` -> `2,00`; undefined stays so. */
export function rate(value: string | undefined): string | undefined {
  return value === undefined ? undefined : formatNumber(value, 2);
}

/**
 * `a` and `b` joined by `separator`, or whichever of them there is, or '': as
 * `[a, b].filter(Boolean).join(separator)`, with no array made (for code run once a note, which
 * stays in V8's baseline tier through a pull: docs/bench.md).
 */
export function joined(a: string | undefined, b: string | undefined, separator: string): string {
  return a && b ? `${a}${separator}${b}` : a || b || '';
}

/** Money, or undefined for an absent value (fields then stay empty rather than print 0,00). */
export function money(value: string | undefined): string | undefined {
  return value === undefined ? undefined : formatMoney(value);
}
