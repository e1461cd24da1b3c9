// End to end: the first pull of a large account reads disjoint created_at windows at once (a
// backfill), then goes on as one incremental listing. Interrupted by kill -9 anywhere, a re-run
// leaves the same files (bytes) and the same set of index lines as an uninterrupted backfill (the
// windows' lines interleave as their pages arrived); the files and index lines are those of a pull
// that reads the listing page after page.
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { interruptRun, requestsOf } from '../helpers/interrupt.js';
import { pullSnapshot, readNdjson, snapshot, tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'received', '--without-events'];
const withoutState = (t: Record<string, string>) =>
  Object.fromEntries(Object.entries(t).filter(([k]) => !k.startsWith('.fiscal')));
const sortedLines = (dir: string) => readFileSync(join(dir, 'index.ndjson'), 'utf8').split('\n').filter(Boolean).sort();
const checkpoints = (dir: string) =>
  readdirSync(join(dir, '.fiscal', 'checkpoints')).map((n) =>
    JSON.parse(readFileSync(join(dir, '.fiscal', 'checkpoints', n), 'utf8')),
  );

let emu: TestEmulator;
let env: Record<string, string>;
let backfilled: string;
/** API requests of one whole backfill: a kill before the last of them lands in a run not ended. */
let requests: number;
/** That backfill's summary line (JSON: stdout is not a terminal). */
let summaryLine: { documents: number; streams: { role: string; total: number | null }[] };

