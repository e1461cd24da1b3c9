// `fiscal webhooks endpoints remove <id>...`: a row per id; another account's id exits 4.
import { describe, expect, it } from 'vitest';
import { STATUS, server, fiscal, notFound, useScriptedServer } from './scripted.js';

useScriptedServer();

describe('fiscal webhooks endpoints remove', () => {
  it("R31: removing another account's endpoint (404) exits 4 with a clear message", async () => {
    server.enqueue(notFound);
    const r = await fiscal('endpoints', 'remove', 'we_foreign');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/webhook endpoint we_foreign not found in this account/);
    expect(r.stderr.match(/not found in this account/g)).toHaveLength(1);
    expect(server.requests.map((q) => [q.method, q.path])).toEqual([['DELETE', '/v1/webhooks/endpoints/we_foreign']]);
    expect(r.rows).toEqual([expect.objectContaining({ id: 'we_foreign', status: 'not-found' })]);
  });

  it('R31: removing several endpoints gives a row each; one not found next to one removed exits 7', async () => {
    server.enqueue(
      { body: { status: STATUS, data: { id: 'we_1', deleted: true, subscriptions_removed: 3 } } },
      notFound,
    );
    const r = await fiscal('endpoints', 'remove', 'we_1', 'we_foreign');
    expect(r.code).toBe(7);
    expect(r.rows.map((row) => [row.id, row.status, row.subscriptions_removed])).toEqual([
      ['we_1', 'deleted', 3],
      ['we_foreign', 'not-found', undefined],
    ]);
    const dry = await fiscal('endpoints', 'remove', 'we_1', '--dry-run');
    expect(dry.code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});
