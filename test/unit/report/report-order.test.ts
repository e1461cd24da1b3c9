// A report's groups in the order a person reads them (src/report/aggregate.ts arrange): months in
// time order within their role, a categorical dimension's groups together, SHARE within the first
// dimension's group; an MDF-e's cargo apart from the notes' total; and the table for people
// (src/commands/report/columns.ts): CANCELED kept, headers in the locale, IBS and CBS together.
import { describe, expect, it } from 'vitest';
import { aggregate, type Dimension } from '../../../src/report/aggregate.js';
import type { ReportDocument } from '../../../src/report/collect.js';
import { documentSums, SUMS } from '../../../src/report/facts.js';
import { groupRecord, tableColumns, totalsRecord } from '../../../src/commands/report/columns.js';
import { renderTable, tableCell } from '../../../src/output/table.js';
import { localizeCell, type Locale } from '../../../src/output/locale.js';

const OWNER = { taxId: '11222333000181', name: 'Cliente do Contador Ltda', uf: 'SP' };
const OTHER = { taxId: '44555666000102', name: 'Fornecedor Bom S.A.', uf: 'MG' };

let n = 0;
function doc(role: string, month: string, reais: number, o: { kind?: string; cfop?: string; canceled?: boolean } = {}) {
  const kind = (o.kind ?? 'nfe') as ReportDocument['facts']['kind'];
  const stored: Record<string, number> = { total: reais * 100, products: reais * 100, ibs: reais, cbs: reais * 9 };
  return {
    facts: {
      kind,
      id: `key${n++}`,
      emittedAt: `${month}-10T10:00:00-03:00`,
      emitter: role === 'emitted' ? OWNER : OTHER,
      receiver: role === 'emitted' ? OTHER : OWNER,
      cfop: o.cfop,
      sums: documentSums(kind, (name) => stored[name] ?? 0),
      canceled: o.canceled === true,
      events: [],
    },
    status: o.canceled ? 'canceled' : 'authorized',
    copies: [{ role, owner: OWNER.taxId }],
  } satisfies ReportDocument;
}

// Sales dwarf purchases, and the months' totals are not in time order.
const documents = [
  doc('emitted', '2026-04', 9000),
  doc('received', '2026-04', 100),
  doc('emitted', '2026-01', 3000),
  doc('received', '2026-01', 500),
  doc('taker', '2026-02', 50),
  doc('received', '2026-02', 10, { canceled: true }),
  doc('emitted', '2026-02', 7000),
];
const keys = (by: Dimension[]) => aggregate(documents, by).groups.map((g) => g.keys.map((k) => k.value).join(' '));

describe('the order of the groups', () => {
  it('--by role,month: entradas before saídas, each role together, its months in time order', () => {
    expect(keys(['role', 'month'])).toEqual([
      'received 2026-01',
      'received 2026-02',
      'received 2026-04',
      'taker 2026-02',
      'emitted 2026-01',
      'emitted 2026-02',
      'emitted 2026-04',
    ]);
  });

  it('--by month,role: months in time order, each month its roles (entradas first)', () => {
    expect(keys(['month', 'role']).slice(0, 5)).toEqual([
      '2026-01 received',
      '2026-01 emitted',
      '2026-02 taker',
      '2026-02 received',
      '2026-02 emitted',
    ]);
  });

  it('a categorical first dimension keeps its groups together, the largest first; months in order within', () => {
    const docs = [
      doc('emitted', '2026-03', 100, { cfop: '5102' }),
      doc('emitted', '2026-01', 900, { cfop: '6102' }),
      doc('emitted', '2026-01', 300, { cfop: '5102' }),
      doc('emitted', '2026-02', 50, { cfop: '6102' }),
      doc('emitted', '2026-02', 20, { cfop: undefined }),
    ];
    const groups = aggregate(docs, ['cfop', 'month']).groups.map((g) => g.keys.map((k) => k.value).join(' '));
    expect(groups).toEqual(['6102 2026-01', '6102 2026-02', '5102 2026-01', '5102 2026-03', ' 2026-02']);
  });

  it("SHARE is within the first dimension's group: a role's months add up to 100%, never purchases plus sales", () => {
    const report = aggregate(documents, ['role', 'month']);
    const of = (role: string) => report.groups.filter((g) => g.keys[0]!.value === role);
    for (const role of ['received', 'taker', 'emitted'])
      expect(of(role).reduce((s, g) => s + g.share, 0)).toBeCloseTo(1, 10);
    expect(of('emitted').find((g) => g.keys[1]!.value === '2026-04')!.share).toBeCloseTo(9000 / 19000, 10);
    // With one dimension, of every group.
    const byMonth = aggregate(documents, ['month']).groups;
    expect(byMonth.reduce((s, g) => s + g.share, 0)).toBeCloseTo(1, 10);
  });
});

