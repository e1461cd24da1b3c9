// `fiscal pull --rate-limit`: the account's quota told to the pacer (R5), in the grammar of the
// emulator's own --rate-limit; a bad value is refused while parsing, naming the flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pullNfeVerb from '../../../src/commands/pull/nfe.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;

interface Summary {
  documents: number;
  http: { requests: number; rate_limited: number; quota: unknown };
}
beforeAll(async () => {
  emu = await startEmulator({ docs: 300, rateLimit: { limit: 3, windowMs: 1000 } });
});
afterAll(async () => emu?.close());

/** `fiscal -o json pull nfe --role received --concurrency 1 <extra>` into a fresh folder: its summary. */
async function pullSummary(extra: string[]): Promise<Summary> {
  const argv = ['-o', 'json', 'pull', 'nfe', '--role', 'received', '--concurrency', '1', ...extra];
  const r = await runMain([...argv, '--dir', tempDir()], emulatorEnv(emu));
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Summary;
}

describe('pull --rate-limit', () => {
  it('R5: told 3/s, a run of several pages against a 3/s limit is answered no 429', async () => {
    emu.resetStats();
    const summary = await pullSummary(['--rate-limit', '3/s']);
    expect(summary.http.requests).toBeGreaterThan(3);
    expect(summary.http.rate_limited).toBe(0);
    expect(emu.stats().rateLimit).toMatchObject({ rejected: 0 });
    expect(summary.documents).toBeGreaterThan(0);
    // The pacer went by the told quota, not by one learned from the headers.
    expect(summary.http.quota).toEqual({ limit: 3, window_ms: 1000, told: true });
  });

  it('R5: not told, the pacer goes by the quota the headers teach, and the summary says so', async () => {
    const summary = await pullSummary(['--max-docs', '150']);
    expect(summary.http.quota).toMatchObject({ limit: 3, told: false });
  });

  it('reads <requests>/[<n>]<s|min> as the quota and its window', () => {
    const quota = (rateLimit: string) =>
      pullNfeVerb.parse({ dir: tempDir(), lockWait: '0', concurrency: '4', role: ['received'], rateLimit }, []).options
        .rateLimit;
    expect(quota('30/5s')).toEqual({ limit: 30, windowMs: 5000 });
    expect(quota('60/min')).toEqual({ limit: 60, windowMs: 60_000 });
    expect(quota('5/s')).toEqual({ limit: 5, windowMs: 1000 });
  });

  it('takes the emulator grammar (60/min) and refuses anything else, naming the flag (exit 2)', async () => {
    const ok = await runMain(
      ['pull', 'nfe', '--role', 'received', '--rate-limit', '600/min', '--max-docs', '1', '--dir', tempDir()],
      emulatorEnv(emu),
    );
    expect(ok.code, ok.stderr).toBe(0);
    for (const bad of ['30', '30/5', '0/5s', '30/5h']) {
      const r = await runMain(['pull', 'nfe', '--role', 'received', '--rate-limit', bad, '--dir', tempDir()], {});
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/--rate-limit: expected <requests>\/\[<n>\]<s\|min>/);
    }
  });
});
