// Tax ids of the LATAM countries read (designed checks; each country's published algorithm):
// Mexico RFC, Chile RUT, Colombia NIT, Peru RUC. A problem is a sentence; undefined means valid.

const RFC_CHARS = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The RFC's last character ("dígito verificador") from its first 11 (company) or 12 (person) characters. */
export function rfcCheckDigit(head: string): string {
  const padded = head.padStart(12, ' ');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += RFC_CHARS.indexOf(padded[i]!) * (13 - i);
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'A' : String(rest);
}

/** SAT's generic RFCs for the general public and for foreigners carry no real check digit. */
const GENERIC_RFCS = new Set(['XAXX010101000', 'XEXX010101000']);

export function rfcProblem(rfc: string): string | undefined {
  if (GENERIC_RFCS.has(rfc)) return undefined;
  if (!/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(rfc))
    return `"${rfc}" is not an RFC (3 or 4 letters, yymmdd, 3 characters)`;
  const expected = rfcCheckDigit(rfc.slice(0, -1));
  return rfc.endsWith(expected) ? undefined : `RFC "${rfc}": check digit is ${rfc.slice(-1)}, expected ${expected}`;
}

/** The RUT's verifier (0-9 or K) of its body digits: mod 11 with weights 2..7 from the right. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** A RUT as DTEs write it: body digits, dash, verifier (`76086428-5`). */
export function rutProblem(rut: string): string | undefined {
  const m = /^(\d{1,8})-([\dK])$/.exec(rut);
  if (!m) return `"${rut}" is not a RUT (digits, dash, check digit: 76086428-5)`;
  const expected = rutCheckDigit(m[1]!);
  return m[2] === expected ? undefined : `RUT "${rut}": check digit is ${m[2]}, expected ${expected}`;
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** DIAN's verification digit of a NIT (weights from the rightmost digit). */
export function nitCheckDigit(nit: string): string {
  let sum = 0;
  for (let i = 0; i < nit.length; i++) sum += Number(nit[nit.length - 1 - i]) * NIT_WEIGHTS[i]!;
  const rest = sum % 11;
  return String(rest > 1 ? 11 - rest : rest);
}

/** A NIT (digits, without its verification digit) and, when the document gives it, that digit. */
export function nitProblem(nit: string, dv?: string): string | undefined {
  if (!/^\d{5,15}$/.test(nit)) return `"${nit}" is not a NIT (5 to 15 digits, without the verification digit)`;
  if (dv === undefined) return undefined;
  const expected = nitCheckDigit(nit);
  return dv === expected ? undefined : `NIT ${nit}: verification digit is ${dv}, expected ${expected}`;
}

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The RUC's 11th digit from its first 10. */
export function rucCheckDigit(first10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * RUC_WEIGHTS[i]!;
  const rest = 11 - (sum % 11);
  return String(rest % 10);
}

export function rucProblem(ruc: string): string | undefined {
  if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return `"${ruc}" is not a RUC (11 digits starting 10, 15, 16, 17 or 20)`;
  const expected = rucCheckDigit(ruc.slice(0, 10));
  return ruc.endsWith(expected) ? undefined : `RUC ${ruc}: check digit is ${ruc.slice(-1)}, expected ${expected}`;
}
