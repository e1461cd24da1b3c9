// `fiscal properties list`, in process against an emulator: the rural properties of the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruralPropertiesOf } from '../../../src/emulator/data/rural-properties.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
});
afterAll(async () => emu?.close());

const withProperties = () => emu.accounts.findIndex((a) => ruralPropertiesOf(a).length > 0);

describe('fiscal properties list', () => {
  it('R3: one record per rural property of the account, whole as NDJSON, read from GET /v1/properties', async () => {
    const i = withProperties();
    emu.resetStats();
    const r = await runMain(['properties', 'list'], emulatorEnv(emu, i));
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual(ruralPropertiesOf(emu.accounts[i]!));
    // The page, then the empty page that ends the listing (R12).
    expect(emu.stats().requests.byRoute['GET /v1/properties']).toBe(2);
  });

  it('shows the property columns in CSV, the alias ls works, and no property is an empty list (exit 0)', async () => {
    const i = withProperties();
    const csv = await runMain(['properties', 'ls', '-o', 'csv'], emulatorEnv(emu, i));
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('id,name,producer,cpf_cnpj,state_registration,uf,city,hectares');
    expect(lines).toHaveLength(ruralPropertiesOf(emu.accounts[i]!).length + 1);
    const none = emu.accounts.findIndex((a) => ruralPropertiesOf(a).length === 0);
    if (none >= 0) {
      const empty = await runMain(['properties', 'list', '-o', 'json'], emulatorEnv(emu, none));
      expect(empty.code, empty.stderr).toBe(0);
      expect(JSON.parse(empty.stdout)).toEqual([]);
    }
  });

  it('takes no argument (exit 2)', async () => {
    const r = await runMain(['properties', 'list', 'MT123'], emulatorEnv(emu));
    expect(r.code).toBe(2);
  });
});
