// `fiscal latam list`, in process against an emulator: the account's LATAM documents, filtered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
});
afterAll(async () => emu?.close());

const list = async (...argv: string[]) => runMain(['latam', 'list', ...argv], emulatorEnv(emu));

describe('fiscal latam list', () => {
  it('filters by country, issuer and issue dates (dd/mm/yyyy read too), and stops at --limit', async () => {
    const all = ndjson((await list()).stdout);
    expect(all.length).toBeGreaterThan(4);
    const cl = await list('--country', 'CL');
    expect(cl.code, cl.stderr).toBe(0);
    expect(ndjson(cl.stdout).map((x) => x.id)).toEqual(all.filter((x) => x.country === 'CL').map((x) => x.id));
    const day = String(all[2]!.issued_at).slice(0, 10);
    const [y, m, d] = day.split('-');
    const oneDay = ndjson((await list('--issued-from', `${d}/${m}/${y}`, '--issued-to', day)).stdout);
    expect(oneDay.map((x) => x.id)).toEqual(all.filter((x) => x.issued_at.slice(0, 10) === day).map((x) => x.id));
    const issuer = all[0]!.issuer.tax_id as string;
    const limited = ndjson((await list('--issuer', issuer, '--limit', '1')).stdout);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.issuer.tax_id).toBe(issuer);
  });

  it('bad values exit 2 naming the flag, before anything is sent', async () => {
    emu.resetStats();
    const date = await list('--issued-to', '2026-13-01');
    expect(date.code).toBe(2);
    expect(date.stderr).toContain('--issued-to: "2026-13-01"');
    const limit = await list('--limit', '0');
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain('--limit');
    const reversed = await list('--issued-from', '2026-03-01', '--issued-to', '2026-02-01');
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('--issued-from 2026-03-01 is after --issued-to 2026-02-01');
    expect(emu.stats().requests.total).toBe(0);
  });
});
