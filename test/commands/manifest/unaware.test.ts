// `fiscal manifest unaware`, run in process against an emulator (R29): --dry-run shows what would
// be sent and sends nothing; a key the account does not hold fails its row alone.
import { describe, expect, it } from 'vitest';
import { manifestBench, ndjson } from '../../helpers/manifest.js';

const bench = manifestBench();
const { fiscal, freshKey } = bench;

describe('fiscal manifest unaware', () => {
  it('--dry-run: a row per key naming the code and endpoint, nothing sent', async () => {
    const key = freshKey();
    bench.emu().resetStats();
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
    expect(bench.emu().stats().requests.total).toBe(0);
  });

  it('R3: --sync: a key of another account fails its row, the other is registered (exit 7); alone it exits 4', async () => {
    const key = freshKey();
    const foreign = bench.emu().store.nfesOf(bench.emu().accounts[1]!.id).entries[0]!.doc.accessKey;
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
