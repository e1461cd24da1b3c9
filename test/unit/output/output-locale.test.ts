// Money and dates per locale (src/output/locale.ts): en leaves every value as it was; pt-BR
// writes them as Brazilians read them, grouped in tables and plain in CSV.
import { describe, expect, it } from 'vitest';
import {
  csvDialect,
  formatCount,
  formatMoney,
  formatMonth,
  formatPercent,
  localizeCell,
} from '../../../src/output/locale.js';

describe('locale', () => {
  it('en (and no locale) changes nothing', () => {
    for (const v of ['1234.56', '2026-06-15', '2026-06-15T10:00:00-03:00', 12.5, 3, 'text', null, undefined]) {
      expect(localizeCell(v, 'en', 'table')).toBe(v);
      expect(localizeCell(v, undefined, 'csv')).toBe(v);
    }
    expect(csvDialect('en')).toEqual({ separator: ',', bom: false });
  });

  it('pt-BR: decimals with a comma, grouped in tables only; dates dd/mm/yyyy', () => {
    expect(localizeCell('1234567.89', 'pt-BR', 'table')).toBe('1.234.567,89');
    expect(localizeCell('1234567.89', 'pt-BR', 'csv')).toBe('1234567,89');
    expect(localizeCell('-0.50', 'pt-BR', 'csv')).toBe('-0,50');
    expect(localizeCell(0.1234, 'pt-BR', 'csv')).toBe('0,1234');
    expect(localizeCell('2026-06-15', 'pt-BR', 'csv')).toBe('15/06/2026');
    expect(localizeCell('2026-06-15T10:05:09-03:00', 'pt-BR', 'table')).toBe('15/06/2026 10:05:09');
    expect(localizeCell('2026-06-15 10:05', 'pt-BR', 'table')).toBe('15/06/2026 10:05');
    expect(csvDialect('pt-BR')).toEqual({ separator: ';', bom: true });
  });

  it('pt-BR leaves identifiers, whole numbers and text alone', () => {
    for (const v of [
      '35260112345678000195550010000012341000012343',
      '12345678000195',
      '1234',
      42,
      'Av. Paulista, 1.000',
      '4.00',
    ]) {
      expect(localizeCell(v, 'pt-BR', 'table', 'text')).toBe(v);
    }
    expect(localizeCell('35260112345678000195550010000012341000012343', 'pt-BR', 'csv')).toBe(
      '35260112345678000195550010000012341000012343',
    );
    expect(localizeCell(42, 'pt-BR', 'csv')).toBe(42);
  });

  it('columns that say what they hold: money, counts, months', () => {
    expect(localizeCell('1234', 'pt-BR', 'table', 'money')).toBe('1.234,00');
    expect(localizeCell(12345, 'pt-BR', 'table', 'count')).toBe('12.345');
    expect(localizeCell(12345, 'pt-BR', 'csv', 'count')).toBe(12345);
    expect(localizeCell('2026-06', 'pt-BR', 'csv', 'month')).toBe('06/2026');
    expect(formatMoney(1234567.8, 'en', true)).toBe('1,234,567.80');
    expect(formatMoney(1234567.8, 'pt-BR', true)).toBe('1.234.567,80');
    expect(formatMoney(-5, 'pt-BR', false)).toBe('-5,00');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatPercent(0.1234, 'pt-BR')).toBe('12,3%');
    expect(formatMonth('2026-06', 'en')).toBe('2026-06');
  });
});
