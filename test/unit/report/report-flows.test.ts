// Purchases and sales apart in a report (src/report/flows.ts), the owner never its own supplier,
// owners named, and the HTML page's details (Brasília time, masked CNPJs), on documents made here.
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../src/report/aggregate.js';
import type { ReportDocument } from '../../../src/report/collect.js';
import { bothFlows, inFlow, withOtherParty } from '../../../src/report/flows.js';
import { renderReportHtml } from '../../../src/report/html.js';
import { groupRecord, tableColumns, totalsRecord } from '../../../src/commands/report/columns.js';
import { renderTable, tableCell } from '../../../src/output/table.js';
import { localizeCell } from '../../../src/output/locale.js';

const OWNER = { taxId: '11222333000181', name: 'Cliente do Contador Ltda', uf: 'SP' };
const SUPPLIER = { taxId: '44555666000102', name: 'Fornecedor Bom S.A.', uf: 'MG' };
const CUSTOMER = { taxId: '77888999000160', name: 'Comprador Feliz ME', uf: 'RJ' };

let n = 0;
function doc(
  emitter: typeof OWNER,
  receiver: typeof OWNER,
  role: string,
  reais: number,
  status: 'authorized' | 'canceled' = 'authorized',
): ReportDocument {
  const sums = [reais * 100, reais * 100, 0, 0, 0, 0, 0, 0, 0];
  return {
    facts: {
      kind: 'nfe',
      id: `key${n++}`,
      emittedAt: '2026-05-10T10:00:00-03:00',
      emitter,
      receiver,
      cfop: role === 'emitted' ? '5102' : '1102',
      sums,
      canceled: status === 'canceled',
      events: [],
    },
    status,
    copies: [{ role, owner: OWNER.taxId }],
  };
}

// The client bought 1000 from a supplier and sold 50000 of its own: its sales dwarf its purchases.
const documents = [
  doc(SUPPLIER, OWNER, 'received', 1000),
  doc(OWNER, CUSTOMER, 'emitted', 50000),
  doc(OWNER, CUSTOMER, 'emitted', 10, 'canceled'),
];

describe('purchases and sales apart', () => {
  it('a folder with both flows is seen as two; each document in its flow', () => {
    expect(bothFlows(documents)).toBe(true);
    expect(bothFlows(documents.slice(0, 1))).toBe(false);
    expect(inFlow(documents, 'in').map((d) => d.facts.emitter.name)).toEqual([SUPPLIER.name]);
    expect(inFlow(documents, 'out')).toHaveLength(2);
  });

  it('the owner is never listed as its own supplier', () => {
    const suppliers = aggregate(withOtherParty(documents, 'emitter'), ['emitter']).groups.map((g) => g.keys[0]!.value);
    expect(suppliers).toEqual([SUPPLIER.taxId]);
  });

  it('the HTML page: purchases and sales in their own blocks, suppliers without the owner', () => {
    const report = aggregate(documents, ['role', 'month']);
    const page = renderReportHtml({
      report,
      rows: report.groups.map((g) => groupRecord(['role', 'month'], g)),
      totals: totalsRecord(['role', 'month'], report.totals, 'TOTAL'),
      documents,
      locale: 'pt-BR',
      generated: new Date('2026-06-15T15:04:00Z'),
      sources: ['fiscal-docs'],
      filters: '',
    });
    const [purchases, sales] = page.split('<h3>').slice(1);
    expect(purchases).toMatch(/^Entradas/);
    expect(sales).toMatch(/^Saídas/);
    const suppliers = /Maiores fornecedores[\s\S]*?<\/svg>/.exec(purchases!)![0];
    expect(suppliers).toContain(SUPPLIER.name);
    expect(suppliers).not.toContain(OWNER.name);
    // The CNPJ under the name, in the page's text (a printed page has no tooltip), not only in a <title>.
    expect(suppliers.replace(/<title>[^<]*<\/title>/g, '')).toContain('>44.555.666/0001-02</text>');
    expect(purchases).toContain('1.000,00');
    expect(purchases).not.toContain('51.000,00');
    expect(/Maiores clientes[\s\S]*?<\/svg>/.exec(sales!)![0]).toContain(CUSTOMER.name);
    // Generated at 15:04 UTC: 12:04 in Brasília.
    expect(page).toContain('15/06/2026 12:04 (horário de Brasília)');
    expect(page).not.toContain('UTC');
    expect(page).toContain('>recebida<');
    expect(page).toContain('>emitida<');
  });
});

describe('report tables for people', () => {
  const rows = (by: Parameters<typeof aggregate>[1], width = 160) => {
    const report = aggregate(documents, by);
    const records = [...report.groups.map((g) => groupRecord(by, g)), totalsRecord(by, report.totals, 'TOTAL')];
    const columns = tableColumns(by, 'en').map((c) => ({
      ...c,
      get: (r: (typeof records)[number]) => localizeCell(c.get(r), 'en', 'table', c.kind),
    }));
    return renderTable(
      columns,
      records.map((r) => columns.map((c) => tableCell(c.get(r)))),
      { width, color: false },
    );
  };

  it('--by owner names the owner beside its CNPJ', () => {
    expect(rows(['owner'], 200)).toMatch(new RegExp(`${OWNER.taxId}\\s+${OWNER.name}`));
    // At 80 columns too: CANCELED goes before the name does.
    expect(rows(['owner'], 80)).toMatch(new RegExp(`^OWNER\\s+NAME\\s+DOCS[^\\n]*\\n${OWNER.taxId}\\s+Cliente`));
  });

  it('amounts right-aligned and grouped by thousands in English too', () => {
    const text = rows(['role']);
    const lines = text.split('\n');
    const total = lines[0]!.indexOf('TOTAL') + 'TOTAL'.length;
    const emitted = lines.find((l) => l.startsWith('emitted'))!;
    const received = lines.find((l) => l.startsWith('received'))!;
    // The amounts end where their header ends.
    expect(emitted.slice(0, total)).toMatch(/ 50,000\.00$/);
    expect(received.slice(0, total)).toMatch(/ 1,000\.00$/);
  });

  it('a group of canceled notes counts them as documents: never DOCS 0 CANCELED n', () => {
    const text = rows(['role', 'status']);
    expect(text).toMatch(/^ROLE\s+STATUS\s+DOCS\s+TOTAL/);
    expect(text).toMatch(/\nemitted\s+canceled\s+1\s+0\.00/);
    expect(rows(['role'])).toMatch(/\nemitted\s+2\s+1\s+50,000\.00/);
  });
});
