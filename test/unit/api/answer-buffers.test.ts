// A page's answer is read into a buffer that the next page's answer is read into (AnswerBuffers,
// http-body.ts). What must hold: the bytes read are the body's, whatever its chunks and whether
// its length was announced; a buffer comes back on every path (refused, failed, read); and nothing
// a caller keeps of a page (its lifted documents) is overwritten by the next answer.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liftBase64Fields, PageSlabs, releaseLifted } from '../../../src/api/binary-fields.js';
import { AnswerBuffers, AnswerTooLarge, readBounded } from '../../../src/api/http-body.js';
import { testHttpClient } from '../../helpers/scripted-server.js';

async function* chunksOf(body: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

/** Bytes that differ from one position to the next, so a stale or shifted copy shows. */
const pattern = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 251));

describe('AnswerBuffers', () => {
  it('reads a body of unannounced length past the first buffer, byte for byte', async () => {
    const pool = new AnswerBuffers();
    const body = pattern(700 * 1024 + 13, 1);
    const read = await readBounded(chunksOf(body, 64 * 1024), undefined, 10 * 1024 * 1024, pool);
    expect(read.equals(body)).toBe(true);
    // Past the pool's buffer of 256 KB, the rest came in chunks and was made one buffer at the
    // end (doubling would have left each smaller buffer to the collector); the pool's is back.
    expect(read.buffer.byteLength).toBeGreaterThanOrEqual(body.length);
    expect(pool.take(1).length).toBe(256 * 1024);
  });

  it('gives a buffer back and the next read reuses it, with only its own bytes', async () => {
    const pool = new AnswerBuffers();
    const first = pattern(300 * 1024, 2);
    const a = await readBounded(chunksOf(first, 50_000), String(first.length), 1 << 24, pool);
    expect(a.equals(first)).toBe(true);
    const bufferOfA = a.buffer;
    pool.give(a);
    pool.give(a); // twice is once
    const second = pattern(200 * 1024, 3);
    const b = await readBounded(chunksOf(second, 33_333), String(second.length), 1 << 24, pool);
    expect(b.buffer).toBe(bufferOfA);
    expect(b.length).toBe(second.length);
    expect(b.equals(second)).toBe(true);
    const c = await readBounded(chunksOf(second, 33_333), String(second.length), 1 << 24, pool);
    expect(c.buffer).not.toBe(bufferOfA);
  });

  it('an answer over the limit gives its buffer back before it is refused', async () => {
    const pool = new AnswerBuffers();
    const small = pattern(100 * 1024, 5);
    const first = await readBounded(chunksOf(small, 64 * 1024), String(small.length), 1 << 24, pool);
    const buffer = first.buffer;
    pool.give(first);
    const body = pattern(600 * 1024, 4);
    await expect(readBounded(chunksOf(body, 64 * 1024), undefined, 500 * 1024, pool)).rejects.toBeInstanceOf(
      AnswerTooLarge,
    );
    expect(pool.take(1).buffer).toBe(buffer);
  });

  it('keeps no buffer of a very large answer: it would stay resident', () => {
    const pool = new AnswerBuffers();
    pool.give(Buffer.alloc(20 * 1024 * 1024));
    expect(pool.take(1).length).toBe(256 * 1024);
  });
});

describe('pages read into reused buffers, over HTTP', () => {
  const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
  afterEach(() => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      s.close();
    }
  });

  it("a page's lifted documents are unchanged after the next pages were read", async () => {
    const docsOf = (page: number) => Array.from({ length: 40 }, (_, i) => pattern(6000 + i, page * 40 + i));
    const server = createServer((req, res) => {
      req.resume();
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      const body = JSON.stringify({ data: docsOf(page).map((d, i) => ({ n: i, xml: d.toString('base64') })) });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const http = testHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
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

describe('PageSlabs', () => {
  it('a slab goes back only once every value decoded into it was released', () => {
    const slabs = new PageSlabs();
    const values = ['PGE+MTwvYT4=', 'PGI+MjwvYj4=', 'PGM+MzwvYz4='];
    const answer = Buffer.from(JSON.stringify({ data: values.map((xml) => ({ xml })) }));
    const { lifted } = liftBase64Fields(answer, ['xml'], '\u00001.', slabs);
    expect(lifted.map((b) => b.toString())).toEqual(['<a>1</a>', '<b>2</b>', '<c>3</c>']);
    releaseLifted(lifted[0]!);
    releaseLifted(lifted[2]!);
    // One value still held: a new page gets another slab, and the held value is intact.
    const again = liftBase64Fields(answer, ['xml'], '\u00002.', slabs).lifted;
    expect(again[0]!.buffer).not.toBe(lifted[0]!.buffer);
    expect(lifted[1]!.toString()).toBe('<b>2</b>');
    releaseLifted(lifted[1]!);
    const third = liftBase64Fields(answer, ['xml'], '\u00003.', slabs).lifted;
    expect(third[0]!.buffer).toBe(lifted[0]!.buffer);
    // Bytes from anywhere else are left alone.
    releaseLifted(Buffer.from('x'));
  });
});
