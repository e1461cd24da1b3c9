// `fiscal cnpj <cnpj>...`, in process against an emulator: public registry data, a row per CNPJ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../../src/fiscal/tax-id.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
});
afterAll(async () => emu?.close());

const cnpj = (first12: string) => first12 + cnpjCheckDigits(first12);
const masked = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
const lookups = () => emu.stats().requests.byRoute['GET /v1/cnpj/{cnpj}'] ?? 0;

describe('fiscal cnpj', () => {
  it('R8: the same CNPJ masked and as digits is asked once; CSV has the table columns', async () => {
    const a = cnpj('123456780001');
    emu.resetStats();
    const r = await runMain(['cnpj', masked(a), a, '-o', 'csv'], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('cnpj,name,trade_name,situation,situation_date,opened_on,cnae,size,simples,city');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([a]);
    expect(lookups()).toBe(1);
  });

  it('R8: a CNPJ with wrong check digits exits 2 naming it; nothing is sent', async () => {
    emu.resetStats();
    const r = await runMain(['cnpj', cnpj('123456780001'), '12.345.678/0001-00'], emulatorEnv(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"12.345.678/0001-00"');
    expect(r.stderr).toMatch(/check digits/);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('an unknown CNPJ alone is not found (exit 4); beside a known one it is reported and the run exits 7', async () => {
    const unknown = cnpj('000000130001');
    const alone = await runMain(['cnpj', unknown], emulatorEnv(emu));
    expect(alone.code).toBe(4);
    const mixed = await runMain(['cnpj', unknown, cnpj('123456780001'), '-o', 'ndjson'], emulatorEnv(emu));
    expect(mixed.code).toBe(7);
    expect(mixed.stderr).toContain(`fiscal: ${unknown}: `);
    expect(mixed.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('needs at least one CNPJ (exit 2)', async () => {
    const r = await runMain(['cnpj'], emulatorEnv(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cnpj/);
  });
});
