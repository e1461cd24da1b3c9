// A page's answer is read into a buffer that the next page's answer is read into (answerBuffers,
// http-body.ts; the BufferPool of src/buffer-pool.ts). What must hold: the bytes read are the body's, whatever its chunks and whether
// its length was announced; a buffer comes back on every path (refused, failed, read); and nothing
// a caller keeps of a page (its lifted documents) is overwritten by the next answer.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liftBase64Fields, PageSlabs, releaseLifted } from '../../../src/api/binary-fields.js';
import { answerBuffers, AnswerTooLarge, readBounded } from '../../../src/api/http-body.js';
import { withBinaryFields } from '../../../src/api/http-views.js';
import { listNfeV1 } from '../../../src/api/nfe.js';
import { phpJsonEncodings } from '../../../src/api/wire/common.js';
import { testHttpClient } from '../../helpers/scripted-server.js';

async function* chunksOf(body: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

/** Bytes that differ from one position to the next, so a stale or shifted copy shows. */
const pattern = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 251));

const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A client of a server on 127.0.0.1 that answers the `n`th request (from 0) with `bodyOf(n, url)`. */
async function clientOf(bodyOf: (n: number, url: string) => string) {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    const body = bodyOf(n++, req.url ?? '/');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { http: testHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), count: () => n };
}

describe('answerBuffers', () => {
  it('reads a body of unannounced length past the first buffer, byte for byte', async () => {
    const pool = answerBuffers();
    pool.give(new ArrayBuffer(256 * 1024));
    const body = pattern(700 * 1024 + 13, 1);
    const read = await readBounded(chunksOf(body, 64 * 1024), undefined, 10 * 1024 * 1024, pool);
    expect(read.equals(body)).toBe(true);
    // Past the pool's buffer of 256 KB, the rest came in chunks and was made one buffer at the
    // end (doubling would have left each smaller buffer to the collector); the pool's is back.
    expect(read.buffer.byteLength).toBeGreaterThanOrEqual(body.length);
    expect(pool.take(1).byteLength).toBe(256 * 1024);
  });

  it('an answer spilling over several 4 MB blocks, in chunks that straddle them, is read byte for byte', async () => {
    const pool = answerBuffers();
    // 9 MB and a bit, in odd-sized chunks: the blocks fill mid-chunk, the last is partly filled.
    const body = pattern(9 * 1024 * 1024 + 4097, 3);
    const read = await readBounded(chunksOf(body, 65_521), undefined, 64 * 1024 * 1024, pool);
    expect(read.length).toBe(body.length);
    expect(read.equals(body)).toBe(true);
  });

  it('gives a buffer back and the next read reuses it, with only its own bytes', async () => {
    const pool = answerBuffers();
    const first = pattern(300 * 1024, 2);
    const a = await readBounded(chunksOf(first, 50_000), String(first.length), 1 << 24, pool);
    expect(a.equals(first)).toBe(true);
    const bufferOfA = a.buffer;
    pool.give(a.buffer as ArrayBuffer);
    pool.give(a.buffer as ArrayBuffer); // twice is once
    const second = pattern(200 * 1024, 3);
    const b = await readBounded(chunksOf(second, 33_333), String(second.length), 1 << 24, pool);
    expect(b.buffer).toBe(bufferOfA);
    expect(b.length).toBe(second.length);
    expect(b.equals(second)).toBe(true);
    const c = await readBounded(chunksOf(second, 33_333), String(second.length), 1 << 24, pool);
    expect(c.buffer).not.toBe(bufferOfA);
  });

  it('an answer over the limit gives its buffer back before it is refused', async () => {
    const pool = answerBuffers();
    const small = pattern(300 * 1024, 5);
    const first = await readBounded(chunksOf(small, 64 * 1024), String(small.length), 1 << 24, pool);
    const buffer = first.buffer;
    pool.give(first.buffer as ArrayBuffer);
    const body = pattern(600 * 1024, 4);
    await expect(readBounded(chunksOf(body, 64 * 1024), undefined, 500 * 1024, pool)).rejects.toBeInstanceOf(
      AnswerTooLarge,
    );
    expect(pool.take(1)).toBe(buffer);
  });

  it('keeps no buffer of a very large answer: it would stay resident', () => {
    const pool = answerBuffers();
    const large = new ArrayBuffer(20 * 1024 * 1024);
    pool.give(large);
    expect(pool.take(1)).not.toBe(large);
  });
});

