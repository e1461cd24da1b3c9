// How a DANFe writes values: Brazilian number and date conventions, grouped keys, masked ids.

/** 44 digits in blocks of four, as printed on a DANFe. */
export function formatKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CNPJ `12.345.678/0001-95`, CPF `123.456.789-09`; anything else as written. */
export function formatTaxId(id: string): string {
  if (/^\d{14}$/.test(id)) return id.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  if (/^\d{11}$/.test(id)) return id.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return id;
}

/** `1234.5` -> `1.234,50`: at least two decimals, more only when they are not zeros. */
export function formatMoney(value: string): string {
  return formatNumber(value, 2);
}

/** Quantities: `10.0000` -> `10`, `2.5000` -> `2,5`. */
export function formatDecimal(value: string): string {
  return formatNumber(value, 0);
}

function formatNumber(value: string, minDecimals: number): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, fraction = ''] = m;
  let decimals = fraction.replace(/0+$/, '');
  if (decimals.length < minDecimals) decimals = decimals.padEnd(minDecimals, '0');
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** `2026-06-10T09:30:00-03:00` -> `10/06/2026 09:30:00` (the time as written, in its offset). */
export function formatDateTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

/** A document number as the manual prints it: nine digits in groups of three, `000.001.234`. */
export function formatDocNumber(value: string): string {
  return /^\d{1,9}$/.test(value) ? value.padStart(9, '0').replace(/(\d{3})(?=\d)/g, '$1.') : value;
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

/** Money, or undefined for an absent value (fields then stay empty rather than print 0,00). */
export function money(value: string | undefined): string | undefined {
  return value === undefined ? undefined : formatMoney(value);
}
