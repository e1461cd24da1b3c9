// The FEBRABAN digitable line and barcode of a boleto: check digits, due-date factor, round trips.
import { describe, expect, it } from 'vitest';
import {
  barcodeOfLine,
  barcodeProblem,
  buildBarcode,
  compactLine,
  dateOfFactor,
  digitableLineProblem,
  dueFactor,
  formatLine,
  lineOfBarcode,
  mod10,
  mod11,
  readBarcode,
} from '../../../src/fiscal/boleto-line.js';

const PARTS = { bank: '237', dueDate: '2026-07-10', amountCents: 123_456, freeField: '1234091234567890112345670' };

describe('boleto check digits', () => {
  it('mod 10 of a line field: weights 2,1 from the right, products above 9 summed by digit', () => {
    expect(mod10('001900000')).toBe('9'); // Banco do Brasil's lines open with 00190.00009
    expect(mod10('0')).toBe('0');
    expect(mod10('5')).toBe('9'); // 5*2 = 10 -> 1, 10 - 1
  });

  it('mod 11 of the barcode: weights 2..9 from the right, 0, 10 and 11 become 1', () => {
    expect(mod11('0000000000000000000000000000000000000000000')).toBe('1');
    expect(mod11('1')).toBe('9'); // 1*2 = 2, 11 - 2
    expect(mod11('10000000')).toBe('2'); // the eighth from the right weighs 9: 11 - 9
  });
});

describe('due-date factor', () => {
  it('counts days from 07/10/1997 and wraps from 9999 to 1000 on 22/02/2025', () => {
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2026-07-10')).toBe(String(1000 + 503));
  });

  it('reads a factor back in the window of a nearby date', () => {
    expect(dateOfFactor('1000', new Date('2026-06-15'))).toBe('2025-02-22');
    expect(dateOfFactor('1000', new Date('2001-01-01'))).toBe('2000-07-03');
    expect(dateOfFactor('0000', new Date('2026-06-15'))).toBeUndefined();
  });
});

describe('barcode and digitable line', () => {
  it('builds a valid 44-digit barcode and its 47-digit line, and back', () => {
    const barcode = buildBarcode(PARTS);
    expect(barcode).toHaveLength(44);
    expect(barcodeProblem(barcode)).toBeUndefined();
    const line = lineOfBarcode(barcode);
    expect(line).toHaveLength(47);
    expect(digitableLineProblem(line)).toBeUndefined();
    expect(barcodeOfLine(line)).toBe(barcode);
    expect(readBarcode(barcode, new Date('2026-06-15'))).toEqual(PARTS);
    expect(line.slice(33)).toBe('15030000123456');
  });

  it('names what is wrong with a line', () => {
    const line = lineOfBarcode(buildBarcode(PARTS));
    const swap = (at: number) => `${line.slice(0, at)}${(Number(line[at]) + 1) % 10}${line.slice(at + 1)}`;
    expect(digitableLineProblem(swap(9))).toMatch(/^check digit of field 1 is \d, expected \d$/);
    expect(digitableLineProblem(swap(15))).toContain('field 2');
    expect(digitableLineProblem(swap(25))).toContain('field 3');
    expect(digitableLineProblem(swap(40))).toMatch(/^general check digit/);
    expect(digitableLineProblem(line.slice(1))).toBe('a digitable line has 47 digits, this one has 46');
    expect(digitableLineProblem(`${line.slice(0, 3)}8${line.slice(4)}`)).toContain('currency code');
    expect(digitableLineProblem('2379x')).toBe('a digitable line has digits only');
  });

  it("prints the line in the banks' groups, and reads it back as digits", () => {
    const line = lineOfBarcode(buildBarcode(PARTS));
    const printed = formatLine(line);
    expect(printed).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(compactLine(printed)).toBe(line);
  });

  it('refuses parts that do not fit', () => {
    expect(() => buildBarcode({ ...PARTS, bank: '23' })).toThrow('3 digits');
    expect(() => buildBarcode({ ...PARTS, amountCents: 10_000_000_000 })).toThrow('amount');
    expect(
      barcodeOfLine(lineOfBarcode(buildBarcode({ ...PARTS, dueDate: undefined as unknown as string }))).slice(5, 9),
    ).toBe('0000');
  });
});
