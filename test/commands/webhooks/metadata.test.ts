// `fiscal webhooks metadata`: the types subscriptions accept and how notifications are signed.
import { describe, expect, it } from 'vitest';
import { server, fiscal, metadata, useScriptedServer } from './scripted.js';

useScriptedServer();

describe('fiscal webhooks metadata', () => {
  it('R31: metadata reads GET /v1/webhooks/metadata with the account headers', async () => {
    server.enqueue(metadata());
    const r = await fiscal('metadata');
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => [q.method, q.path, q.headers['x-api-id']])).toEqual([
      ['GET', '/v1/webhooks/metadata', 'acc-1'],
    ]);
    expect(r.rows).toEqual([metadata().body.data]);
  });
});