describe("an MDF-e's cargo", () => {
  it('is a sum of its own: never in the total a report adds up with the notes', () => {
    const mdfe = doc('emitted', '2026-01', 250000, { kind: 'mdfe' });
    const cargo = SUMS.indexOf('cargo');
    expect(mdfe.facts.sums[0]).toBe(0);
    expect(mdfe.facts.sums[cargo]).toBe(250000 * 100);
    const sales = aggregate([...documents, mdfe], ['role']).groups.find((g) => g.keys[0]!.value === 'emitted')!;
    expect(sales.sums[0]).toBe((9000 + 3000 + 7000) * 100);
    expect(sales.sums[cargo]).toBe(250000 * 100);
    expect(sales.documents).toBe(4);
  });
});

describe('the table for people', () => {
  const table = (by: Dimension[], width: number, locale: Locale = 'en', docs = documents) => {
    const report = aggregate(docs, by);
    const records = [...report.groups.map((g) => groupRecord(by, g)), totalsRecord(by, report.totals, 'TOTAL')];
    // Left out as a report leaves out sums nothing carries: all but those doc() stores.
    const carried = new Set(['total', 'products', 'ibs', 'cbs']);
    const leftOut = SUMS.filter((s) => !carried.has(s));
    const columns = tableColumns(by, locale, leftOut).map((c) => ({
      ...c,
      get: (r: (typeof records)[number]) => localizeCell(c.get(r), locale, 'table', c.kind),
    }));
    return renderTable(
      columns,
      records.map((r) => columns.map((c) => tableCell(c.get(r)))),
      { width, color: false },
    );
  };

  it('at 80 columns CANCELED stays: the total row says how many of DOCS are out of TOTAL', () => {
    const text = table(['role', 'month'], 80);
    expect(text).toMatch(/^ROLE\s+MONTH\s+DOCS\s+CANCELED\s+TOTAL/);
    expect(text).toMatch(/\nTOTAL\s+7\s+1\s+19,650\.00/);
  });

  it('--locale pt-BR: the headers are the CSV names in capitals, and a group without a value says so', () => {
    const docs = [doc('emitted', '2026-01', 300, { cfop: '5102' }), doc('emitted', '2026-01', 20)];
    const text = table(['cfop'], 160, 'pt-BR', docs);
    expect(text).toMatch(/^CFOP\s+DOCS\s+CANCELADAS\s+VALOR TOTAL\s+PARTICIPAÇÃO\s+PRODUTOS\s+IBS\s+CBS\n/);
    expect(text).toMatch(/\n\(não informado\)\s+1\s+0\s+20,00/);
    expect(table(['cfop'], 160, 'en', docs)).toMatch(/\n\(none\)\s+1\s+0\s+20\.00/);
    // The total row's other cells stay blank.
    expect(table(['cfop', 'month'], 160, 'en', docs)).toMatch(/\nTOTAL\s+2\s+0\s+320\.00/);
  });

  it('IBS and CBS are left out together, never one without the other', () => {
    const wide = table(['role', 'month'], 160).split('\n')[0]!;
    expect(wide).toMatch(/PRODUCTS\s+IBS\s+CBS$/);
    const width = wide.length - 3;
    const narrower = table(['role', 'month'], width).split('\n')[0]!;
    expect(narrower).toMatch(/PRODUCTS$/);
  });
});
