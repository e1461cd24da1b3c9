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

  it("R29/R3: --sync of a note the account emitted (403) and of another's (404): error rows with the service's status as cstat, exit 7", async () => {
    const notes = bench.emu().store.nfesOf(bench.account()).byRole;
    const received = new Set(notes.received.map((e) => e.doc.accessKey));
    // A sale to a company outside the account: the account emitted it and does not receive it.
    const emitted = notes.emitted.map((e) => e.doc.accessKey).find((k) => !received.has(k))!;
    const foreign = bench.emu().store.nfesOf(bench.emu().accounts[1]!.id).byRole.received[0]!.doc.accessKey;
    const r = await fiscal(['manifest', 'aware', emitted, foreign, freshKey(), '--sync']);
    expect(r.code, r.stderr).toBe(7);
    expect(ndjson(r.stdout).map((row) => [row.key, row.status, row.cstat])).toEqual([
      [emitted, 'error', 403],
      [foreign, 'error', 404],
      [expect.any(String), 'registered', 135],
    ]);
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
