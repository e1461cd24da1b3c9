// `fiscal manifest latest`, run in process against an emulator (4.10): the latest manifestation
// of each key, through v2 with --origin; a key without one gets an empty code.
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

describe('fiscal manifest latest', () => {
  it('the code and its meaning per key, v1 and v2 (--origin api) alike; none yet: an empty code', async () => {
    const [done, never] = [freshKey(), freshKey()];
    const sent = await fiscal(['manifest', 'aware', done, '--sync']);
    expect(sent.code, sent.stderr).toBe(0);
    const v1 = await fiscal(['manifest', 'latest', done, never]);
    expect(v1.code, v1.stderr).toBe(0);
    expect(ndjson(v1.stdout)).toEqual([
      { key: done, code: '210210', meaning: 'awareness' },
      { key: never, code: '', meaning: 'none through the platform or API' },
    ]);
    const v2 = await fiscal(['manifest', 'latest', done, '--origin', 'api']);
    expect(ndjson(v2.stdout)).toEqual([{ key: done, code: '210210', meaning: 'awareness' }]);
    const app = await fiscal(['manifest', 'latest', done, '--origin', 'app']);
    expect(ndjson(app.stdout)).toEqual([{ key: done, code: '', meaning: 'none through the platform or API' }]);
  });

  it('an origin it does not know exits 2 naming --origin', async () => {
    const r = await fiscal(['manifest', 'latest', freshKey(), '--origin', 'email']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--origin/);
  });
});
