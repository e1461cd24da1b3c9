// `fiscal labels remove`, run in process against an emulator: the labels come off the documents
// and the others stay.
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

describe('fiscal labels remove', () => {
  it('takes the given labels off and answers the labels left', async () => {
    const doc = emu.store.nfesOf(account).entries[0]!.doc;
    doc.tags = ['fica', 'sai', 'tambem-sai'];
    const r = await fiscal(['labels', 'remove', '--label', 'sai,tambem-sai', doc.accessKey]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([{ id: doc.accessKey, status: 'ok', labels: 'fica' }]);
    expect(emu.store.findNfe(account, doc.accessKey)!.tags).toEqual(['fica']);
  });

  it('without an id nor --stdin: exit 2', async () => {
    const r = await fiscal(['labels', 'remove', '--label', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/give at least one document id, or --stdin/);
  });
});
