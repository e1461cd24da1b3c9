// The FEBRABAN bank slip (boleto de cobrança): the 44-digit barcode and the 47-digit digitable line
// (linha digitável) printed above it, with their check digits. Barcode: bank (3), currency 9 (1),
// general check digit (1, mod 11), due-date factor (4), amount in cents (10), free field (25, the
// bank's own). The line is the same digits in five fields: the first three with a mod-10 digit
// each, then the general check digit, then factor and amount.

const DAY = 86_400_000;
/** Day 0 of the due-date factor (07/10/1997); the factor wrapped from 9999 back to 1000 on 22/02/2025. */
const FACTOR_BASE = Date.UTC(1997, 9, 7);

interface BoletoParts {
  bank: string;
  /** `yyyy-mm-dd`; undefined prints factor 0000 (no due date). */
  dueDate?: string;
  amountCents: number;
  /** 25 digits, laid out by the bank. */
  freeField: string;
}

/** Check digit of a line field: weights 2,1,2,1... from the right, digits of products summed. */
export function mod10(digits: string): string {
  let sum = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w = 3 - w) {
    const p = Number(digits[i]) * w;
    sum += p > 9 ? p - 9 : p;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The general check digit: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): string {
  let sum = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1) sum += Number(digits[i]) * w;
  const dv = 11 - (sum % 11);
  return dv === 0 || dv >= 10 ? '1' : String(dv);
}

/** The due-date factor of a date (`yyyy-mm-dd`): days since 07/10/1997, wrapping 9999 -> 1000. */
export function dueFactor(date: string): string {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - FACTOR_BASE) / DAY);
  if (!Number.isFinite(days) || days < 1000) throw new RangeError(`no due-date factor for ${date}`);
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0');
}

/** The date of a factor, in the 9000-day window that holds `near` best (factors repeat every 9000 days). */
export function dateOfFactor(factor: string, near: Date): string | undefined {
  const f = Number(factor);
  if (f === 0) return undefined;
  const nearDays = Math.floor((near.getTime() - FACTOR_BASE) / DAY);
  const cycle = Math.round((nearDays - f) / 9000);
  return new Date(FACTOR_BASE + (f + Math.max(0, cycle) * 9000) * DAY).toISOString().slice(0, 10);
}

export function buildBarcode(parts: BoletoParts): string {
  if (!/^\d{3}$/.test(parts.bank)) throw new RangeError(`a bank code has 3 digits: "${parts.bank}"`);
  if (!/^\d{25}$/.test(parts.freeField)) throw new RangeError('the free field has 25 digits');
  if (!Number.isInteger(parts.amountCents) || parts.amountCents < 0 || parts.amountCents > 99_999_999_99) {
    throw new RangeError(`amount out of range: ${parts.amountCents}`);
  }
  const factor = parts.dueDate ? dueFactor(parts.dueDate) : '0000';
  const body = `${parts.bank}9${factor}${String(parts.amountCents).padStart(10, '0')}${parts.freeField}`;
  return `${body.slice(0, 4)}${mod11(body)}${body.slice(4)}`;
}

/** The 47-digit line of a barcode. */
export function lineOfBarcode(barcode: string): string {
  const free = barcode.slice(19);
  const f1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** The 44-digit barcode a line stands for (its check digits are not checked here). */
export function barcodeOfLine(line: string): string {
  const free = `${line.slice(4, 9)}${line.slice(10, 20)}${line.slice(21, 31)}`;
  return `${line.slice(0, 4)}${line[32]}${line.slice(33, 47)}${free}`;
}

/** Digits only: people copy the line as printed, `23790.12345 60000.000000 ...`. */
export function compactLine(text: string): string {
  return text.replace(/[\s.]/g, '');
}

/** Why `line` (digits only) is not a valid digitable line, or undefined. */
export function digitableLineProblem(line: string): string | undefined {
  if (!/^\d+$/.test(line)) return 'a digitable line has digits only';
  if (line.length !== 47) return `a digitable line has 47 digits, this one has ${line.length}`;
  if (line[3] !== '9') return `currency code is ${line[3]}, expected 9 (real)`;
  const fields: [string, string, string][] = [
    ['1', line.slice(0, 9), line[9]!],
    ['2', line.slice(10, 20), line[20]!],
    ['3', line.slice(21, 31), line[31]!],
  ];
  for (const [n, digits, dv] of fields) {
    const expected = mod10(digits);
    if (dv !== expected) return `check digit of field ${n} is ${dv}, expected ${expected}`;
  }
  return barcodeProblem(barcodeOfLine(line));
}

/** Why `barcode` is not a valid 44-digit boleto barcode, or undefined. */
export function barcodeProblem(barcode: string): string | undefined {
  if (!/^\d+$/.test(barcode)) return 'a barcode has digits only';
  if (barcode.length !== 44) return `a barcode has 44 digits, this one has ${barcode.length}`;
  const expected = mod11(`${barcode.slice(0, 4)}${barcode.slice(5)}`);
  if (barcode[4] !== expected) return `general check digit is ${barcode[4]}, expected ${expected}`;
  return undefined;
}

/** The parts of a valid barcode: due date in the window of `near`, amount in cents. */
export function readBarcode(barcode: string, near: Date): BoletoParts {
  const parts: BoletoParts = {
    bank: barcode.slice(0, 3),
    amountCents: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19),
  };
  const due = dateOfFactor(barcode.slice(5, 9), near);
  if (due) parts.dueDate = due;
  return parts;
}

/** `23791.23405 90001.234567 78765.432105 1 15030000123456`: the line as banks print it. */
export function formatLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}
