// The report a catalog groups itself (catalog-report.ts, GROUP BY in SQL) against the report of
// the documents read one by one (collect.ts + aggregate.ts), on the same emulator folder: purchases
// and sales of one account (documents in two roles), events pulled (canceled notes), CT-e taken.
// Every dimension, pairs of them, every filter: the same groups, names, counts, sums, shares, order.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogReadonly } from '../../../src/catalog/folder.js';
import { aggregate, applyFilters, type Dimension, type ReportFilters } from '../../../src/report/aggregate.js';
import { catalogReport } from '../../../src/report/catalog-report.js';
import { collectDocuments } from '../../../src/report/collect.js';
import { bothFlows } from '../../../src/report/flows.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
const dir = join(process.env.TMPDIR ?? '/tmp', `fiscal-report-sql-test-${process.pid}`);

beforeAll(async () => {
  emu = await startEmulator({ docs: 240, otherDocs: 60, accounts: 1 });
  const env = emulatorEnv(emu);
  for (const args of [
    ['pull', 'nfe', '--role', 'received,emitted', '--with-events'],
    ['pull', 'cte', '--role', 'taker'],
  ]) {
    const r = await runMain(['-o', 'json', ...args, '--dir', dir], env);
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);

afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

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
