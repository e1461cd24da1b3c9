// The one parser of CNPJ/CPF and the one of dates and months every flag uses, and --month of
// `search nfe`.
import { describe, expect, it } from 'vitest';
import { monthDays, readDate, readMonth } from '../../../src/fiscal/dates.js';
import { readTaxId } from '../../../src/fiscal/tax-id.js';
import searchNfe from '../../../src/commands/search/nfe.js';
import { nfeSearchOf } from '../../../src/commands/shared/nfe-options.js';

const parseNfeSearchOptions = (raw: Record<string, unknown>) => nfeSearchOf(searchNfe.parse(raw, []).options);

describe('readTaxId (R8)', () => {
  it('reads digits and the masked forms into the digits the API takes', () => {
    expect(readTaxId('87.060.540/0001-49')).toEqual({ value: '87060540000149' });
    expect(readTaxId(' 87060540000149 ', 'cnpj')).toEqual({ value: '87060540000149' });
    expect(readTaxId('123.456.789-09')).toEqual({ value: '12345678909' });
  });

  it('refuses wrong check digits, other shapes and a CPF where a CNPJ is asked', () => {
    expect(readTaxId('87.060.540/0001-48')).toEqual({ problem: 'check digits are 48, expected 49' });
    expect(readTaxId('87 060 540')).toHaveProperty('problem', expect.stringMatching(/^expected a CNPJ or CPF/));
    expect(readTaxId('123.456.789-09', 'cnpj')).toHaveProperty('problem', expect.stringMatching(/14 digits/));
  });
});

describe('readDate and readMonth (R9)', () => {
  it('read ISO and dd/mm/yyyy dates, with a time, into the filter form', () => {
    expect(readDate('2026-05-31')).toEqual({ value: '2026-05-31' });
    expect(readDate('31/05/2026')).toEqual({ value: '2026-05-31' });
    expect(readDate('31/05/2026 08:30:00')).toEqual({ value: '2026-05-31 08:30:00' });
    expect(readDate('2026-05-31T08:30:00')).toEqual({ value: '2026-05-31 08:30:00' });
  });

  it('refuse dates that do not exist, other shapes, and a time where a day is asked', () => {
    expect(readDate('31/02/2026')).toEqual({ problem: 'no such date or time' });
    expect(readDate('05/31/2026')).toEqual({ problem: 'no such date or time' });
    expect(readDate('2026.05.31')).toHaveProperty(
      'problem',
      expect.stringMatching(/^expected YYYY-MM-DD or dd\/mm\/yyyy/),
    );
    expect(readDate('2026-05-31 08:30:00', false)).toHaveProperty('problem', expect.stringMatching(/^expected a date/));
  });

  it('read months as YYYY-MM or MM/YYYY; monthDays spans the whole month', () => {
    expect(readMonth('05/2026')).toEqual({ value: '2026-05' });
    expect(readMonth('2026-05')).toEqual({ value: '2026-05' });
    expect(readMonth('2026-13')).toHaveProperty('problem');
    expect(monthDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthDays('2028-02').to).toBe('2028-02-29');
    expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('search nfe --month', () => {
  it('is the emission window of that month', () => {
    const o = parseNfeSearchOptions({ month: '05/2026' });
    expect([o.from, o.to]).toEqual(['2026-05-01', '2026-05-31']);
    expect(o).not.toHaveProperty('month');
  });

  it('is refused together with --from or --to, naming --month', () => {
    expect(() => parseNfeSearchOptions({ month: '2026-05', from: '2026-05-02' })).toThrow(
      /--month: .*either --month or --from\/--to/,
    );
    expect(() => parseNfeSearchOptions({ month: '2026-05', to: '2026-05-02' })).toThrow(/--month/);
  });
});
