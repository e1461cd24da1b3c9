// `fiscal report` in process (runMain) over a folder pulled from an in-process emulator. The sums
// are checked against the emulator's own documents, summed here with a regex over the XML it
// serves (not with the readers under test), and the status it keeps for each document.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventXml, nfeXml } from '../../../src/emulator/data/dataset.js';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { openCatalogReadonly } from '../../../src/catalog/folder.js';
import { monthSql, rankSql } from '../../../src/catalog/report-index.js';
import { SqliteCatalog } from '../../../src/catalog/sqlite-store.js';
import { aggregate, applyFilters, type Dimension, type ReportFilters } from '../../../src/report/aggregate.js';
import { catalogReport } from '../../../src/report/catalog-report.js';
import { collectDocuments } from '../../../src/report/collect.js';
import { SUMS } from '../../../src/report/facts.js';
import { bothFlows } from '../../../src/report/flows.js';
import { parseCsv } from '../../helpers/csv.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { pullReportFolder, removeReportFolder } from '../../helpers/report-folder.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 240, otherDocs: 60, accounts: 1 });
  env = emulatorEnv(emu);
  dir = await pullReportFolder('fiscal-report-test', env);
}, 60_000);

afterAll(() => removeReportFolder(emu, dir));

const report = (args: string[], extra: Record<string, string> = {}) =>
  runMain(['report', dir, ...args], { ...env, ...extra });
const json = (text: string) => JSON.parse(text) as Record<string, any>[];
const cents = (v: number | string) => Math.round(Number(v) * 100);

/** The documents of one role of the emulator's account, each once. */
function storeDocs(role: 'received' | 'emitted'): StoredNfe[] {
  return emu.store.nfesOf(emu.accounts[0]!.id).byRole[role].map((e) => e.doc);
}

/** vNF, vProd, vICMS... of ICMSTot, read with a regex from the XML the emulator serves. */
function xmlTotals(doc: StoredNfe): Record<string, number> {
  const block = /<ICMSTot>([\s\S]*?)<\/ICMSTot>/.exec(nfeXml(doc))![1]!;
  const out: Record<string, number> = {};
  for (const m of block.matchAll(/<(\w+)>([\d.]+)<\/\1>/g)) out[m[1]!] = cents(m[2]!);
  return out;
}

function independentSums(docs: StoredNfe[]) {
  const live = docs.filter((d) => d.status !== 'canceled');
  const sum = (field: string) => live.reduce((n, d) => n + (xmlTotals(d)[field] ?? 0), 0);
  return {
    documents: live.length,
    canceled: docs.length - live.length,
    total: sum('vNF'),
    products: sum('vProd'),
    icms: sum('vICMS'),
    icms_st: sum('vST'),
    ipi: sum('vIPI'),
    pis: sum('vPIS'),
    cofins: sum('vCOFINS'),
    freight: sum('vFrete'),
  };
}