describe('pages read into reused buffers, over HTTP', () => {
  it("a page's lifted documents are unchanged after the next pages were read", async () => {
    const docsOf = (page: number) => Array.from({ length: 40 }, (_, i) => pattern(6000 + i, page * 40 + i));
    const { http } = await clientOf((_, url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return JSON.stringify({ data: docsOf(page).map((d, i) => ({ n: i, xml: d.toString('base64') })) });
    });
    const schema = z.object({ data: z.array(z.object({ n: z.number(), xml: z.string() })) });
    const kept: Buffer[][] = [];
    try {
      for (let page = 0; page < 4; page++) {
        const res = await http.request({
          method: 'GET',
          path: `/v1/nfe/received?page=${page}`,
          schema,
          binary: { names: ['xml'], tag: `\u0000${page}.` },
        });
        kept.push(res.body.data.map((d) => res.lifted![Number(d.xml.slice(d.xml.indexOf('.') + 1))]!));
      }
    } finally {
      await http.close();
    }
    for (let page = 0; page < 4; page++) {
      const want = docsOf(page);
      expect(kept[page]!.every((d, i) => d.equals(want[i]!))).toBe(true);
    }
  });
});

describe('R14 with pooled answers', () => {
  it('R14: two different pages whose signatures did not match, read into one pooled buffer, are fetched again, and the good copy accepted', async () => {
    // Page-sized, so that every answer is read into the same pooled buffer: the mismatching body
    // kept for comparison must be a copy, or it reads as the next one, and two different corrupt
    // bodies look like "the same body twice" (refused, exit 11) instead of being fetched again.
    const data = [{ access_key: '1'.repeat(44), xml: pattern(300 * 1024, 9).toString('base64') }];
    const signature = createHash('sha256').update(phpJsonEncodings(data)[0]!).digest('hex');
    const good = (url: string) => ({
      status: { code: 200, message: 'OK' },
      data,
      page: { next: `http://127.0.0.1${url}`, previous: `http://127.0.0.1${url}` },
      count: 1,
      signature,
    });
    const { http, count } = await clientOf((n, url) =>
      JSON.stringify(n < 2 ? { ...good(url), signature: String(n).repeat(64) } : good(url)),
    );
    try {
      const view = withBinaryFields(http, ['xml']);
      const page = await listNfeV1(view, 'received', {});
      expect(count()).toBe(3);
      expect(http.stats.signatureMismatches).toBe(2);
      expect(view.bytesOf(page.data[0]!.xml as string).equals(pattern(300 * 1024, 9))).toBe(true);
    } finally {
      await http.close();
    }
  });
});

describe('PageSlabs', () => {
  it('a slab goes back only once every value decoded into it was released', () => {
    const slabs = new PageSlabs();
    // Page-sized values: a slab under 256 KB is the C heap's, never kept (BufferPool).
    const docs = [1, 2, 3].map((n) => pattern(100 * 1024, n));
    const answer = Buffer.from(JSON.stringify({ data: docs.map((d) => ({ xml: d.toString('base64') })) }));
    const { lifted } = liftBase64Fields(answer, ['xml'], '\u00001.', slabs);
    expect(lifted.every((b, i) => b.equals(docs[i]!))).toBe(true);
    releaseLifted(lifted[0]!);
    releaseLifted(lifted[2]!);
    // One value still held: a new page gets another slab, and the held value is intact.
    const again = liftBase64Fields(answer, ['xml'], '\u00002.', slabs).lifted;
    expect(again[0]!.buffer).not.toBe(lifted[0]!.buffer);
    expect(lifted[1]!.equals(docs[1]!)).toBe(true);
    releaseLifted(lifted[1]!);
    const third = liftBase64Fields(answer, ['xml'], '\u00003.', slabs).lifted;
    expect(third[0]!.buffer).toBe(lifted[0]!.buffer);
    // Bytes from anywhere else are left alone.
    releaseLifted(Buffer.from('x'));
  });
});
