// Reading an answer's body within bounds: a size limit checked as the bytes stream in (a server
// may send an endless or huge body; nothing past the limit is kept), and a deadline for the whole
// answer (a server may send one byte a second, which no idle timeout ever notices).

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
): Promise<Buffer> {
  if (announced !== undefined && /^\d+$/.test(announced) && Number(announced) > limit) throw new AnswerTooLarge(limit);
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

/**
 * The last body read, kept (its bytes are all read): a response's stream takes its shape from
 * transitions V8 keeps only while an object has them. With none alive at a full collection (a
 * pull runs one every few MB of documents: src/sync/memory.ts), undici's and the streams'
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
