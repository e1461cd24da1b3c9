// The HTTP core loads undici's dispatcher and request() from their own files, not its index
// (src/api/undici-parts.ts: the index loads fetch, WebSocket, caches and mocks, most of a
// command's start). They must be the very ones the index exports, and request() must send to the
// URL's origin and path (with its query) as the index's does.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { describe, expect, it } from 'vitest';
import { Agent, globalDispatcher, request } from '../../../src/api/undici-parts.js';

describe('undici-parts', () => {
  it("are undici's own Agent and shared dispatcher", () => {
    expect(Agent).toBe(undici.Agent);
    expect(globalDispatcher()).toBe(undici.getGlobalDispatcher());
  });

  it('sends to the origin and path of the URL, query included, on the dispatcher given', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-probe']}`);
      res.end('answered');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent();
    try {
      const { port } = server.address() as AddressInfo;
      const res = await request(`http://127.0.0.1:${port}/v1/nfe/received?cursor=50&limit=50`, {
        dispatcher: agent,
        method: 'GET',
        headers: { 'x-probe': 'one' },
      });
      expect(res.statusCode).toBe(200);
      expect(await res.body.text()).toBe('answered');
      const shared = await request(`http://127.0.0.1:${port}/plain`, {
        method: 'POST',
        body: 'x',
        headers: { 'x-probe': 'two' },
      });
      await shared.body.dump();
      expect(seen).toEqual(['GET /v1/nfe/received?cursor=50&limit=50 one', 'POST /plain two']);
    } finally {
      await agent.close();
      server.close();
    }
  });
});
