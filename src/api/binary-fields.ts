// A page of documents is megabytes of JSON, almost all of it base64 (the `Xml` of each item).
// Read as text, it is decoded to one large string, parsed into a few hundred large strings that
// live until the page is decoded (copied by every young-generation collection on the way), then
// decoded again to bytes: on a pull, more CPU than everything else the client does. Here the
// base64 values of the properties asked for are decoded straight from the answer's bytes, and only
// the rest of the JSON (keys, numbers, short strings) is parsed as text. Each lifted value reads
// `<tag><n>` in the parsed body, and `lifted[n]` holds its bytes (see withBinaryFields in http-views.ts).
import { isAscii } from 'node:buffer';
import { BufferPool } from '../buffer-pool.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The answer's text: latin1 when every byte is ASCII (a copy, where UTF-8 decoding checks each byte). */
export function decodeText(bytes: Buffer, from = 0, to = bytes.length): string {
  return isAscii(bytes.subarray(from, to)) ? bytes.toString('latin1', from, to) : bytes.toString('utf8', from, to);
}

interface Found {
  /** Where the value's first character is (after its opening quote), and its closing quote. */
  start: number;
  end: number;
}

/**
 * The string values of `"<name>":"` in `bytes`, in order. A match cannot start inside a string
 * (a quote there is escaped, and `\"` before the name is checked); a value holding any escape is
 * left to the JSON parser (base64 has none, but PHP's json_encode writes `/` as `\/`).
 */
function findValues(bytes: Buffer, names: readonly string[]): Found[] {
  const found: Found[] = [];
  for (const name of names) {
    const pattern = Buffer.from(`"${name}":"`, 'latin1');
    for (let at = bytes.indexOf(pattern); at !== -1; at = bytes.indexOf(pattern, at + pattern.length)) {
      if (at > 0 && bytes[at - 1] === BACKSLASH) continue;
      const start = at + pattern.length;
      const end = bytes.indexOf(QUOTE, start);
      if (end === -1) break;
      // Within the value: a search to the answer's end, for each of a page's values, read the
      // rest of the page every time (a value without a backslash is the common case).
      if (bytes.subarray(start, end).includes(BACKSLASH)) {
        if (unescapedSlashesOnly(bytes, start, end)) found.push({ start, end });
        continue;
      }
      found.push({ start, end });
    }
  }
  return names.length > 1 ? found.sort((a, b) => a.start - b.start) : found;
}

/** Whether every backslash in `bytes[start, end)` begins `\/`, and the closing quote is not escaped. */
function unescapedSlashesOnly(bytes: Buffer, start: number, end: number): boolean {
  const value = bytes.subarray(start, end);
  for (let i = value.indexOf(BACKSLASH); i !== -1; i = value.indexOf(BACKSLASH, i + 2))
    if (i + 1 >= value.length || value[i + 1] !== 0x2f) return false;
  return true;
}

/** The base64 text of `bytes[start, end)`, its `\/` read as `/`. */
function base64Text(bytes: Buffer, start: number, end: number): string {
  const text = bytes.toString('latin1', start, end);
  return text.includes('\\') ? text.replaceAll('\\/', '/') : text;
}

/**
 * `bytes` as JSON text for JSON.parse, with the string values of the properties `names` replaced by
 * `"<tag><n>"` and their base64 decoded into `lifted[n]`. `tag` must not start a value the answer
 * can hold (http.ts uses a NUL, which JSON writes `\u0000`). The values are decoded into one
 * buffer, `lifted[n]` a view of it: a buffer each (some 6 KB, a few hundred a page) came from the
 * C heap one by one, freed only as the collector found them, and left it fragmented between
 * pages (some 10 MB of a pull's resident memory; one page-sized block is mapped and unmapped).
 */
export function liftBase64Fields(
  bytes: Buffer,
  names: readonly string[],
  tag: string,
  slabs?: PageSlabs,
): { text: string; lifted: Buffer[] } {
  const found = findValues(bytes, names);
  if (found.length === 0) return { text: decodeText(bytes), lifted: [] };
  const escapedTag = JSON.stringify(tag).slice(1, -1);
  const parts: string[] = [];
  const lifted: Buffer[] = [];
  // Base64 decodes to at most three bytes for four characters.
  const size = found.reduce((n, f) => n + Math.ceil(((f.end - f.start) * 3) / 4), 0);
  const into = slabs ? slabs.take(size, found.length) : Buffer.allocUnsafeSlow(size);
  let at = 0;
  let used = 0;
  for (const { start, end } of found) {
    parts.push(decodeText(bytes, at, start), escapedTag, String(lifted.length));
    const length = into.write(base64Text(bytes, start, end), used, 'base64');
    lifted.push(into.subarray(used, used + length));
    used += length;
    at = end;
  }
  parts.push(decodeText(bytes, at));
  return { text: parts.join(''), lifted };
}

/** The pool each slab taken from a PageSlabs goes back to, and how many of its values are still held. */
const holders = new WeakMap<ArrayBuffer, { slabs: PageSlabs; left: number }>();

/**
 * The buffers a client decodes its pages' documents into (liftBase64Fields), each used again once
 * every value decoded into it was released (`releaseLifted`); designed here. A page's documents
 * (some 1.6 MB for 250 NF-e) were garbage once written, freed only by a full collection: with the
 * answers (answerBuffers, http-body.ts) they were what a pull's forced collections were for
 * (src/memory.ts). A slab whose values are not all released is the collector's, as before.
 */
export class PageSlabs {
  /** One kept, as for the answers (answerBuffers, http-body.ts): it is resident while kept. */
  private readonly pool = new BufferPool(1);

  /** A buffer of at least `size` bytes, back in the pool once `values` views of it were released. */
  take(size: number, values: number): Buffer {
    const slab = this.pool.take(size);
    holders.set(slab, { slabs: this, left: values });
    return Buffer.from(slab);
  }

  give(slab: ArrayBuffer): void {
    this.pool.give(slab);
  }
}

/**
 * `bytes` (a value liftBase64Fields decoded) is no longer read by anyone: its slab goes back to its
 * pool once all its values are. Anything else is left alone.
 */
export function releaseLifted(bytes: Uint8Array): void {
  const slab = bytes.buffer as ArrayBuffer;
  const holder = holders.get(slab);
  if (holder === undefined) return;
  if (--holder.left > 0) return;
  holders.delete(slab);
  holder.slabs.give(slab);
}
