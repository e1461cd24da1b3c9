// `fiscal properties show <id>`, in process against an emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruralPropertiesOf } from '../../../src/emulator/data/rural-properties.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
});
afterAll(async () => emu?.close());

const owner = () => emu.accounts.findIndex((a) => ruralPropertiesOf(a).length > 0);

describe('fiscal properties show', () => {
  it('shows one rural property by id, the id taken in any case', async () => {
    const i = owner();
    const property = ruralPropertiesOf(emu.accounts[i]!)[0]!;
    const r = await runMain(['properties', 'show', property.id.toLowerCase(), '-o', 'json'], emulatorEnv(emu, i));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([property]);
  });

  it('R3: a property of another account is not found (exit 4)', async () => {
    const i = owner();
    const id = ruralPropertiesOf(emu.accounts[i]!)[0]!.id;
    const other = emu.accounts.findIndex((a, j) => j !== i && !ruralPropertiesOf(a).some((p) => p.id === id));
    const r = await runMain(['properties', 'show', id], emulatorEnv(emu, other));
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(id);
  });

  it('a malformed id exits 2 naming it, before anything is sent', async () => {
    emu.resetStats();
    const r = await runMain(['properties', 'show', '12-34'], emulatorEnv(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid property id "12-34"');
    expect(emu.stats().requests.total).toBe(0);
  });
});
