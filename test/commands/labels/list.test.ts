// `fiscal labels list`, run in process against an emulator: one row per label of the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
});
afterAll(async () => emu?.close());

describe('fiscal labels list', () => {
  it('lists each label once with how many documents carry it; ls is the same verb', async () => {
    const account = emu.accounts[0]!.id;
    const [a, b] = emu.store.nfesOf(account).entries.map((e) => e.doc);
    a!.tags = [...a!.tags, 'lista-teste'];
    b!.tags = [...b!.tags, 'lista-teste'];
    const r = await runMain(['-o', 'ndjson', 'labels', 'list'], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.find((row) => row.name === 'lista-teste')).toEqual({ name: 'lista-teste', documents: 2 });
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    const ls = await runMain(['-o', 'ndjson', 'labels', 'ls'], emulatorEnv(emu));
    expect(ls.stdout).toBe(r.stdout);
  });

  it('refuses an argument it does not take (exit 2)', async () => {
    const r = await runMain(['labels', 'list', 'extra'], emulatorEnv(emu));
    expect(r.code).toBe(2);
  });
});
