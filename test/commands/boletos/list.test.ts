// `fiscal boletos list`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLine } from '../../../src/fiscal/boleto-line.js';
import { parseCsv } from '../../helpers/csv.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar, requestsTo } from '../../helpers/records.js';

let emu: TestEmulator;
let all: Array<Record<string, any>>;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  all = ndjson((await fiscal('boletos', 'list', '--all')).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal boletos list', () => {
  it('R12: --all pages through every slip; without it, 50 rows', async () => {
    expect(all.length).toBeGreaterThan(50);
    const before = requestsTo(emu, 'GET /v1/boletos');
    const r = await fiscal('boletos', 'list');
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((b) => b.id)).toEqual(all.slice(0, 50).map((b) => b.id));
    expect(requestsTo(emu, 'GET /v1/boletos') - before).toBeGreaterThanOrEqual(1);
  });

  it('a list flag takes its values repeated or comma-separated, the same rows', async () => {
    const comma = await fiscal('boletos', 'list', '--status', 'overdue,paid', '--direction', 'receivable', '--all');
    const repeated = await fiscal(
      'boletos',
      'list',
      '--status',
      'overdue',
      '--status',
      'paid',
      '--direction',
      'receivable',
      '--all',
    );
    expect(comma.code, comma.stderr).toBe(0);
    const want = all
      .filter((b) => ['overdue', 'paid'].includes(b.status) && b.direction === 'receivable')
      .map((b) => b.id);
    expect(want.length).toBeGreaterThan(0);
    expect(ndjson(comma.stdout).map((b) => b.id)).toEqual(want);
    expect(repeated.stdout).toBe(comma.stdout);
  });

  it('--line takes the line as printed; amounts and dates filter on the server', async () => {
    const b = all[4]!;
    const line = await fiscal('boletos', 'list', '--line', formatLine(b.digitable_line));
    expect(ndjson(line.stdout).map((x) => x.id)).toEqual([b.id]);
    const some = await fiscal('boletos', 'list', '--min-amount', '100', '--due-from', '01/01/2026', '--all');
    expect(ndjson(some.stdout).map((x) => x.id)).toEqual(
      all.filter((x) => x.amount >= 100 && x.due_date >= '2026-01-01').map((x) => x.id),
    );
  });

  it('-o csv writes the spreadsheet columns, --limit rows', async () => {
    const r = await fiscal('boletos', 'list', '--limit', '3', '-o', 'csv');
    const rows = parseCsv(r.stdout);
    expect(rows.map((x) => x.id)).toEqual(all.slice(0, 3).map((b) => b.id));
    expect(Object.keys(rows[0]!).slice(0, 4)).toEqual(['id', 'access_key', 'duplicata', 'owner']);
  });

  it('refuses a bad flag before sending anything, naming it (exit 2)', async () => {
    const before = requestsSoFar(emu);
    for (const [argv, message] of [
      [['--min-amount', '1,50'], /--min-amount: expected an amount/],
      [['--status', 'late'], /--status: "late" is not one of open, paid, overdue, canceled/],
      [['--owner', '12345678000100'], /--owner: /],
      [['--due-from', '2026-06-30', '--due-to', '2026-06-01'], /--due-from: 2026-06-30 is after --due-to 2026-06-01/],
      [['--limit', '0'], /--limit: /],
    ] as const) {
      const r = await fiscal('boletos', 'list', ...argv);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(message)]);
    }
    expect(requestsSoFar(emu)).toBe(before);
  });
});
