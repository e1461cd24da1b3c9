// `fiscal manifest latest`, run in process against an emulator (4.10): the latest manifestation
// of each key, through v2 with --origin; a key without one gets an empty code.
import { describe, expect, it } from 'vitest';
import { manifestBench, ndjson } from '../../helpers/manifest.js';

const bench = manifestBench();
const { fiscal, freshKey } = bench;

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
