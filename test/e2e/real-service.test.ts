// The real service (issue 12): its documented addresses built in, the filter spellings its public
// examples use, and lookups by key that find a document whatever its emission date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { tempDir } from '../helpers/tree.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

describe('base addresses', () => {
  it('help environment names the documented production and sandbox addresses', async () => {
    const r = await runCli(['help', 'environment']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/FISCAL_PRODUCTION_URL[^]{0,120}https:\/\/api\.arquivei\.com\.br/);
    expect(r.stdout).toMatch(/FISCAL_SANDBOX_URL[^]{0,120}https:\/\/sandbox-api\.arquivei\.com\.br/);
  });

  it('the variable still overrides the built-in address: init --base-url sandbox checks against it', async () => {
    const { apiId, apiKey } = emu.accounts[0]!;
    const r = await runInProcess(['init', '--base-url', 'sandbox', '--api-id', apiId, '--api-key-stdin'], {
      env: { FISCAL_SANDBOX_URL: emu.url },
      input: apiKey,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`The credentials work with ${emu.url}`);
  });

  it('an invalid FISCAL_PRODUCTION_URL exits 2 naming the variable, and nothing is saved', async () => {
    const r = await runInProcess(['init', '--base-url', 'production', '--api-id', 'x', '--api-key-stdin'], {
      env: { FISCAL_PRODUCTION_URL: 'api.example.com' },
      input: 'k',
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/invalid FISCAL_PRODUCTION_URL/);
    expect(r.stderr).toContain('https://api.arquivei.com.br');
  });
});

async function v1(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${emu.url}${path}`, {
    headers: { 'X-API-ID': env.FISCAL_API_ID!, 'X-API-KEY': env.FISCAL_API_KEY!, 'X-Use-ApiGateway': 'always' },
  });
  return { status: res.status, body: await res.json() };
}

const keysOf = (stdout: string) =>
  ndjson(stdout)
    .map((x) => x.AccessKey ?? x.key)
    .sort();

describe('filter spellings of the public examples', () => {
  it('R17: the emulator reads _not_exists like NOT_EXISTS', async () => {
    const lower = await v1(
      `/v1/nfe/received?filter=${encodeURIComponent('(OR (= status done) (_not_exists status))')}&limit=50`,
    );
    const upper = await v1(
      `/v1/nfe/received?filter=${encodeURIComponent('(OR (= status done) (NOT_EXISTS status))')}&limit=50`,
    );
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(lower.body.data.length).toBeGreaterThan(0);
    expect(lower.body.data).toEqual(upper.body.data);
  });

  it('R17: search and pull accept _not_exists and find what NOT_EXISTS finds', async () => {
    const lower = await runInProcess(
      ['search', 'nfe', '--role', 'received', '--filter', '(OR (= status done) (_not_exists status))', '--all'],
      { env },
    );
    const upper = await runInProcess(
      ['search', 'nfe', '--role', 'received', '--filter', '(OR (= status done) (NOT_EXISTS status))', '--all'],
      { env },
    );
    expect(lower.exitCode, lower.stderr).toBe(0);
    expect(keysOf(lower.stdout).length).toBeGreaterThan(0);
    expect(keysOf(lower.stdout)).toEqual(keysOf(upper.stdout));
    const cte = await runInProcess(['search', 'cte', '--role', 'taker', '--filter', '(_not_exists erp_id)', '--all'], {
      env,
    });
    expect(cte.exitCode, cte.stderr).toBe(0);
    expect(keysOf(cte.stdout).length).toBeGreaterThan(0);
    const pull = await runInProcess(
      ['pull', 'mdfe', '--role', 'emitted', '--filter', '(_not_exists erp_id)', '--dir', tempDir('fiscal-pull-')],
      { env },
    );
    expect(pull.exitCode, pull.stderr).toBe(0);
  });

  it('R15: the emulator takes created_at[to]=now as its clock now', async () => {
    const now = await v1('/v1/nfe/received?created_at[from]=2026-06-01&created_at[to]=now&limit=50');
    const open = await v1(
      `/v1/nfe/received?created_at[from]=2026-06-01&created_at[to]=${encodeURIComponent('2026-06-15 12:00:00')}&limit=50`,
    );
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.data.length).toBeGreaterThan(0);
    expect(now.body.data).toEqual(open.body.data);
    const events = await v1('/v1/events/nfe?created_at[from]=2026-01-01&created_at[to]=now');
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    expect(events.body.data.length).toBeGreaterThan(0);
  });

  it('R15: --created-to now works on the v1 listing, the v2 search and the other types', async () => {
    const v1now = await runInProcess(
      [
        'search',
        'nfe',
        '--role',
        'received',
        '--api',
        'v1',
        '--created-from',
        '2026-06-01',
        '--created-to',
        'now',
        '--all',
      ],
      { env },
    );
    const v1open = await runInProcess(
      ['search', 'nfe', '--role', 'received', '--api', 'v1', '--created-from', '2026-06-01', '--all'],
      { env },
    );
    expect(v1now.exitCode, v1now.stderr).toBe(0);
    expect(keysOf(v1now.stdout).length).toBeGreaterThan(0);
    expect(keysOf(v1now.stdout)).toEqual(keysOf(v1open.stdout));
    const v2 = await runInProcess(
      [
        'search',
        'nfe',
        '--role',
        'received',
        '--from',
        '2026-01-01',
        '--created-from',
        '2026-06-01',
        '--created-to',
        'now',
        '--all',
      ],
      { env },
    );
    expect(v2.exitCode, v2.stderr).toBe(0);
    expect(keysOf(v2.stdout)).toEqual(keysOf(v1now.stdout));
    for (const type of ['cte', 'mdfe', 'nfce', 'nfse']) {
      const r = await runInProcess(
        ['search', type, '--created-from', '2026-06-01', '--created-to', 'now', '--limit', '5'],
        {
          env,
        },
      );
      expect(r.exitCode, `${type}: ${r.stderr}`).toBe(0);
    }
    const pull = await runInProcess(
      [
        'pull',
        'nfe',
        '--role',
        'received',
        '--created-from',
        '2026-06-01',
        '--created-to',
        'now',
        '--dir',
        tempDir('fiscal-pull-'),
      ],
      { env },
    );
    expect(pull.exitCode, pull.stderr).toBe(0);
    const bad = await runInProcess(['search', 'nfe', '--created-from', 'now', '--created-to', 'now'], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--created-from/);
  });
});
