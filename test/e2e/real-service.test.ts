// The real service (issue 12): its documented addresses built in, the filter spellings its public
// examples use, and lookups by key that find a document whatever its emission date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const ndjson = (text: string) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);

describe('base addresses', () => {
  it('help environment names the documented production and sandbox addresses', async () => {
    const r = await runCli(['help', 'environment']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/FISCAL_PRODUCTION_URL[^]{0,120}https:\/\/api\.arquivei\.com\.br/);
    expect(r.stdout).toMatch(/FISCAL_SANDBOX_URL[^]{0,120}https:\/\/sandbox-api\.arquivei\.com\.br/);
  });

  it('the variable still overrides the built-in address: init --base-url sandbox checks against it', async () => {
    const { apiId, apiKey } = emu.accounts[0]!;
    const r = await runCli(['init', '--base-url', 'sandbox', '--api-id', apiId, '--api-key-stdin'], { env: { FISCAL_SANDBOX_URL: emu.url }, input: apiKey });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`The credentials work with ${emu.url}`);
  });

  it('an invalid FISCAL_PRODUCTION_URL exits 2 naming the variable, and nothing is saved', async () => {
    const r = await runCli(['init', '--base-url', 'production', '--api-id', 'x', '--api-key-stdin'], { env: { FISCAL_PRODUCTION_URL: 'api.example.com' }, input: 'k' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/invalid FISCAL_PRODUCTION_URL/);
    expect(r.stderr).toContain('https://api.arquivei.com.br');
  });
});
