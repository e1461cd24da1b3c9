// `fiscal companies` (the built CLI, and in process) against an emulator on a loopback port (R3, R8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, ndjson } from '../../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 30 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const formatted = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

describe('fiscal companies', () => {
  it("R3: list shows the account's companies, as NDJSON when piped and as CSV", async () => {
    const r = await runCli(['companies', 'list'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => row.cnpj)).toEqual(emu.accounts[0]!.companies.map((c) => c.cnpj));
    expect(rows[0]!.documents.length).toBeGreaterThan(0);
    const csv = await runInProcess(['companies', 'list', '-o', 'csv'], { env });
    expect(csv.exitCode, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    // Named for programs, as the JSON names the fields it shows as they are (REGIME is a label of tax_regime).
    expect(lines[0]).toBe('cnpj,name,trade_name,state_registration,uf,city,regime,documents');
    for (const name of ['cnpj', 'name', 'trade_name', 'state_registration', 'uf', 'city'])
      expect(rows[0]).toHaveProperty(name);
    expect(lines).toHaveLength(emu.accounts[0]!.companies.length + 1);
  });

  it("R3: show accepts a formatted CNPJ; another account's company exits 4", async () => {
    const mine = emu.accounts[0]!.companies[1]!;
    const r = await runInProcess(['companies', 'show', formatted(mine.cnpj), '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject([{ cnpj: mine.cnpj, name: mine.name }]);
    const theirs = await runInProcess(['companies', 'show', emu.accounts[1]!.companies[0]!.cnpj], { env });
    expect(theirs.exitCode, theirs.stderr).toBe(4);
  });

  it('R8: a CNPJ with wrong check digits exits 2 naming it, and nothing is sent', async () => {
    const before = emu.stats().requests.total;
    const r = await runInProcess(['companies', 'show', '12.345.678/0001-00'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/12\.345\.678\/0001-00.*check digits/);
    expect(emu.stats().requests.total).toBe(before);
  });
});