describe('report: the sums', () => {
  it("equal an independent sum of the emulator's documents; canceled ones counted apart, out of the sums", async () => {
    const r = await report(['--role', 'received', '--type', 'nfe', '--by', 'status', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = json(r.stdout);
    const expected = independentSums(storeDocs('received'));
    expect(expected.canceled).toBeGreaterThan(0);
    const authorized = rows.find((x) => x.status === 'authorized')!;
    const canceled = rows.find((x) => x.status === 'canceled')!;
    expect(canceled).toMatchObject({ documents: 0, canceled: expected.canceled, total: 0, icms: 0 });
    expect(authorized.documents).toBe(expected.documents);
    for (const name of ['total', 'products', 'icms', 'icms_st', 'ipi', 'pis', 'cofins', 'freight'] as const) {
      expect(cents(authorized[name]), name).toBe(expected[name]);
    }
  });

  it('counts a document pulled in two roles once', async () => {
    const both = new Set([...storeDocs('received'), ...storeDocs('emitted')].map((d) => d.accessKey));
    const r = await report(['--type', 'nfe', '--by', 'type', '-o', 'json']);
    const [row] = json(r.stdout);
    expect(row!.documents + row!.canceled).toBe(both.size);
  });
});

describe('report: --by', () => {
  const dims = ['month', 'emitter', 'receiver', 'cfop', 'uf', 'status', 'type', 'owner'];
  it.each(dims)('--by %s: groups that add up to the whole', async (dim) => {
    const whole = json((await report(['--role', 'received', '--by', 'type', '-o', 'json'])).stdout);
    const r = await report(['--role', 'received', '--by', dim, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = json(r.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => dim in x)).toBe(true);
    const sum = (rs: Record<string, any>[], k: string) => rs.reduce((n, x) => n + cents(x[k]), 0);
    // One role, one owner per document here: every document is in exactly one group.
    expect(sum(rows, 'total')).toBe(sum(whole, 'total'));
    expect(rows.reduce((n, x) => n + x.documents + x.canceled, 0)).toBe(
      whole.reduce((n, x) => n + x.documents + x.canceled, 0),
    );
    expect(rows.reduce((n, x) => n + x.share, 0)).toBeCloseTo(1, 2);
    if (dim === 'month') expect(rows.map((x) => x.month)).toEqual(rows.map((x) => x.month).sort());
    else expect(rows.map((x) => cents(x.total))).toEqual(rows.map((x) => cents(x.total)).sort((a, b) => b - a));
    if (dim === 'emitter' || dim === 'receiver') expect(rows.some((x) => x[`${dim}_name`])).toBe(true);
  });

  it('--by month,status: one row per pair, months in order', async () => {
    const rows = json((await report(['--by', 'month,status', '-o', 'json'])).stdout);
    expect(Object.keys(rows[0]!).slice(0, 2)).toEqual(['month', 'status']);
    const months = rows.map((x) => x.month);
    expect(months).toEqual([...months].sort());
    expect(new Set(rows.map((x) => `${x.month}|${x.status}`)).size).toBe(rows.length);
  });

  it('refuses a dimension it does not know (exit 2)', async () => {
    const r = await report(['--by', 'colour']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--by: "colour" is not one of month, emitter/);
  });
});

describe('report: filters', () => {
  it("--from/--to keep the documents emitted in the range (the emitter's own date)", async () => {
    const docs = storeDocs('received');
    const days = docs.map((d) => d.emissionDate.slice(0, 10)).sort();
    const from = days[Math.floor(days.length / 4)]!;
    const to = days[Math.floor((days.length * 3) / 4)]!;
    const inRange = docs.filter((d) => d.emissionDate.slice(0, 10) >= from && d.emissionDate.slice(0, 10) <= to);
    const r = await report([
      '--role',
      'received',
      '--type',
      'nfe',
      '--from',
      from,
      '--to',
      to,
      '--by',
      'type',
      '-o',
      'json',
    ]);
    const [row] = json(r.stdout);
    const expected = independentSums(inRange);
    expect(row).toMatchObject({ documents: expected.documents, canceled: expected.canceled });
    expect(cents(row!.total)).toBe(expected.total);
  });

  it('--month is that month of emission (MM/YYYY or YYYY-MM); with --from it is a usage error', async () => {
    const docs = storeDocs('received');
    const month = docs[Math.floor(docs.length / 2)]!.emissionDate.slice(0, 7);
    const inMonth = docs.filter((d) => d.emissionDate.startsWith(month));
    const [y, m] = month.split('-');
    const r = await report([
      '--role',
      'received',
      '--type',
      'nfe',
      '--month',
      `${m}/${y}`,
      '--by',
      'month',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = json(r.stdout);
    expect(rows.map((x) => x.month)).toEqual([month]);
    expect(cents(rows[0]!.total)).toBe(independentSums(inMonth).total);
    const both = await report(['--month', month, '--from', `${month}-01`]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--month');
  });

  it('purchases and sales apart by default: a folder with both is grouped by role first', async () => {
    const rows = json((await report(['--type', 'nfe', '-o', 'json'])).stdout);
    expect(Object.keys(rows[0]!).slice(0, 2)).toEqual(['role', 'month']);
    expect(new Set(rows.map((x) => x.role))).toEqual(new Set(['received', 'emitted']));
    const sales = rows.filter((x) => x.role === 'emitted').reduce((n, x) => n + cents(x.total), 0);
    expect(sales).toBe(independentSums(storeDocs('emitted')).total);
    // --by role alone: one row per flow.
    const byRole = json((await report(['--type', 'nfe', '--by', 'role', '-o', 'json'])).stdout);
    expect(byRole.map((x) => x.role).sort()).toEqual(['emitted', 'received']);
  });

  it('--type, --role and --owner select documents', async () => {
    const cte = json((await report(['--type', 'cte', '--by', 'type', '-o', 'json'])).stdout);
    expect(cte.map((x) => x.type)).toEqual(['cte']);
    const emitted = json((await report(['--role', 'emitted', '--type', 'nfe', '--by', 'type', '-o', 'json'])).stdout);
    expect(emitted[0]!.documents + emitted[0]!.canceled).toBe(storeDocs('emitted').length);
    const owners = json((await report(['--role', 'received', '--type', 'nfe', '--by', 'owner', '-o', 'json'])).stdout);
    const owner = owners[0]!.owner as string;
    const mine = json(
      (await report(['--role', 'received', '--type', 'nfe', '--owner', owner, '--by', 'owner', '-o', 'json'])).stdout,
    );
    expect(mine).toEqual([{ ...owners[0], share: 1 }]);
  });

  it('--from after --to is a usage error', async () => {
    const r = await report(['--from', '2026-06-01', '--to', '2026-05-01']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--from 2026-06-01 is after --to 2026-05-01/);
  });

  it('--html with --by ncm/product is a usage error, no page written (the page is drawn from the documents)', async () => {
    const page = join(dir, 'items.html');
    const r = await report(['--by', 'month,ncm', '--html', page]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--html draws the documents' page; --by ncm groups their items/);
    expect(existsSync(page)).toBe(false);
  });

  it('a folder that does not exist is a usage error; without paths it reads ./fiscal-docs', async () => {
    expect((await runMain(['report', join(dir, 'nope')], env)).code).toBe(2);
    const none = await runMain(['report'], env);
    expect(none.code === 2 || none.code === 0).toBe(true);
  });
});

describe('report: output formats', () => {
  it('ndjson: one group per line, the same as json', async () => {
    const a = json((await report(['--by', 'uf', '-o', 'json'])).stdout);
    const b = (await report(['--by', 'uf', '-o', 'ndjson'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(b).toEqual(a);
  });

  it('csv: a header and one row per group, plain decimals with a dot', async () => {
    const text = (await report(['--by', 'emitter', '-o', 'csv'])).stdout;
    expect(text.split('\n')[0]).toBe(
      'emitter,emitter_name,documents,canceled,total,products,icms,icms_st,ipi,pis,cofins,iss,freight,ibs,cbs,cargo,share',
    );
    const rows = parseCsv(text);
    const fromJson = json((await report(['--by', 'emitter', '-o', 'json'])).stdout);
    expect(rows.map((x) => x.total)).toEqual(fromJson.map((x) => x.total.toFixed(2)));
    expect(rows[0]!.total).toMatch(/^\d+\.\d{2}$/);
  });

  it("table: a bar of each group's share and a total row", async () => {
    const r = await report(['--by', 'status', '-o', 'table']);
    // Grouped by status, DOCS counts each group's documents (canceled ones too) and STATUS says which.
    expect(r.stdout).toMatch(/^STATUS\s+DOCS\s+TOTAL\s+SHARE/);
    expect(r.stdout).toMatch(/authorized\s+\d+\s+\d{1,3}(,\d{3})*\.\d{2}\s+█+[▏▎▍▌▋▊▉]?\s+100\.0%/);
    expect(r.stdout).toMatch(/\ncanceled\s+[1-9]\d*\s+0\.00\s/);
    expect(r.stdout).toMatch(/\nTOTAL\s+\d+\s+\d{1,3}(,\d{3})*\.\d{2}/);
  });

  it('table: a sum that is 0.00 in every group is left out and named on stderr; CSV keeps it', async () => {
    const csv = parseCsv((await report(['--by', 'month', '-o', 'csv'])).stdout);
    const zero = ['icms_st', 'ipi', 'iss', 'freight', 'ibs', 'cbs', 'cargo'].filter((c) =>
      csv.every((row) => Number(row[c]) === 0),
    );
    const some = ['icms', 'pis', 'cofins', 'ibs'].filter((c) => csv.some((row) => Number(row[c]) !== 0));
    // These notes have no IPI nor ISS, and some ICMS, PIS, COFINS and (2026) IBS.
    expect(zero).toEqual(expect.arrayContaining(['ipi', 'iss']));
    expect(some).toEqual(['icms', 'pis', 'cofins', 'ibs']);
    const r = await report(['--by', 'month', '-o', 'table'], { COLUMNS: '300' });
    const header = r.stdout.split('\n')[0]!.split(/\s+/);
    const named = (c: string) => c.toUpperCase().replace('_', '-');
    for (const c of zero) expect(header).not.toContain(named(c));
    for (const c of some) expect(header).toContain(named(c));
    expect(r.stderr).toContain(`0.00 in every group, not shown: ${zero.map(named).join(', ')} (-o csv has them)`);
  });

  it('--locale pt-BR: a table with 1.234,56 and months as 06/2026', async () => {
    const r = await report(['--by', 'month', '-o', 'table', '--locale', 'pt-BR']);
    expect(r.stdout).toMatch(/\n\d{2}\/\d{4}\s+\d+\s+\d+\s+\d{1,3}(\.\d{3})*,\d{2}\s/);
    expect(r.stdout).toMatch(/\d,\d%/);
    // Its headers and notes in Portuguese too, as the CSV's names (labels-pt.ts).
    expect(r.stdout).toMatch(/^MÊS\s+DOCS\s+CANCELADAS\s+VALOR TOTAL\s+PARTICIPAÇÃO/);
    expect(r.stderr).toMatch(/0,00 em todos os grupos, não mostradas: [^\n]*IPI/);
  });

  it('--locale pt-BR CSV: a UTF-8 BOM, ; between fields, , as the decimal mark', async () => {
    const { stdout } = await report(['--by', 'emitter', '-o', 'csv', '--locale', 'pt-BR']);
    const bytes = Buffer.from(stdout, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = stdout.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      'Emitente;Nome do emitente;Documentos;Canceladas;Valor total;Produtos;ICMS;ICMS-ST;IPI;PIS;COFINS;ISS;Frete;IBS;CBS;Valor da carga;Participação',
    );
    // A CNPJ a spreadsheet keeps whole (leading zeros too).
    expect(lines[1]!.split(';')[0]).toMatch(/^"=""\d{14}"""$/);
    const plain = parseCsv((await report(['--by', 'emitter', '-o', 'csv'])).stdout);
    const first = lines[1]!.split(';');
    expect(first[4]).toBe(plain[0]!.total!.replace('.', ','));
    expect(first[16]).toBe(plain[0]!.share!.replace('.', ','));
    expect(lines.slice(1).every((l) => !/\d\.\d/.test(l))).toBe(true);
  });
});

describe('report: loose XML files', () => {
  it('reads XML files outside a pull folder; an event among them cancels its document', async () => {
    const loose = tempDir();
    const { writeFileSync } = await import('node:fs');
    const docs = storeDocs('received')
      .filter((d) => d.status === 'authorized')
      .slice(0, 3);
    docs.forEach((d, i) => writeFileSync(join(loose, `n${i}.xml`), nfeXml(d)));
    writeFileSync(join(loose, 'broken.xml'), '<nfeProc><NFe>');
    const r = await runMain(['report', loose, '--by', 'type', '-o', 'json'], env);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/broken\.xml: malformed XML/);
    const [row] = json(r.stdout);
    expect(row!.documents).toBe(3);
    expect(cents(row!.total)).toBe(docs.reduce((n, d) => n + xmlTotals(d).vNF!, 0));
    // The same file twice is one document.
    const again = await runMain(['report', loose, join(loose, 'n0.xml'), '--by', 'type', '-o', 'json'], env);
    expect(json(again.stdout)[0]!.documents).toBe(3);
    expect(readFileSync(join(loose, 'n0.xml'), 'utf8')).toContain('<nfeProc');

    // A canceled NF-e keeps its authorization protocol: only its event says it was canceled.
    const gone = storeDocs('received').find(
      (d) => d.status === 'canceled' && d.events.some((e) => e.type === '110111'),
    )!;
    writeFileSync(join(loose, 'gone.xml'), nfeXml(gone));
    const before = json((await runMain(['report', loose, '--by', 'type', '-o', 'json'], env)).stdout)[0]!;
    expect(before).toMatchObject({ documents: 4, canceled: 0 });
    writeFileSync(
      join(loose, 'gone-110111-1.xml'),
      eventXml(
        gone,
        gone.events.find((e) => e.type === '110111')!,
      ),
    );
    const after = json((await runMain(['report', loose, '--by', 'type', '-o', 'json'], env)).stdout)[0]!;
    expect(after).toMatchObject({ documents: 3, canceled: 1, total: row!.total });
  });
});

// The report a catalog groups itself (catalog-report.ts, GROUP BY in SQL) against the report of
// the documents read one by one (collect.ts + aggregate.ts), on this folder: purchases and sales
// of one account (documents in two roles), events pulled (canceled notes), CT-e taken. Every
// dimension, pairs of them, every filter: the same groups, names, counts, sums, shares, order.
const store = async () => (await openCatalogReadonly(dir))!;

/** The report as the documents' path makes it (by undefined: its default). */
async function byDocuments(by: Dimension[] | undefined, filters: ReportFilters) {
  const { documents } = await collectDocuments([dir], { catalogOf: store });
  const kept = applyFilters(documents, filters);
  return aggregate(kept, by ?? (bothFlows(kept) ? ['role', 'month'] : ['month']));
}

describe('report grouped by the catalog', () => {
  it('the folder has what the comparison needs: canceled notes, documents in two roles', async () => {
    const { documents } = await collectDocuments([dir], { catalogOf: store });
    expect(documents.some((d) => d.status === 'canceled')).toBe(true);
    expect(documents.some((d) => new Set(d.copies.map((c) => c.role)).size > 1)).toBe(true);
  });

  const cases: [Dimension[] | undefined, ReportFilters][] = [
    [undefined, {}],
    [['month'], {}],
    [['status'], {}],
    [['role'], {}],
    [['type'], {}],
    [['emitter'], {}],
    [['receiver'], {}],
    [['owner'], {}],
    [['uf'], {}],
    [['cfop'], {}],
    [['month', 'status'], {}],
    [['role', 'uf'], {}],
    [['owner', 'emitter'], { types: ['nfe'] }],
    [undefined, { roles: ['received'] }],
    [['status'], { roles: ['emitted'], types: ['nfe'] }],
    [['month'], { from: '2026-01-01', to: '2026-03-31' }],
    [['receiver', 'status'], { owners: ['nobody'] }],
  ];
  it.each(cases)('--by %j with %j: the same report', async (by, filters) => {
    const fast = await catalogReport(await store(), by, filters);
    const slow = await byDocuments(by, filters);
    expect(fast.report).toEqual(slow);
    expect(fast.problems).toEqual([]);
  });
});

// A folder whose every document is of one copy (one role): a report by month and status reads the
// catalog's report index in order (src/catalog/report-index.ts), not the table; the same report.
describe('report grouped by the catalog, one copy of each document', () => {
  // tempDir() folders go after each test: this one lives for the describe.
  const one = join(process.env.TMPDIR ?? '/tmp', `fiscal-report-one-${process.pid}`);
  afterAll(async () => (await import('node:fs')).rmSync(one, { recursive: true, force: true }));
  beforeAll(async () => {
    for (const args of [
      ['pull', 'nfe', '--role', 'received', '--with-events'],
      ['pull', 'cte', '--role', 'taker'],
      ['pull', 'mdfe', '--role', 'emitted'],
    ]) {
      const r = await runMain(['-o', 'json', ...args, '--dir', one], env);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 60_000);
  const oneStore = async () => (await openCatalogReadonly(one))!;

  it('the catalog has its report index and canceled documents; no document of two copies', async () => {
    const s = await oneStore();
    const [index] = await s.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'documents_report'");
    const [multi] = await s.rows('SELECT key FROM documents GROUP BY key HAVING count(*) > 1');
    const plan = await s.rows(
      `EXPLAIN QUERY PLAN SELECT ${monthSql('d.')}, ${rankSql('d.')}, count(*),
         sum(CASE WHEN d.type = 'mdfe' THEN 0 ELSE d.total END) FROM documents d
       WHERE ${monthSql('d.')} IS NOT NULL GROUP BY ${monthSql('d.')}, ${rankSql('d.')}`,
    );
    await s.close();
    expect(index).toEqual(['documents_report']);
    expect(multi).toBeUndefined();
    // Read in the index's order (the type, which tells an MDF-e's cargo from a total, in it too): no sort.
    expect(plan.map((r) => String(r[3])).join(' | ')).toMatch(/USING (COVERING )?INDEX documents_report/);
    expect(plan.map((r) => String(r[3])).join(' | ')).not.toMatch(/TEMP B-TREE/);
    const { documents } = await collectDocuments([one], { catalogOf: oneStore });
    expect(documents.some((d) => d.status === 'canceled')).toBe(true);
  });

  const cases: Dimension[][] = [['month', 'status'], ['status', 'month'], ['month'], ['status'], ['month', 'type']];
  it.each(cases)('--by %j: the same report as the documents read one by one', async (...by) => {
    const fast = await catalogReport(await oneStore(), by, {});
    const { documents } = await collectDocuments([one], { catalogOf: oneStore });
    expect(fast.report).toEqual(aggregate(documents, by));
    expect(fast.problems).toEqual([]);
  });

  it('a catalog made before the index gets it on its next write', async () => {
    const copy = tempDir('fiscal-report-old-');
    cpSync(one, copy, { recursive: true });
    const file = join(copy, '.fiscal', 'catalog.sqlite');
    const db = new Database(file);
    db.exec('DROP INDEX documents_report');
    db.close();
    const before = await catalogReport((await openCatalogReadonly(copy))!, ['month', 'status'], {});
    await (await SqliteCatalog.open(file)).close();
    const s = (await openCatalogReadonly(copy))!;
    const [index] = await s.rows("SELECT name FROM sqlite_master WHERE name = 'documents_report'");
    expect(index).toEqual(['documents_report']);
    expect((await catalogReport(s, ['month', 'status'], {})).report).toEqual(before.report);
  });

  it("an MDF-e's cargo is its own sum, never in total; a report index made without the type is replaced on the next write", async () => {
    const byType = (await catalogReport(await oneStore(), ['type'], {})).report.groups;
    const mdfe = byType.find((g) => g.keys[0]!.value === 'mdfe')!;
    const cargo = SUMS.indexOf('cargo');
    expect(mdfe.sums[0]).toBe(0);
    expect(mdfe.sums[cargo]).toBeGreaterThan(0);
    expect(byType.filter((g) => g !== mdfe).every((g) => g.sums[cargo] === 0 && g.sums[0]! > 0)).toBe(true);
    const copy = tempDir('fiscal-report-old-');
    cpSync(one, copy, { recursive: true });
    const file = join(copy, '.fiscal', 'catalog.sqlite');
    const db = new Database(file);
    const now = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'documents_report'").pluck().get() as string;
    db.exec('DROP INDEX documents_report');
    db.exec(now.replace(', type, ', ', '));
    db.close();
    const before = await catalogReport((await openCatalogReadonly(copy))!, ['month', 'status'], {});
    await (await SqliteCatalog.open(file)).close();
    const s = (await openCatalogReadonly(copy))!;
    const [index] = await s.rows("SELECT sql FROM sqlite_master WHERE name = 'documents_report'");
    expect(index).toEqual([now]);
    expect((await catalogReport(s, ['month', 'status'], {})).report).toEqual(before.report);
  });
});
