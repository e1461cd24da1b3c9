// `fiscal manifest not-performed`, run in process against an emulator (R29): it needs a
// justification of 15 to 255 characters, checked before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let account: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));
const ndjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
/** An authorized NF-e the account received and nobody manifested yet, a different one per call. */
const taken = new Set<string>();
const freshKey = () => {
  const docs = emu.store.nfesOf(account).byRole.received.map((e) => e.doc);
  const key = docs.find(
    (d) => d.status === 'authorized' && d.manifestations.length === 0 && !taken.has(d.accessKey),
  )!.accessKey;
  taken.add(key);
  return key;
};

describe('fiscal manifest not-performed', () => {
  it('R29: without --justification, or with a short one, exit 2 naming the flag; nothing sent', async () => {
    const key = freshKey();
    emu.resetStats();
    const none = await fiscal(['manifest', 'not-performed', key]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--justification: a justification is required for 210240/);
    const short = await fiscal(['manifest', 'not-performed', key, '--justification', 'curta']);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/--justification: a justification has 15 to 255 characters, this one has 5/);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R29: with a justification --sync registers 210240 on the NF-e', async () => {
    const key = freshKey();
    const r = await fiscal([
      'manifest',
      'not-performed',
      key,
      '--justification',
      'mercadoria nunca foi entregue',
      '--sync',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)[0]).toMatchObject({ key, code: '210240', status: 'registered' });
    expect(emu.store.findNfe(account, key)!.manifestations.at(-1)!.Type).toBe('210240');
  });
});
