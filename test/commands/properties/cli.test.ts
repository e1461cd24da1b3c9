// `fiscal properties` (in process) against an emulator on a loopback port (R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruralPropertiesOf } from '../../../src/emulator/data/rural-properties.js';
import { runInProcess, ndjson } from '../../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 30 });
});
afterAll(async () => emu?.close());

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
