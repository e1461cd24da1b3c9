// `fiscal cnpj` (in process) against an emulator on a loopback port (R8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../../src/fiscal/tax-id.js';
import { runInProcess, ndjson } from '../../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 30 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const cnpj = (first12: string) => first12 + cnpjCheckDigits(first12);
const formatted = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

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
