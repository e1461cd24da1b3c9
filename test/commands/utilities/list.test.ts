// `fiscal utilities list`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../helpers/csv.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let all: Array<Record<string, any>>;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  all = ndjson((await fiscal('utilities', 'list', '--all')).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal utilities list', () => {
  it('choices and months take lists, repeated or comma-separated, as people write them', async () => {
    const month = all.find((u) => ['electricity', 'water'].includes(u.kind) && u.status !== 'paid')!
      .reference_month as string;
    const [y, m] = month.split('-');
    const r = await fiscal(
      'utilities',
      'list',
      '--all',
      '--kind',
      'electricity,water',
      '--status',
      'open',
      '--status',
      'overdue',
      '--month',
      `${m}/${y}`,
    );
    expect(r.code, r.stderr).toBe(0);
    const want = all.filter(
      (u) => ['electricity', 'water'].includes(u.kind) && u.status !== 'paid' && u.reference_month === month,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(ndjson(r.stdout).map((u) => u.id)).toEqual(want.map((u) => u.id));
  });

  it('--min and --max still work as the old names of --min-amount and --max-amount, with a warning', async () => {
    const now = await fiscal('utilities', 'list', '--all', '--min-amount', '100', '--max-amount', '900');
    const old = await fiscal('utilities', 'list', '--all', '--min', '100', '--max', '900');
    expect(old.stdout).toBe(now.stdout);
    expect(ndjson(now.stdout).map((u) => u.id)).toEqual(
      all.filter((u) => Number(u.amount) >= 100 && Number(u.amount) <= 900).map((u) => u.id),
    );
    expect(old.stderr).toMatch(/--min is deprecated .*use --min-amount/);
  });

  it('-o csv writes the spreadsheet columns', async () => {
    const rows = parseCsv((await fiscal('utilities', 'list', '--limit', '2', '-o', 'csv')).stdout);
    expect(rows.map((u) => u.id)).toEqual(all.slice(0, 2).map((u) => u.id));
    expect(Object.keys(rows[0]!).slice(0, 4)).toEqual(['id', 'owner', 'kind', 'provider_name']);
  });

  it('refuses a bad flag before sending anything, naming it (exit 2)', async () => {
    const before = requestsSoFar(emu);
    for (const [argv, message] of [
      [['--kind', 'sewage'], /--kind: "sewage" is not one of electricity/],
      [['--month', '13/2026'], /--month: /],
      [['--due-from', '2026-06-30', '--due-to', '2026-06-01'], /--due-from: 2026-06-30 is after --due-to 2026-06-01/],
      [['--provider', '12.345.678/0001-96'], /--provider: /],
    ] as const) {
      const r = await fiscal('utilities', 'list', ...argv);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(message)]);
    }
    expect(requestsSoFar(emu)).toBe(before);
  });
});
