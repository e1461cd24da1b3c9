// `fiscal manifest unaware`, run in process against an emulator (R29): --dry-run shows what would
// be sent and sends nothing; a key the account does not hold fails its row alone.
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

describe('fiscal manifest unaware', () => {
  it('--dry-run: a row per key naming the code and endpoint, nothing sent', async () => {
    const key = freshKey();
    emu.resetStats();
    const r = await fiscal(['manifest', 'unaware', key, '--dry-run', '--sync']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      {
        key,
        code: '210220',
        status: 'dry-run',
        message: 'would send 210220 (unawareness) with POST /v1/nfe/manifest/sync; nothing sent',
      },
    ]);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R3: --sync: a key of another account fails its row, the other is registered (exit 7); alone it exits 4', async () => {
    const key = freshKey();
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
    const r = await fiscal(['manifest', 'unaware', key, foreign, '--sync']);
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((row) => [row.key, row.status])).toEqual([
      [key, 'registered'],
      [foreign, 'error'],
    ]);
    expect(r.stderr).toContain(foreign);
    const alone = await fiscal(['manifest', 'unaware', foreign, '--sync']);
    expect(alone.code).toBe(4);
  });
});
