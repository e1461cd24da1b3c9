// `search --all` into a file with stderr on a terminal: progress shows on stderr, the file gets
// only the records.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/context.js';

let emu: TestEmulator;
beforeAll(async () => {
  // The spinner library loads in the background when a progress starts; on a loaded machine that
  // can take longer than the whole search, and then nothing is drawn. Loaded here first, the test
  // sees the same drawing whatever the load.
  await import('ora');
  // Slow pages, several of them: the search lasts long enough for progress to be drawn.
  emu = await startEmulator({ docs: 1500, faults: 'latency=150-150' });
});
afterAll(async () => emu?.close());

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function search(args: string[], stdoutIsTTY: boolean) {
  const stdout = new Capture();
  const stderr = Object.assign(new Capture(), { columns: 200 });
  const code = await main(args, {
    env: { ...emulatorEnv(emu), FISCAL_CONFIG_DIR: tempDir(), NO_COLOR: '1' },
    io: { stdout, stderr, stdoutIsTTY, stderrIsTTY: true, stdinIsTTY: false },
    signal: new AbortController().signal,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('search --all progress', () => {
  const ARGS = ['search', 'nfe', '--role', 'received', '--from', '2025-01-01', '--to', '2026-06-15', '--all'];

  it('shows documents done of the total, with a percentage, on stderr while stdout is a file', async () => {
    const r = await search([...ARGS, '--summary', '-o', 'csv'], false);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n').length - 1;
    expect(rows).toBeGreaterThan(500);
    expect(r.stderr).toMatch(new RegExp(`\\d+/${rows} documents \\d+% .*searching`));
    expect(r.stdout).not.toMatch(/searching|\u001b/);
  }, 60_000);

  it('shows none when the records go to the terminal themselves', async () => {
    const r = await search([...ARGS.slice(0, -1), '--limit', '600', '-o', 'ndjson'], true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/searching/);
  }, 60_000);
});
