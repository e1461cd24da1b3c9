// `fiscal manifest aware`, run in process against an emulator (R29): --sync answers key by key;
// keys from --file are checked like arguments, before anything is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/context.js';
import { manifestBench, ndjson } from '../../helpers/manifest.js';

const bench = manifestBench();
const { fiscal, freshKey } = bench;

describe('fiscal manifest aware', () => {
  it('R29: --sync with keys from an argument and --file: a row per key with the protocol', async () => {
    const [a, b] = [freshKey(), freshKey()];
    const file = join(tempDir(), 'keys.txt');
    writeFileSync(file, `${JSON.stringify({ AccessKey: b })}\n`);
    const r = await fiscal(['manifest', 'aware', a, '--file', file, '--sync']);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => [row.key, row.code, row.status, row.cstat])).toEqual([
      [a, '210210', 'registered', 135],
      [b, '210210', 'registered', 135],
    ]);
    expect(rows[0]!.protocol).toMatch(/^\d{15}$/);
  });

  it('R7: a bad key in the file exits 2 naming the file and line; nothing is sent', async () => {
    const file = join(tempDir(), 'keys.txt');
    writeFileSync(file, `${freshKey()}\n123\n`);
    bench.emu().resetStats();
    const r = await fiscal(['manifest', 'aware', '--file', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`invalid access key "123" (file ${file}, line 2)`);
    expect(bench.emu().stats().requests.total).toBe(0);
  });

  it('R7: a key of another model is refused: only NF-e are manifested', async () => {
    const cte = bench.emu().store.docsOf(bench.account(), 'cte').entries[0]!.doc.accessKey;
    const r = await fiscal(['manifest', 'aware', cte]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/model 57; only NF-e \(model 55\) can be manifested/);
  });
});
