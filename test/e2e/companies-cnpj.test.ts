// End to end: `fiscal companies`, `fiscal properties` and `fiscal cnpj` (built CLI) against an
// emulator on a loopback port (R3, R8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruralPropertiesOf } from '../../src/emulator/data/rural-properties.js';
import { cnpjCheckDigits } from '../../src/fiscal/tax-id.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 30 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const ndjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
const cnpj = (first12: string) => first12 + cnpjCheckDigits(first12);
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
    expect(lines[0]).toMatch(/^CNPJ,NAME,/);
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

describe('fiscal properties', () => {
  it("R3: list and show the rural properties of the account; another account's id exits 4", async () => {
    const owner = emu.accounts.findIndex((a) => ruralPropertiesOf(a).length > 0);
    expect(owner).toBeGreaterThanOrEqual(0);
    const ownerEnv = emulatorEnv(emu, owner);
    const expected = ruralPropertiesOf(emu.accounts[owner]!);
    const r = await runInProcess(['properties', 'list'], { env: ownerEnv });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((p) => p.id)).toEqual(expected.map((p) => p.id));
    const one = await runInProcess(['properties', 'show', expected[0]!.id], { env: ownerEnv });
    expect(ndjson(one.stdout)).toEqual([expected[0]]);
    const other = emu.accounts.findIndex(
      (a, i) => i !== owner && !ruralPropertiesOf(a).some((p) => p.id === expected[0]!.id),
    );
    const foreign = await runInProcess(['properties', 'show', expected[0]!.id], { env: emulatorEnv(emu, other) });
    expect(foreign.exitCode, foreign.stderr).toBe(4);
  });
});

describe('fiscal cnpj', () => {
  it('a row per CNPJ; -o json carries the whole record', async () => {
    const a = cnpj('123456780001');
    const b = emu.accounts[2]!.companies[0]!;
    const r = await runInProcess(['cnpj', formatted(a), b.cnpj, '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = JSON.parse(r.stdout) as Record<string, any>[];
    expect(records.map((x) => x.cnpj)).toEqual([a, b.cnpj]);
    expect(records[1]).toMatchObject({ name: b.name, situation: 'ATIVA' });
    expect(records[0]!.address.cep).toMatch(/^\d{8}$/);
    expect(Array.isArray(records[0]!.partners)).toBe(true);
  });

  it('R8: a bad CNPJ exits 2 naming the argument before anything is sent', async () => {
    const before = emu.stats().requests.total;
    const r = await runInProcess(['cnpj', cnpj('123456780001'), '1234'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/"1234"/);
    expect(emu.stats().requests.total).toBe(before);
  });

  it('an unknown CNPJ is reported and the others go on: exit 7; only unknown ones: exit 4', async () => {
    const unknown = cnpj('000000130001');
    const some = await runInProcess(['cnpj', unknown, cnpj('123456780001')], { env });
    expect(some.exitCode, some.stderr).toBe(7);
    expect(some.stderr).toContain(unknown);
    expect(ndjson(some.stdout)).toHaveLength(1);
    const none = await runInProcess(['cnpj', unknown], { env });
    expect(none.exitCode, none.stderr).toBe(4);
  });
});
