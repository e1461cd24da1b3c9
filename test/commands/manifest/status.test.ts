// `fiscal manifest status`, run in process against an emulator (R29): where requests stand, by
// request id or access key; one the service knows nothing of gets a row saying so.
import { describe, expect, it } from 'vitest';
import { manifestBench, ndjson } from '../../helpers/manifest.js';

const bench = manifestBench();
const { fiscal, freshKey } = bench;

describe('fiscal manifest status', () => {
  it('R29: by request id and by key, a row per manifestation; an unknown key gets an error row', async () => {
    const key = freshKey();
    const sent = await fiscal(['manifest', 'confirm', key, '--wait']);
    expect(sent.code, sent.stderr).toBe(0);
    const requestId = ndjson(sent.stdout)[0]!.request_id as string;
    const byId = await fiscal(['manifest', 'status', requestId]);
    expect(byId.code, byId.stderr).toBe(0);
    expect(ndjson(byId.stdout)).toEqual([
      expect.objectContaining({ key, code: '210200', status: 'registered', request_id: requestId }),
    ]);
    const never = freshKey();
    const byKey = await fiscal(['manifest', 'status', key, never]);
    // A row left unanswered is a failed item: 7, the unknown one named on stderr.
    expect(byKey.code, byKey.stderr).toBe(7);
    expect(ndjson(byKey.stdout).map((row) => [row.key, row.status])).toEqual([
      [key, 'registered'],
      [never, 'error'],
    ]);
    expect(byKey.stderr).toContain(`fiscal: ${never}: no manifestation request known for it`);
    expect(byKey.stderr).toMatch(/1 of 2 could not be answered/);
  });

  it('R29: nothing known of any value: exit 4, said once', async () => {
    const never = freshKey();
    const r = await fiscal(['manifest', 'status', never]);
    expect(r.code).toBe(4);
    expect(ndjson(r.stdout)).toEqual([expect.objectContaining({ key: never, status: 'error' })]);
    expect(r.stderr.trim().split('\n')).toEqual([`fiscal: no manifestation request known for ${never}`]);
  });

  it('no key nor id: exit 2; a value neither a key nor a 64-character id: exit 2 naming it', async () => {
    const none = await fiscal(['manifest', 'status']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give at least one access key or request id/);
    const bad = await fiscal(['manifest', 'status', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"abc"');
  });
});
