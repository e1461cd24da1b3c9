// `fiscal invoices list`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../helpers/csv.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar, requestsTo } from '../../helpers/records.js';

let emu: TestEmulator;
let all: Array<Record<string, any>>;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  all = ndjson((await fiscal('invoices', 'list', '--all')).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal invoices list', () => {
  it('R12: --all pages through every invoice; --limit stops early', async () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
    const before = requestsTo(emu, 'GET /v1/invoices');
    const r = await fiscal('invoices', 'list', '--limit', '3');
    expect(ndjson(r.stdout)).toEqual(all.slice(0, 3));
    expect(requestsTo(emu, 'GET /v1/invoices') - before).toBe(1);
  });

  it('codes are read in any case, repeated or comma-separated; amounts in reais filter on the server', async () => {
    const [a, b] = [...new Set(all.map((i) => i.currency as string))];
    const r = await fiscal('invoices', 'list', '--all', '--currency', `${a!.toLowerCase()},${b}`, '--min-brl', '100');
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((i) => i.id)).toEqual(
      all.filter((i) => [a, b].includes(i.currency) && Number(i.total_brl) >= 100).map((i) => i.id),
    );
    const repeated = await fiscal('invoices', 'list', '--all', '--currency', a!, '--currency', b!, '--min-brl', '100');
    expect(repeated.stdout).toBe(r.stdout);
  });

  it('-o csv writes the spreadsheet columns', async () => {
    const rows = parseCsv((await fiscal('invoices', 'list', '--limit', '2', '-o', 'csv')).stdout);
    expect(Object.keys(rows[0]!).slice(0, 5)).toEqual([
      'id',
      'owner',
      'supplier_name',
      'supplier_country',
      'supplier_tax_id',
    ]);
  });

  it('refuses a bad flag before sending anything, naming it (exit 2)', async () => {
    const before = requestsSoFar(emu);
    for (const [argv, message] of [
      [['--currency', 'dollars'], /--currency: expected an ISO currency code like USD/],
      [['--country', 'USA'], /--country: expected an ISO country code like US/],
      [['--min-brl', '500', '--max-brl', '100'], /--min-brl: 500 is after --max-brl 100/],
      [['--source', 'scan'], /--source/],
    ] as const) {
      const r = await fiscal('invoices', 'list', ...argv);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(message)]);
    }
    expect(requestsSoFar(emu)).toBe(before);
  });
});
