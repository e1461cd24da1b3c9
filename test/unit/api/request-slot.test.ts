// A pull's lane holds a slot of --concurrency for its request (src/api/request-slot.ts): the HTTP
// core gives it back once a successful answer has arrived whole, before the answer is parsed, and
// not on an answer it sends the request again for, so that the retry still holds the slot.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient } from '../../../src/api/http.js';
import { inRequestSlot } from '../../../src/api/request-slot.js';
import {
  createFakeClock,
  createMemoryLogger,
  startScriptedServer,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

/** A client whose retries wait on a fake clock that moves at once. */
function client() {
  const clock = createFakeClock();
  return createHttpClient({
    baseUrl: server.url,
    apiId: 'id',
    apiKey: 'key',
    userAgent: 'fiscal/test',
    clock,
    log: createMemoryLogger(),
    random: () => 0,
  });
}

describe('a request slot', () => {
  it('is given back when the 2xx answer arrived, before its parsing fails or returns', async () => {
    const http = client();
    const events: string[] = [];
    // Parsed by a schema that records when it runs: the slot is free by then.
    const schema = z.object({ ok: z.boolean() }).transform((v) => (events.push('parsed'), v));
    server.enqueue({ body: { ok: true } });
    const out = await inRequestSlot(
      () => events.push('released'),
      () => http.request({ method: 'GET', path: '/v1/nfe/received', schema }),
    );
    expect(out.body).toEqual({ ok: true });
    expect(events).toEqual(['released', 'parsed', 'released']);
  });

  it('is held through an answer that is sent again (a 500), and given back on the 2xx that follows', async () => {
    const http = client();
    let released = 0;
    let requestsWhenReleased = -1;
    server.enqueue({ status: 500, body: { message: 'oops' } }, { body: { ok: true } });
    await inRequestSlot(
      () => {
        released++;
        requestsWhenReleased = requestsWhenReleased === -1 ? server.requests.length : requestsWhenReleased;
      },
      () => http.request({ method: 'GET', path: '/v1/nfe/received', schema: z.object({ ok: z.boolean() }) }),
    );
    expect(server.requests).toHaveLength(2);
    expect(requestsWhenReleased).toBe(2);
    expect(released).toBeGreaterThanOrEqual(1);
  });
});
