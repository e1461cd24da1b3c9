// End to end, issue "the wrong account": with one account's credentials exported, an explicit
// --profile holding another account must use that other account (and say which variables it left
// aside), and `fiscal profile current` says where each setting comes from, offline, key masked.
// R3: each account sees only its own documents, which tells the two accounts apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, freshConfigDir, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
/** Account 1's credentials in the environment, and a config dir whose profile `b` holds account 2. */
let env: Record<string, string>;

const WIDE = ['--from', '2025-01-01', '--to', '2026-06-15'];

beforeAll(async () => {
  emu = await startEmulator({ docs: 40, otherDocs: 10 });
  env = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: freshConfigDir() };
  const b = emu.accounts[1]!;
  const add = await runInProcess(
    ['profile', 'add', 'b', '--api-id', b.apiId, '--base-url', emu.url, '--api-key-stdin'],
    {
      env,
      input: b.apiKey,
    },
  );
  expect(add.exitCode, add.stderr).toBe(0);
});
afterAll(async () => emu?.close());

const holder = (key: string) => emu.accounts.findIndex((a) => emu.store.findNfe(a.id, key) !== undefined);

describe('--profile with FISCAL_* credentials exported', () => {
  it("R3: the profile's account is used, and a notice names the environment variables left aside", async () => {
    const r = await runCli(['--profile', 'b', 'search', 'nfe', ...WIDE, '--limit', '5', '-o', 'ndjson'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const keys = ndjson(r.stdout).map((d) => d.AccessKey as string);
    expect(keys).toHaveLength(5);
    expect(keys.map(holder)).toEqual([1, 1, 1, 1, 1]);
    expect(r.stderr).toMatch(/--profile b: .*ignoring FISCAL_API_ID, FISCAL_API_KEY from the environment/);
    expect(r.stderr).not.toContain('FISCAL_BASE_URL'); // the same server: nothing left aside
  });

  it('R3: without --profile the environment is used, as before, with no notice', async () => {
    const r = await runInProcess(['search', 'nfe', ...WIDE, '--limit', '3', '-o', 'ndjson'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => holder(d.AccessKey))).toEqual([0, 0, 0]);
    expect(r.stderr).not.toContain('ignoring');
  });

  it('FISCAL_PROFILE selects a profile as before: the exported credentials still win', async () => {
    const r = await runInProcess(['search', 'nfe', ...WIDE, '--limit', '3', '-o', 'ndjson'], {
      env: { ...env, FISCAL_PROFILE: 'b' },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => holder(d.AccessKey))).toEqual([0, 0, 0]);
  });
});

describe('fiscal profile current', () => {
  const secrets = () => emu.accounts.map((a) => a.apiKey);

  it('says where each setting comes from, masks the key and sends nothing', async () => {
    const before = emu.stats().requests;
    const r = await runInProcess(['--profile', 'b', 'profile', 'current', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const b = emu.accounts[1]!;
    expect(JSON.parse(r.stdout)).toEqual([
      { setting: 'profile', value: 'b', source: 'flag --profile' },
      { setting: 'base_url', value: emu.url, source: 'profile "b"' },
      { setting: 'api_id', value: b.apiId, source: 'profile "b"' },
      { setting: 'api_key', value: `****${b.apiKey.slice(-4)}`, source: 'profile "b"' },
    ]);
    expect(r.stderr).toContain('ignoring FISCAL_API_ID, FISCAL_API_KEY');
    expect(emu.stats().requests).toEqual(before);
    for (const key of secrets()) expect(r.stdout + r.stderr).not.toContain(key);
  });

  it('names the environment variables when they are used, and the default when nothing names a base URL', async () => {
    const r = await runInProcess(['profile', 'current', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { setting: 'profile', value: '', source: 'not set' }, // complete in the environment: no profile is read
      { setting: 'base_url', value: emu.url, source: 'env FISCAL_BASE_URL' },
      { setting: 'api_id', value: emu.accounts[0]!.apiId, source: 'env FISCAL_API_ID' },
      { setting: 'api_key', value: `****${emu.accounts[0]!.apiKey.slice(-4)}`, source: 'env FISCAL_API_KEY' },
    ]);
    const bare = await runInProcess(['profile', 'current', '-o', 'table'], {
      env: { FISCAL_PRODUCTION_URL: 'https://prod.example.com' },
    });
    expect(bare.exitCode, bare.stderr).toBe(0);
    expect(bare.stdout).toMatch(/base_url\s+https:\/\/prod\.example\.com\s+default/);
    expect(bare.stdout).toMatch(/api_key\s+not set/);
    for (const key of secrets()) expect(r.stdout + r.stderr + bare.stdout + bare.stderr).not.toContain(key);
  });

  it('the built-in emulator profile is not started to answer', async () => {
    const r = await runInProcess(['--profile', 'emulator', 'profile', 'current', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, string>[];
    expect(rows.map((x) => x.source)).toEqual([
      'flag --profile',
      'built-in emulator',
      'built-in emulator',
      'built-in emulator',
    ]);
    expect(rows[1]!.value).not.toMatch(/:\d+$/);
  });
});
