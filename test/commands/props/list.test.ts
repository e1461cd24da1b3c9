// `fiscal props list`, run in process against an emulator: the account's properties, `status`
// always among them (R28).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
});
afterAll(async () => emu?.close());

describe('fiscal props list', () => {
  it('R28: lists status as the default property and counts the documents of a new one', async () => {
    const account = emu.accounts[0]!.id;
    const doc = emu.store.nfesOf(account).entries[0]!.doc;
    doc.properties = { ...doc.properties, erp_lote: '7' };
    const r = await runMain(['-o', 'ndjson', 'props', 'list'], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.find((p) => p.name === 'status')).toMatchObject({ default: true });
    expect(rows.find((p) => p.name === 'erp_lote')).toEqual({ name: 'erp_lote', default: false, documents: 1 });
  });

  it('as CSV: a header and a row per property', async () => {
    const r = await runMain(['-o', 'csv', 'props', 'ls'], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/name.*default.*documents/i);
  });
});
