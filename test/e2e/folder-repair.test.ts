// End to end: an index.ndjson broken outside fiscal (random bytes over it, bytes replaced in its
// middle, deleted, cut mid-line) is detected before the run relies on it, with the position of the
// first line that cannot be read; and the advice given, `--restart`, repairs it: the folder ends
// as one clean pull leaves it (each document once, the same files).
import { readFileSync, rmSync, truncateSync, writeFileSync, cpSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { snapshot, tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'received'];
const LOGS = ['index.ndjson', 'status-journal.ndjson'];
const withoutState = (t: Record<string, string>) =>
  Object.fromEntries(Object.entries(t).filter(([k]) => !k.startsWith('.fiscal') && !LOGS.includes(k)));
const sortedLines = (dir: string) => readFileSync(join(dir, 'index.ndjson'), 'utf8').split('\n').filter(Boolean).sort();
/** The statuses the folder learnt, as a set: a run after --restart may learn one again. */
const journal = (dir: string) =>
  [...new Set(readFileSync(join(dir, 'status-journal.ndjson'), 'utf8').split('\n').filter(Boolean))].sort();

let emu: TestEmulator;
let env: Record<string, string>;
let reference: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 300 });
  env = emulatorEnv(emu);
  reference = tempDir();
  const r = await runInProcess([...PULL, '--dir', reference], { env });
  expect(r.exitCode, r.stderr).toBe(0);
});
afterAll(async () => emu?.close());

/** A copy of the reference folder with its index broken by `breakIt`. */
function broken(breakIt: (index: string) => void): string {
  const dir = tempDir();
  cpSync(reference, dir, { recursive: true });
  breakIt(join(dir, 'index.ndjson'));
  return dir;
}

/** A pseudo-random byte string: the same on every run. */
function noise(n: number, seed = 7): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
  return out;
}

describe('a broken index.ndjson', () => {
  it.each([
    [
      'random bytes over the whole file',
      (index: string) => writeFileSync(index, noise(statSync(index).size)),
      /index\.ndjson: line 1 \(byte 0\) cannot be read/,
    ],
    [
      '300 bytes replaced in its middle',
      (index: string) => {
        const bytes = readFileSync(index);
        noise(300, 11).copy(bytes, Math.floor(bytes.length / 2));
        writeFileSync(index, bytes);
      },
      /index\.ndjson: line \d+ \(byte \d+\) cannot be read/,
    ],
    ['deleted', (index: string) => rmSync(index), /index\.ndjson is shorter \(0 bytes\) than its checkpoints record/],
    [
      'cut mid-line',
      (index: string) => truncateSync(index, statSync(index).size - 40),
      /index\.ndjson is shorter \(\d+ bytes\) than its checkpoints record/,
    ],
  ] as const)('%s: told with its position, and the advised --restart repairs it', async (_what, breakIt, said) => {
    const dir = broken(breakIt);
    const r = await runInProcess([...PULL, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(said);
    expect(r.stderr).toMatch(/run again with --restart/);
    // The run changed nothing it could not read: the same advice still holds.
    const again = await runInProcess([...PULL, '--dir', dir], { env });
    expect(again.exitCode).toBe(ExitCode.usage);

    // The advice, followed.
    const repaired = await runInProcess([...PULL, '--dir', dir, '--restart'], { env });
    expect(repaired.exitCode, repaired.stderr).toBe(0);
    expect(repaired.stderr).not.toMatch(/up to date/);
    expect(withoutState(snapshot(dir))).toEqual(withoutState(snapshot(reference)));
    expect(sortedLines(dir)).toEqual(sortedLines(reference));
    expect(journal(dir)).toEqual(journal(reference));
    const after = await runInProcess([...PULL, '--dir', dir], { env });
    expect(after.exitCode, after.stderr).toBe(0);
    expect(after.stderr).toMatch(/up to date/);
    expect(sortedLines(dir)).toEqual(sortedLines(reference));
  });
});
