// How a DANFe writes its values, cut with slices: Brazilian grouping and decimals, masked ids, the
// key in blocks of four and the number in groups of three; anything not of that shape as written.
import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatDocNumber,
  formatKey,
  formatMoney,
  formatTaxId,
} from '../../../src/fiscal/render/format.js';

describe('formatMoney and formatDecimal', () => {
  it('group thousands with dots and write decimals after a comma, trailing zeros dropped', () => {
    expect(formatMoney('1234.5')).toBe('1.234,50');
    expect(formatMoney('1234567.891')).toBe('1.234.567,891');
    expect(formatMoney('-1000')).toBe('-1.000,00');
    expect(formatMoney('100')).toBe('100,00');
    expect(formatMoney('999999999999.10')).toBe('999.999.999.999,10');
    expect(formatDecimal('10.0000')).toBe('10');
    expect(formatDecimal('2.5000')).toBe('2,5');
    expect(formatDecimal('0.0001')).toBe('0,0001');
  });

  it('drop leading zeros but keep the last one, and read a value written with spaces around it', () => {
    expect(formatMoney('00012.3400')).toBe('12,34');
    expect(formatMoney('0.00')).toBe('0,00');
    expect(formatDecimal('0001')).toBe('1');
    expect(formatMoney(' 12.50 ')).toBe('12,50');
  });

  it('leave anything that is not a decimal number as written', () => {
    for (const v of ['abc', '1e5', '', '1.', '.5', '12,5', '--1', '1.2.3'])
      expect([formatMoney(v), formatDecimal(v)], v).toEqual([v, v]);
  });
});

describe('formatTaxId', () => {
  it('masks a CNPJ and a CPF', () => {
    expect(formatTaxId('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
  });

  it('leaves other lengths and non-digits as written', () => {
    for (const v of ['1234567800019', '123456789012345', '1234567890a', '123.456.789-09', ''])
      expect(formatTaxId(v), v).toBe(v);
  });
});

describe('formatKey and formatDocNumber', () => {
  it('write the key in blocks of four, the last one shorter when the length says so', () => {
    expect(formatKey('12345678901234567890123456789012345678901234')).toBe(
      '1234 5678 9012 3456 7890 1234 5678 9012 3456 7890 1234',
    );
    expect(formatKey('123456789')).toBe('1234 5678 9');
    expect(formatKey('1234')).toBe('1234');
    expect(formatKey('abcd12345678')).toBe('abcd1234 5678');
  });

  it('pad a number to nine digits in groups of three', () => {
    expect(formatDocNumber('1234')).toBe('000.001.234');
    expect(formatDocNumber('123456789')).toBe('123.456.789');
    for (const v of ['1234567890', '', 'a12']) expect(formatDocNumber(v), v).toBe(v);
  });
});
