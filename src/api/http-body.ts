// Reading an answer's body within bounds: a size limit checked as the bytes stream in (a server
// may send an endless or huge body; nothing past the limit is kept), and a deadline for the whole
// answer (a server may send one byte a second, which no idle timeout ever notices).

import { BufferPool } from '../buffer-pool.js';
import { collectYoung } from '../memory.js';

/** Well above the largest real page (some 9 MB for 500 NF-e), well below what hurts a machine. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** The whole answer, headers and body, within this many times the idle timeout (--timeout). */
export const ANSWER_TIMEOUT_FACTOR = 4;

/** An answer larger than the limit: refused, not retried (the same server sends it again). */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`answer larger than ${formatBytesShort(limit)}; refused`);
  }
}

function formatBytesShort(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.round(n / 1024)} KB`;
}

/** The body's bytes, refused as soon as more than `limit` of them arrived (or are announced). */
export async function readBounded(
  body: AsyncIterable<Uint8Array>,
  announced: string | undefined,
  limit: number,
  pool?: BufferPool,
): Promise<Buffer> {
  const length = announced !== undefined && /^\d+$/.test(announced) ? Number(announced) : undefined;
  if (length !== undefined && length > limit) throw new AnswerTooLarge(limit);
  if (pool) return readInto(body, length, limit, pool);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new AnswerTooLarge(limit);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  _lastBody = body;
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** The blocks an answer that outgrows its pooled buffer goes on in (see readInto). */
const SPILL_BLOCK = 4 * 1024 * 1024;

/**
 * The body copied chunk by chunk into a buffer of the pool. One that outgrows it (larger than
 * announced, or than the kept buffer taken when no length was) goes on into blocks of 4 MB and is
 * made one buffer at its end: doubling a buffer as it grows left each smaller one to the
 * collector, some 64 MB more at the peak of an answer refused at the 64 MB limit. The socket's
 * reads (64 KB each) die young once copied, but V8 collects the young generation once per 2 MB of
 * objects (bin/fiscal.js), and a Buffer is a small one: some 20-30 MB of them waited for its own
 * trigger on external memory (an endless answer's run peaked at 176-186 MB, docs/bench.md), so
 * each new block collects them.
 */
async function readInto(
  body: AsyncIterable<Uint8Array>,
  length: number | undefined,
  limit: number,
  pool: BufferPool,
): Promise<Buffer> {
  const into = Buffer.from(pool.take(length ?? 0));
  let size = 0;
  let used = 0;
  const spilt: Buffer[] = [];
  let block: Buffer | undefined;
  let filled = 0;
  try {
    for await (const chunk of body) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (size + bytes.length > limit) throw new AnswerTooLarge(limit);
      if (spilt.length === 0 && size + bytes.length <= into.length) used += bytes.copy(into, size);
      else
        for (let at = 0; at < bytes.length;) {
          if (!block || filled === block.length) {
            if (block) {
              spilt.push(block);
              collectYoung();
            }
            block = Buffer.allocUnsafeSlow(SPILL_BLOCK);
            filled = 0;
          }
          const n = bytes.copy(block, filled, at);
          filled += n;
          at += n;
        }
      size += bytes.length;
    }
  } catch (error) {
    pool.give(into.buffer as ArrayBuffer);
    throw error;
  }
  _lastBody = body;
  if (!block) return into.subarray(0, size);
  const whole = Buffer.concat([into.subarray(0, used), ...spilt, block.subarray(0, filled)], size);
  pool.give(into.buffer as ArrayBuffer);
  return whole;
}

/**
 * The buffers a client reads its pages' answers into, each given back once the answer is read
 * (designed here). A pull's answer is some MB (a 250-document page: 2 MB of JSON), dead as soon
 * as its documents are decoded out of it; left to the collector, they were most of the memory a
 * pull's forced full collections free (src/memory.ts), one every few pages. One is kept, not
 * one per request in flight: a kept one is resident between pages, and a pull reads its answers
 * one or two at a time (the catalog's thread, not the wire, paces a local pull); a 20k pull kept
 * 8 MB more at its peak with four (docs/bench.md), and two kept (as the page slabs and the write
 * jobs' three) were some 3 MB more at a 20k pull's peak and part of the 1M pull's, at no CPU or
 * wall the pulls could show (docs/bench.md, Issue 28: the last megabytes of the 1M peak). None
 * over 16 MB is kept (a page of 500 NF-e is some 9 MB).
 */
export const answerBuffers = (): BufferPool => new BufferPool(1, 16 * 1024 * 1024);

/**
 * The last body read, kept (its bytes are all read): a response's stream takes its shape from
 * transitions V8 keeps only while an object has them. With none alive at a full collection (a
 * pull runs one every few MB of documents: src/memory.ts), undici's and the streams'
 * optimized functions that had read one (onData, onResponseData, Readable.read...) were thrown
 * away and compiled again, some 20 compiles in a 20k pull.
 */
let _lastBody: unknown;

/** A deadline for one attempt: its signal aborts when the time is up; `expired` says it did. */
export function answerDeadline(ms: number): { signal: AbortSignal; expired(): boolean; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('answer deadline')), ms);
  timer.unref();
  return { signal: controller.signal, expired: () => controller.signal.aborted, clear: () => clearTimeout(timer) };
}
