// `fiscal receipts list`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../helpers/csv.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let all: Array<Record<string, any>>;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  all = ndjson((await fiscal('receipts', 'list', '--all')).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal receipts list', () => {
  it('R13: --all lists every receipt once, in the order the service got them', () => {
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const created = all.map((r) => Date.parse(r.created_at));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('--source keeps one source; --kind takes a list; --paid-from a dd/mm/yyyy date', async () => {
    for (const source of ['manual', 'automatico']) {
      const r = await fiscal('receipts', 'list', '--source', source, '--all');
      expect(r.code, r.stderr).toBe(0);
      expect(ndjson(r.stdout).map((x) => x.id)).toEqual(all.filter((x) => x.source === source).map((x) => x.id));
    }
    const kinds = await fiscal('receipts', 'list', '--kind', 'pix,ted', '--paid-from', '01/01/2026', '--all');
    expect(ndjson(kinds.stdout).map((x) => x.id)).toEqual(
      all.filter((x) => ['pix', 'ted'].includes(x.kind) && x.paid_at >= '2026-01-01').map((x) => x.id),
    );
  });

  it('-o csv writes the spreadsheet columns', async () => {
    const rows = parseCsv((await fiscal('receipts', 'list', '--limit', '2', '-o', 'csv')).stdout);
    expect(rows.map((x) => x.id)).toEqual(all.slice(0, 2).map((x) => x.id));
    expect(Object.keys(rows[0]!).slice(0, 4)).toEqual(['id', 'source', 'kind', 'boleto_id']);
  });

  it('refuses a bad flag before sending anything, naming it (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const source = await fiscal('receipts', 'list', '--source', 'automatic');
    expect([source.code, source.stderr]).toEqual([2, expect.stringContaining('manual, automatico')]);
    const order = await fiscal('receipts', 'list', '--paid-from', '2026-05-02', '--paid-to', '2026-05-01');
    expect([order.code, order.stderr]).toEqual([
      2,
      expect.stringContaining('--paid-from: 2026-05-02 is after --paid-to 2026-05-01'),
    ]);
    const payee = await fiscal('receipts', 'list', '--payee', '123.456.789-08');
    expect([payee.code, payee.stderr]).toEqual([2, expect.stringContaining('--payee: ')]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
