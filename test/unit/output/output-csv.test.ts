import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvRow } from '../../../src/output/csv.js';
import { createRecordWriter, type Column } from '../../../src/output/writer.js';
import { createTestContext } from '../../helpers/context.js';

interface City {
  name: string;
  uf: string;
  population?: number | null;
  note?: string;
}

const COLUMNS: Column<City>[] = [
  { header: 'name', get: (r) => r.name },
  { header: 'uf', get: (r) => r.uf },
  { header: 'population', get: (r) => r.population },
  { header: 'note', get: (r) => r.note },
];

function csv(records: City[]): string {
  const t = createTestContext({ globals: { output: 'csv' } });
  const writer = createRecordWriter(t.ctx, { columns: COLUMNS });
  for (const r of records) writer.write(r);
  writer.end();
  return t.stdout();
}

describe('csv fields', () => {
  it('quotes commas, quotes, CR and LF, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "oi"')).toBe('"say ""oi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('plain text')).toBe('plain text');
  });

  it('writes empty cells for null and undefined, and numbers and booleans as they are', () => {
    expect(csvRow([null, undefined, 0, -1.5, true, false])).toBe(',,0,-1.5,true,false\n');
  });

  it('defuses spreadsheet formulas but keeps signed numbers as numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('+5511999990000')).toBe('+5511999990000');
    expect(csvField('-1,5')).toBe('"-1,5"');
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('csv writer', () => {
  it('writes a header row, then one row per record from the columns, with LF endings', () => {
    expect(
      csv([
        { name: 'São Paulo', uf: 'SP', population: 11451999 },
        { name: 'Rio de Janeiro, "RJ"', uf: 'RJ', population: null, note: 'capital\nold' },
      ]),
    ).toBe('name,uf,population,note\nSão Paulo,SP,11451999,\n"Rio de Janeiro, ""RJ""",RJ,,"capital\nold"\n');
  });

  it('writes only the header when there are no records', () => {
    expect(csv([])).toBe('name,uf,population,note\n');
  });

  it('a listing that failed before its first row writes nothing, in any format; one with rows ends them well-formed', () => {
    for (const output of ['csv', 'json', 'ndjson', 'table'] as const) {
      const t = createTestContext({ globals: { output } });
      const failed = createRecordWriter(t.ctx, { columns: COLUMNS });
      failed.fail();
      failed.end();
      expect(t.stdout() + t.stderr(), output).toBe('');
    }
    const t = createTestContext({ globals: { output: 'json' } });
    const partial = createRecordWriter(t.ctx, { columns: COLUMNS });
    partial.write({ name: 'Belém', uf: 'PA' });
    partial.fail();
    expect(JSON.parse(t.stdout())).toEqual([{ name: 'Belém', uf: 'PA' }]);
  });

  it("names a column for programs: the record's field it shows, else its heading in snake case", () => {
    expect(csvHeader({ header: 'TRADE NAME' })).toBe('trade_name');
    expect(csvHeader({ header: 'CPF/CNPJ' })).toBe('cpf_cnpj');
    expect(csvHeader({ header: 'MÊS' })).toBe('mes');
    expect(csvHeader({ header: 'REQUEST', key: 'request_id' })).toBe('request_id');
    expect(csvHeader({ header: 'access_key' })).toBe('access_key');
    // The pt-BR dialect, for spreadsheets, keeps the Portuguese names and the headings.
    expect(csvHeader({ header: 'REQUEST', key: 'request_id' }, 'pt-BR')).toBe('REQUEST');
    expect(csvHeader({ header: 'total' }, 'pt-BR')).toBe('Valor total');
  });

  it('streams: a row is out before end()', () => {
    const t = createTestContext({ globals: { output: 'csv' } });
    const writer = createRecordWriter(t.ctx, { columns: COLUMNS });
    writer.write({ name: 'Belém', uf: 'PA' });
    expect(t.stdout()).toBe('name,uf,population,note\nBelém,PA,,\n');
    writer.end();
    expect(writer.count).toBe(1);
  });
});

describe('csv: the pt-BR dialect', () => {
  it('quotes for the separator in use: a comma is plain under ;, a ; is quoted', async () => {
    const { csvField, csvRow } = await import('../../../src/output/csv.js');
    expect(csvField('1234,56', ';')).toBe('1234,56');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('a;b')).toBe('a;b');
    expect(csvRow(['x', '1,5', null], ';')).toBe('x;1,5;\n');
  });
});
