// End to end: "No results." (and every other "empty" message) is a finding, said only after a
// listing really completed empty; a listing that failed (401, refused connection) says its error
// and nothing else.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let wrongKey: Record<string, string>;
let refused: Record<string, string>;

/** A loopback port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  emu = await startEmulator({ docs: 30 });
  env = emulatorEnv(emu);
  wrongKey = { ...env, FISCAL_API_KEY: 'wrong-key-0123456789abcdefghijklmnop' };
  refused = { ...env, FISCAL_BASE_URL: `http://127.0.0.1:${await closedPort()}` };
});
afterAll(async () => emu?.close());

const EMPTY = /No results\.|No documents found\.|No events\./;

describe('empty-listing messages', () => {
  it('a listing that completed empty says so (table on stderr)', async () => {
    const r = await runCli(
      ['-o', 'table', 'search', 'nfe', '--role', 'received', '--filter', '(= status nothing-is-like-this)'],
      { env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('No results.');
  });

  it.each([
    ['search nfe', ['search', 'nfe', '--role', 'received']],
    ['search nfe --summary', ['search', 'nfe', '--role', 'received', '--summary']],
    ['search cte', ['search', 'cte', '--role', 'taker']],
    ['companies list', ['companies', 'list']],
  ])('R2: %s with a wrong key exits 3 with the 401 and no "No results."', async (_name, args) => {
    const r = await runInProcess(['-o', 'table', ...args], { env: wrongKey });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/401/);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(EMPTY);
  });

  it('search nfe against a refused connection exits 5 with the network error and no "No results."', async () => {
    const r = await runInProcess(['-o', 'table', 'search', 'nfe', '--role', 'received'], { env: refused });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/refused|ECONNREFUSED/i);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(EMPTY);
    // Backoff between the attempts makes this the slowest case: time for a loaded machine.
  }, 90_000);

  it('a JSON listing that failed before its first row writes nothing on stdout (no [] to read as "none"), and says nothing about emptiness', async () => {
    const r = await runInProcess(['-o', 'json', 'search', 'nfe', '--role', 'received'], { env: wrongKey });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(EMPTY);
  });
});
