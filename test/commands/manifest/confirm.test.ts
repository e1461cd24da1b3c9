// `fiscal manifest confirm`, run in process against an emulator (R29): asynchronous by default,
// a row per key with its request id; --wait follows the requests until the authority answers.
import { describe, expect, it } from 'vitest';
import { manifestBench, ndjson } from '../../helpers/manifest.js';

const bench = manifestBench();
const { fiscal, freshKey } = bench;

describe('fiscal manifest confirm', () => {
  it('R29: without --wait each key is accepted in a request whose 64-character id the row carries', async () => {
    const keys = [freshKey(), freshKey()];
    const r = await fiscal(['manifest', 'confirm', ...keys]);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => [row.key, row.code, row.status])).toEqual(keys.map((k) => [k, '210200', 'accepted']));
    expect(rows[0]!.request_id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.request_id).toBe(rows[0]!.request_id);
  });

  it('R29: --wait shows the answer: registered, cStat 135, and the NF-e carries the manifestation', async () => {
    const key = freshKey();
    const r = await fiscal(['manifest', 'confirm', key, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      expect.objectContaining({ key, code: '210200', status: 'registered', cstat: 135 }),
    ]);
    expect(bench.emu().store.findNfe(bench.account(), key)!.manifestations.at(-1)!.Type).toBe('210200');
  });

  it('R29: --justification does not go with it; --sync with --wait is refused; no key at all: exit 2', async () => {
    const key = freshKey();
    const just = await fiscal(['manifest', 'confirm', key, '--justification', 'uma justificativa longa o bastante']);
    expect(just.code).toBe(2);
    expect(just.stderr).toMatch(/--justification only applies to not-performed/);
    const both = await fiscal(['manifest', 'confirm', key, '--sync', '--wait']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--sync already waits/);
    const none = await fiscal(['manifest', 'confirm']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give at least one key, --file <path> or --stdin/);
  });
});
