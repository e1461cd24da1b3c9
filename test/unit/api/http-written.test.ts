// The instant a request is written, which the pacer takes for when a rate-limit window's first
// request left (a busy event loop may write it well after it was handed to undici).
import { createServer, type Server } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notingWrites } from '../../../src/api/http-written.js';

let server: Server;
let url: string;
/** When the server read each request's headers. */
const arrivals: number[] = [];
const agent = new Agent();

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    // Answered later, so that the write and the answer are apart.
    req.on('end', () => setTimeout(() => res.end('{}'), 30));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/x`;
});
afterAll(async () => {
  await agent.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('R5: when a request was written', () => {
  it('says so once per request, after it was handed over and before the server read it', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const writes: number[] = [];
      const handed = performance.now();
      const res = await request(url, {
        dispatcher: notingWrites(agent, () => writes.push(performance.now())),
        method,
        ...(method === 'POST' ? { body: '{"a":1}' } : {}),
      });
      await res.body.text();
      expect(res.statusCode).toBe(200);
      expect(writes).toHaveLength(1);
      expect(writes[0]).toBeGreaterThanOrEqual(handed);
      expect(writes[0]).toBeLessThanOrEqual(arrivals.at(-1)!);
    }
  });

  it('is held up with the write when the event loop is busy, where the hand-over is not', async () => {
    const writes: number[] = [];
    const handed = performance.now();
    const answer = request(url, { dispatcher: notingWrites(agent, () => writes.push(performance.now())) });
    // A page being decoded: nothing reaches the socket until it is done.
    const busyUntil = performance.now() + 60;
    while (performance.now() < busyUntil);
    await (await answer).body.text();
    expect(writes[0]! - handed).toBeGreaterThanOrEqual(60);
  });
});