beforeAll(async () => {
  emu = await startEmulator({ docs: 3000, faults: 'latency=20-60' });
  env = emulatorEnv(emu);
  backfilled = tempDir();
  requests = await requestsOf(emu, async () => {
    const r = await runInProcess([...PULL, '--dir', backfilled], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    summaryLine = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  });
  // One pull of 3000 documents on a loaded machine.
}, 240_000);
afterAll(async () => emu?.close());

/**
 * Kills a pull with SIGKILL while it waits for the answer to its API request number `after + 1`
 * (the emulator holds it), `settleMs` later: the kill lands whatever the machine's speed.
 */
async function killAt(dir: string, after: number, settleMs: number, pull = PULL) {
  const { result, landed } = await interruptRun(emu, [...pull, '--dir', dir], { env, after, settleMs });
  return landed && result.signal === 'SIGKILL';
}

describe('fiscal pull nfe: backfill of a large account', () => {
  it('splits the first pull into created_at windows, each with its own checkpoint, and writes what a page-by-page pull writes', async () => {
    const all = checkpoints(backfilled);
    const main = all.find((c) => c.stream.window === undefined);
    const windows = all.filter((c) => c.stream.window !== undefined);
    // Some 1,700 documents: one window up to the run's start, the stream itself from there.
    expect(windows).toHaveLength(1);
    expect(main.windows).toHaveLength(windows.length);
    for (const w of windows) expect(w.done).toBe(true);
    // The windows are disjoint and in order, and the stream itself reads the last one.
    const ranges = [...main.windows, main.range];
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].from > ranges[i - 1].to).toBe(true);
    expect(ranges.at(-1).to).toBe('2099-12-31 23:59:59');
    // The stream's total is the plan's first count: what the progress line counts toward.
    const stream = summaryLine.streams.find((x) => x.role === 'received')!;
    expect(stream.total).toBe(summaryLine.documents);

    const sequential = tempDir();
    const r = await runInProcess([...PULL, '--dir', sequential, '--concurrency', '1'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(checkpoints(sequential)).toHaveLength(1);
    expect(withoutState(snapshot(backfilled))).toEqual(
      Object.assign(withoutState(snapshot(sequential)), { 'index.ndjson': expect.any(String) }),
    );
    expect(sortedLines(backfilled)).toEqual(sortedLines(sequential));
    expect(new Set(readNdjson(join(backfilled, 'index.ndjson')).map((x) => x.key)).size).toBe(
      sortedLines(backfilled).length,
    );
  });

  it('after kill -9 at random moments of the backfill, a re-run leaves the same files and the same set of index lines', async () => {
    const expected = pullSnapshot(backfilled);
    // A fixed pseudo-random sequence: the kills land in planning (the first request held), between
    // commits, and at the end (the last request held, everything else written).
    let seed = 13;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let interrupted = 0;
    const trials = 5;
    for (let trial = 0; trial < trials; trial++) {
      const dir = tempDir();
      const after = trial === 0 ? 0 : trial === trials - 1 ? requests - 1 : 1 + Math.floor(next() * (requests - 2));
      if (await killAt(dir, after, Math.floor(next() * 400))) interrupted++;
      const resumed = await runInProcess([...PULL, '--dir', dir], { env });
      expect(resumed.exitCode, resumed.stderr).toBe(0);
      expect(pullSnapshot(dir)).toEqual(expected);
      // Removed here, within this test's time: on a loaded machine the file's cleanup hook took
      // more than its minute over every folder of the file.
      rmSync(dir, { recursive: true, force: true });
    }
    expect(interrupted).toBe(trials);
    // Ten runs of the CLI over 3000 documents: time enough for a heavily loaded machine.
  }, 600_000);

  it('two roles backfilled at once (windows read 250 at a time on v2), killed -9 twice in a row at random points, resume to the same files and index lines', async () => {
    const both = ['pull', 'nfe', '--role', 'received,emitted', '--without-events'];
    const clean = tempDir();
    await emu.resetStats();
    const r = await runInProcess([...both, '--dir', clean], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    // The windows are read on v2 (the planning counts are v2 requests too); the streams themselves on v1.
    const routes = emu.stats().requests.byRoute;
    expect(routes['POST /v2/dfe/nfe']).toBeGreaterThan(0);
    const all = checkpoints(clean);
    expect(all.filter((c) => c.stream.window !== undefined).length).toBeGreaterThanOrEqual(2);
    expect(new Set(all.map((c) => c.stream.role))).toEqual(new Set(['received', 'emitted']));
    const expected = pullSnapshot(clean);
    const requests = Object.values(routes).reduce((a, b) => a + b, 0);
    let seed = 29;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let interrupted = 0;
    for (let trial = 0; trial < 2; trial++) {
      const dir = tempDir();
      // Two kills in a row, the second one into the resumed backfill, then a run to the end. The
      // resumed run's requests are counted on a copy of the folder, so that its kill lands too.
      if (await killAt(dir, Math.floor((0.1 + next() * 0.4) * requests), Math.floor(next() * 300), both)) interrupted++;
      const copy = tempDir();
      cpSync(dir, copy, { recursive: true });
      const left = await requestsOf(emu, () => runInProcess([...both, '--dir', copy], { env }));
      rmSync(copy, { recursive: true, force: true });
      if (await killAt(dir, Math.floor(next() * left), Math.floor(next() * 300), both)) interrupted++;
      const resumed = await runInProcess([...both, '--dir', dir], { env });
      expect(resumed.exitCode, resumed.stderr).toBe(0);
      expect(pullSnapshot(dir)).toEqual(expected);
      // Removed here, within this test's time: the file's cleanup hook has a minute for the rest.
      rmSync(dir, { recursive: true, force: true });
    }
    rmSync(clean, { recursive: true, force: true });
    expect(interrupted).toBe(4);
  }, 600_000);

  it('R13: once the backfill is done, a run reads only the stream itself, and only what is new', async () => {
    const again = await runInProcess([...PULL, '--dir', backfilled, '-o', 'json'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ documents: 0, http: { requests: 1 } });
    const before = readFileSync(join(backfilled, 'index.ndjson'), 'utf8');
    await emu.addArrivals(60);
    const third = await runInProcess([...PULL, '--dir', backfilled, '-o', 'json'], { env });
    expect(third.exitCode, third.stderr).toBe(0);
    const summary = JSON.parse(third.stdout);
    expect(summary.documents).toBeGreaterThan(0);
    expect(summary.http.requests).toBeLessThanOrEqual(Math.ceil(summary.documents / 50) + 1);
    const after = readFileSync(join(backfilled, 'index.ndjson'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length).split('\n').filter(Boolean)).toHaveLength(summary.documents);
  });

  it('--api v2 backfills with 500-document pages and files the same bytes at the same paths', async () => {
    const dir = tempDir();
    const r = await runInProcess([...PULL, '--dir', dir, '--api', 'v2', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(checkpoints(dir).filter((c) => c.stream.window !== undefined).length).toBeGreaterThanOrEqual(1);
    const v1 = new Map(readNdjson(join(backfilled, 'index.ndjson')).map((x) => [x.key, x]));
    const v2 = readNdjson(join(dir, 'index.ndjson'));
    expect(new Set(v2.map((x) => x.key)).size).toBe(v2.length);
    for (const x of v2)
      expect({ path: x.path, sha256: x.sha256 }).toEqual({ path: v1.get(x.key)?.path, sha256: v1.get(x.key)?.sha256 });
  });
});

describe('fiscal pull nfe: backfill on windows read at once (5,000 documents and more)', () => {
  let large: TestEmulator;
  let largeEnv: Record<string, string>;
  beforeAll(async () => {
    // Some 5,600 received documents.
    large = await startEmulator({ docs: 10_000, faults: 'latency=5-20' });
    largeEnv = emulatorEnv(large);
  }, 120_000);
  afterAll(async () => large?.close());

  it('reads its windows at once, writes what a page-by-page pull writes, and after kill -9 while they are read a re-run ends the same', async () => {
    const whole = tempDir();
    const requests = await requestsOf(large, async () => {
      const w = await runInProcess([...PULL, '--dir', whole], { env: largeEnv });
      expect(w.exitCode, w.stderr).toBe(0);
    });
    const windows = checkpoints(whole).filter((c) => c.stream.window !== undefined);
    // The four slots of the default --concurrency 4 read two windows each; the stream itself reads
    // on from the start of a recent day, and its slot then reads windows too.
    expect(windows).toHaveLength(8);
    for (const w of windows) expect(w.done).toBe(true);
    const sequential = tempDir();
    const r = await runInProcess([...PULL, '--dir', sequential, '--concurrency', '1'], { env: largeEnv });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(withoutState(snapshot(whole))).toEqual(
      Object.assign(withoutState(snapshot(sequential)), { 'index.ndjson': expect.any(String) }),
    );
    expect(sortedLines(whole)).toEqual(sortedLines(sequential));

    // Killed halfway through the windows' pages (the emulator holds the request it waits for).
    const dir = tempDir();
    const { result, landed } = await interruptRun(large, [...PULL, '--dir', dir], {
      env: largeEnv,
      after: Math.floor(requests / 2),
      settleMs: 150,
    });
    expect(landed && result.signal).toBe('SIGKILL');
    const resumed = await runInProcess([...PULL, '--dir', dir], { env: largeEnv });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(pullSnapshot(dir)).toEqual(pullSnapshot(whole));
    for (const d of [whole, sequential, dir]) rmSync(d, { recursive: true, force: true });
  }, 600_000);
});
