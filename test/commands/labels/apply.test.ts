// `fiscal labels apply`, run in process against an emulator: labels land on the documents, a
// document the account does not hold fails its row alone (exit 7), bad input exits 2 naming it.
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
const nfeKeys = (n: number) =>
  emu.store
    .nfesOf(account)
    .entries.slice(0, n)
    .map((e) => e.doc.accessKey);

describe('fiscal labels apply', () => {
  it('--label repeated and comma-separated: every label lands on every document', async () => {
    const keys = nfeKeys(2);
    const r = await fiscal(['labels', 'apply', '--label', 'conferido', '--label', 'pago,arquivado', ...keys]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => [row.id, row.status])).toEqual(keys.map((k) => [k, 'ok']));
    for (const key of keys)
      expect(emu.store.findNfe(account, key)!.tags).toEqual(expect.arrayContaining(['conferido', 'pago', 'arquivado']));
  });

  it('R3: a document of another account fails its row; the others are labelled (exit 7)', async () => {
    const [key] = nfeKeys(1);
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
    const r = await fiscal(['labels', 'apply', '--label', 'parcial', key!, foreign]);
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((row) => row.status)).toEqual(['ok', 'error']);
    expect(emu.store.findNfe(account, key!)!.tags).toContain('parcial');
  });

  it('--dry-run sends nothing', async () => {
    const [key] = nfeKeys(1);
    emu.resetStats();
    const r = await fiscal(['labels', 'apply', '--label', 'nunca', key!, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([{ id: key, status: 'dry-run', labels: 'nunca', message: 'apply nunca' }]);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R7: without --label, with a bad key or a type it does not know: exit 2 naming the problem, nothing sent', async () => {
    const [key] = nfeKeys(1);
    emu.resetStats();
    const none = await fiscal(['labels', 'apply', key!]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--label/);
    const bad = await fiscal(['labels', 'apply', '--label', 'x', '123']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^fiscal: 123: /m);
    const type = await fiscal(['labels', 'apply', '--label', 'x', '--type', 'boleto', key!]);
    expect(type.code).toBe(2);
    expect(type.stderr).toMatch(/--type: "boleto" is not one of nfe, nfce, cte, cteos, nfse, cfesat/);
    expect(emu.stats().requests.total).toBe(0);
  });
});
