// R7: access keys as people paste them: printed on a DANFe in groups of four, or as an XML Id
// (`NFe...`), are the key itself, wherever a key is read; a bad key gets one wording everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastedAccessKey } from '../../src/fiscal/access-key.js';
import { runMain } from '../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let key: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 40, otherDocs: 5, accounts: 1 });
  env = emulatorEnv(emu);
  key = emu.store.nfesOf(emu.accounts[0]!.id).byRole.received[0]!.doc.accessKey;
});
afterAll(async () => emu?.close());

const danfe = (k: string) => k.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('R7: pasted access keys', () => {
  it('the printed groups, dots and the NFe prefix are read as the key; anything else is left to be refused', () => {
    const k = '35260112345678000195550010000012341000012343';
    expect(pastedAccessKey(danfe(k))).toBe(k);
    expect(pastedAccessKey(`NFe${k}`)).toBe(k);
    expect(pastedAccessKey(` nfe ${danfe(k)} `)).toBe(k);
    expect(pastedAccessKey(k.replace(/(\d{4})(?=\d)/g, '$1.'))).toBe(k);
    expect(pastedAccessKey('3526 0112')).toBe('3526 0112');
    expect(pastedAccessKey('abc')).toBe('abc');
  });

  it('search nfe --key as printed on a DANFe, and with the NFe prefix, finds the note', async () => {
    for (const pasted of [danfe(key), `NFe${key}`]) {
      const r = await runMain(['search', 'nfe', '--key', pasted, '-o', 'json'], env);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { AccessKey: string }[]).map((x) => x.AccessKey)).toEqual([key]);
    }
  });

  it('a pasted key as an argument (props set) is the key', async () => {
    const r = await runMain(['props', 'set', 'status', 'ok', danfe(key), '-o', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(key);
  });

  it('a bad key: one wording in every command', async () => {
    const bad = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    for (const argv of [
      ['search', 'nfe', '--key', bad],
      ['props', 'set', 'status', 'ok', bad],
      ['xml', 'nfe', bad],
      ['pdf', 'nfe', bad],
      ['manifest', 'aware', bad],
      ['events', 'nfe', bad],
    ]) {
      const r = await runMain(argv, env);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toContain(`invalid access key "${bad}": check digit is`);
    }
  });
});
