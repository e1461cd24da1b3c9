// The HTTP core's bounds against a server that misbehaves on purpose: an answer larger than the
// limit is refused as it streams in (exit 11), the whole answer has a deadline (a body sent one byte
// at a time fails the attempt), and a run has one retry budget, not one per request.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExitCode, exitCodeOf, ProtocolError, TemporaryError } from '../../../src/errors.js';
import { createFakeClock, testHttpClient } from '../../helpers/scripted-server.js';

type Handler = (res: ServerResponse, n: number) => void;
const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function serve(handler: Handler): Promise<{ url: string; count(): number }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    handler(res, ++n);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => n };
}

const client = testHttpClient;

const get = { method: 'GET', path: '/v1/nfe/received', schema: z.object({ ok: z.boolean() }) } as const;

describe('answer size limit', () => {
  it('an endless chunked body is refused past the limit, not retried: exit 11 naming the limit', async () => {
    let written = 0;
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const http = client(s.url, { maxAnswerBytes: 1024 * 1024 });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect(exitCodeOf(err)).toBe(ExitCode.unreadableAnswer);
    expect((err as Error).message).toBe('GET /v1/nfe/received: answer larger than 1 MB; refused');
    expect(s.count()).toBe(1);
    // The client stopped reading: the server could not push more than the limit and the socket buffers.
    expect(written).toBeLessThan(16 * 1024 * 1024);
    await http.close();
  });

  it('a Content-Length past the limit is refused before the body is read', async () => {
    const s = await serve((res) => {
      res.writeHead(200, { 'content-length': String(200 * 1024 * 1024) });
      res.write('{"ok":');
    });
    const http = client(s.url, { maxAnswerBytes: 1024 * 1024 });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(exitCodeOf(err)).toBe(ExitCode.unreadableAnswer);
    expect(s.count()).toBe(1);
    await http.close();
  });

  it('an answer under the limit is read whole', async () => {
    const s = await serve((res) => res.end(JSON.stringify({ ok: true, pad: 'x'.repeat(500_000) })));
    const http = client(s.url, { maxAnswerBytes: 1024 * 1024 });
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    await http.close();
  });
});

describe('whole-answer deadline', () => {
  it('headers, then one byte at a time: each attempt ends at the deadline, then the request gives up (exit 5)', async () => {
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(' ')), 20);
      res.on('close', () => clearInterval(drip));
    });
    // The idle timeout never fires (a byte every 20 ms); only the deadline for the whole answer can.
    const http = client(s.url, { timeoutMs: 5_000, answerTimeoutMs: 300, maxAttempts: 2 });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemporaryError);
    expect((err as Error).message).toMatch(/the answer did not arrive whole within 300 ms; gave up after 2 attempts/);
    expect(s.count()).toBe(2);
    await http.close();
  });
});

describe('one retry budget per run', () => {
  it('once a request gave up, the next failing request gives up at once, until a success starts over', async () => {
    let healthy = false;
    const s = await serve((res) => {
      if (healthy) return void res.end('{"ok":true}');
      res.writeHead(503);
      res.end();
    });
    const http = client(s.url, { maxAttempts: 3 });
    await expect(http.request(get)).rejects.toBeInstanceOf(TemporaryError);
    expect(s.count()).toBe(3);
    // Another endpoint of the same run: one attempt, not three more.
    const second = await http.request({ ...get, path: '/v2/dfe/nfe' }).catch((e: unknown) => e);
    expect((second as Error).message).toMatch(/after 1 attempt: the run's retries are spent/);
    expect(s.count()).toBe(4);
    healthy = true;
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    healthy = false;
    await expect(http.request(get)).rejects.toBeInstanceOf(TemporaryError);
    // A success gave the run its retries back.
    expect(s.count()).toBe(8);
    await http.close();
  });

  it('the failures of a run count their time together, attempts included', async () => {
    const clock = createFakeClock();
    const s = await serve((res) => {
      clock.advance(40_000);
      res.writeHead(503);
      res.end();
    });
    const http = client(s.url, { clock, retryBudgetMs: 100_000, maxAttempts: 10 });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemporaryError);
    // 40 s per attempt: the third failure is past the 100 s budget.
    expect(s.count()).toBe(3);
    await http.close();
  });
});
