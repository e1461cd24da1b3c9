// `fiscal manifest not-performed`, run in process against an emulator (R29): it needs a
// justification of 15 to 255 characters, checked before anything is sent.
import { describe, expect, it } from 'vitest';
import { manifestBench, ndjson } from '../../helpers/manifest.js';

const bench = manifestBench();
const { fiscal, freshKey } = bench;

describe('fiscal manifest not-performed', () => {
  it('R29: without --justification, or with a short one, exit 2 naming the flag; nothing sent', async () => {
    const key = freshKey();
    bench.emu().resetStats();
    const none = await fiscal(['manifest', 'not-performed', key]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--justification: a justification is required for 210240/);
    const short = await fiscal(['manifest', 'not-performed', key, '--justification', 'curta']);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/--justification: a justification has 15 to 255 characters, this one has 5/);
    expect(bench.emu().stats().requests.total).toBe(0);
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
    expect(bench.emu().store.findNfe(bench.account(), key)!.manifestations.at(-1)!.Type).toBe('210240');
  });
});
