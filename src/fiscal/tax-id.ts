// CNPJ and CPF (R8): digits only, with their check digits. What people type (12.345.678/0001-95,
// 123.456.789-09) is read by readTaxId into the digits the API takes.

function mod11Digit(digits: string, weights: number[]): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i]!;
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CNPJ given its first 12 digits. */
export function cnpjCheckDigits(first12: string): string {
  const d1 = mod11Digit(first12, CNPJ_W1);
  return d1 + mod11Digit(first12 + d1, CNPJ_W2);
}

/** The two check digits of a CPF given its first 9 digits. */
export function cpfCheckDigits(first9: string): string {
  const d1 = mod11Digit(first9, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 + mod11Digit(first9 + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

export function cnpjProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'a CNPJ has digits only (no dots, slashes or dashes)';
  if (value.length !== 14) return `a CNPJ has 14 digits, this one has ${value.length}`;
  if (/^(\d)\1{13}$/.test(value)) return 'a CNPJ cannot repeat one digit';
  const expected = cnpjCheckDigits(value.slice(0, 12));
  if (value.slice(12) !== expected) return `check digits are ${value.slice(12)}, expected ${expected}`;
  return undefined;
}

export function cpfProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'a CPF has digits only (no dots or dashes)';
  if (value.length !== 11) return `a CPF has 11 digits, this one has ${value.length}`;
  if (/^(\d)\1{10}$/.test(value)) return 'a CPF cannot repeat one digit';
  const expected = cpfCheckDigits(value.slice(0, 9));
  if (value.slice(9) !== expected) return `check digits are ${value.slice(9)}, expected ${expected}`;
  return undefined;
}

/** A CNPJ (14 digits) or a CPF (11 digits). */
export function taxIdProblem(value: string): string | undefined {
  if (/^\d{11}$/.test(value)) return cpfProblem(value);
  if (/^\d{14}$/.test(value)) return cnpjProblem(value);
  if (!/^\d+$/.test(value)) return 'a CNPJ/CPF has digits only (no dots, slashes or dashes)';
  return `a CNPJ has 14 digits and a CPF 11, this one has ${value.length}`;
}

/** A CNPJ (14 digits), a CPF (11) or either. */
type TaxIdKind = 'cnpj' | 'cpf' | 'either';

const KIND_PROBLEM: Record<TaxIdKind, (digits: string) => string | undefined> = {
  cnpj: cnpjProblem,
  cpf: cpfProblem,
  either: taxIdProblem,
};
const KIND_FORM: Record<TaxIdKind, string> = {
  cnpj: 'a CNPJ: 14 digits, or masked as 12.345.678/0001-95',
  cpf: 'a CPF: 11 digits, or masked as 123.456.789-09',
  either: 'a CNPJ or CPF: digits, or masked as 12.345.678/0001-95 or 123.456.789-09',
};

/**
 * A CNPJ/CPF as people write it: digits, or with the usual dots, slash and dash. Gives the digits
 * the API takes (R8), or why the value is not one (check digits included).
 */
export function readTaxId(raw: string, kind: TaxIdKind = 'either'): { value: string } | { problem: string } {
  const text = raw.trim();
  if (!/^\d[\d./-]*\d$/.test(text)) return { problem: `expected ${KIND_FORM[kind]}` };
  const digits = text.replace(/[./-]/g, '');
  const problem = KIND_PROBLEM[kind](digits);
  return problem ? { problem } : { value: digits };
}

/** A CNPJ or CPF with its mask (12.345.678/0001-95, 123.456.789-09), as printed for people; other text as is. */
export function maskTaxId(digits: string): string {
  if (/^\d{14}$/.test(digits)) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  if (/^\d{11}$/.test(digits)) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return digits;
}
