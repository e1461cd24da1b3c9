// A 401 says where the API id and key in use came from (environment variable, profile) and points
// to `fiscal profile current`, which lists each setting with its source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../helpers/context.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';

const WRONG = 'wrong-key-0000000000000000000000000000';
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
});
afterAll(async () => emu?.close());

describe('a 401 names the source of the credentials', () => {
  it('from the environment: names both variables, and profile current', async () => {
    const env = { FISCAL_BASE_URL: emu.url, FISCAL_API_ID: emu.accounts[0]!.apiId, FISCAL_API_KEY: WRONG };
    const r = await runMain(['companies', 'list'], env);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      'the API ID comes from the environment variable FISCAL_API_ID, the API key from FISCAL_API_KEY',
    );
    expect(r.stderr).toContain('`fiscal profile current`');
    expect(r.stderr).not.toContain(WRONG);
  });

  it('from a profile: names the profile', async () => {
    const env = { FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    const add = ['profile', 'add', 'work', '--api-id', emu.accounts[0]!.apiId, '--base-url', emu.url];
    const added = await runMain([...add, '--api-key-stdin', '--no-verify'], env, `${WRONG}\n`);
    expect(added.code, added.stderr).toBe(0);
    const r = await runMain(['--profile', 'work', 'companies', 'list'], env);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the API ID and API key come from profile "work" (named by --profile)');
    expect(r.stderr).toContain('`fiscal profile current`');
  });
});
