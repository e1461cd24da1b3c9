// `fiscal props set`, run in process against an emulator (R28): the value lands on each key in the
// role; keys are checked before anything is sent; an unknown key fails alone or, alone, exits 4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let account: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));
const receivedKeys = () => emu.store.nfesOf(account).byRole.received.map((e) => e.doc.accessKey);
const emittedOnly = () =>
  emu.store
    .nfesOf(account)
    .entries.map((e) => e.doc)
    .find((d) => d.roles.every((r) => r.role !== 'received'))!.accessKey;

describe('fiscal props set', () => {
  it('R28: sets the value on every key (default role received), a row per key', async () => {
    const keys = receivedKeys().slice(0, 2);
    const r = await fiscal(['props', 'set', 'erp_ref', 'E7', ...keys]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual(
      keys.map((access_key) => ({ access_key, property: 'erp_ref', value: 'E7', status: 'ok' })),
    );
    for (const key of keys) expect(emu.store.findNfe(account, key)!.properties.erp_ref).toBe('E7');
  });

  it('R28, R3: a key not in the role fails its row and the others are set (exit 7); alone it exits 4', async () => {
    const [key] = receivedKeys();
    const other = emittedOnly();
    const r = await fiscal(['props', 'set', 'erp_ref', 'E8', key!, other]);
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((row) => row.status)).toEqual(['ok', 'error']);
    expect(r.stderr).toContain(other);
    const alone = await fiscal(['props', 'set', 'erp_ref', 'E9', other]);
    expect(alone.code).toBe(4);
  });

  it('--dry-run shows the request and sends nothing', async () => {
    const [key] = receivedKeys();
    emu.resetStats();
    const r = await fiscal(['props', 'set', 'status', 'done', key!, '--role', 'received', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)[0]).toMatchObject({ status: 'dry-run', message: 'PUT /v1/nfe/received/status' });
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R7: a bad property name, key or role exits 2 naming it, before anything is sent', async () => {
    const [key] = receivedKeys();
    emu.resetStats();
    const name = await fiscal(['props', 'set', '1bad', 'x', key!]);
    expect(name.code).toBe(2);
    expect(name.stderr).toMatch(/<property>: a property name/);
    const bad = await fiscal(['props', 'set', 'status', 'x', '123']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^fiscal: invalid access key "123": /m);
    const role = await fiscal(['props', 'set', 'status', 'x', key!, '--role', 'owner']);
    expect(role.code).toBe(2);
    expect(role.stderr).toMatch(/--role/);
    expect(emu.stats().requests.total).toBe(0);
  });
});
