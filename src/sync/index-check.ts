// Checking index.ndjson before a run relies on it: every line up to the committed length must be
// a readable record (a file overwritten or patched outside fiscal is told, with the line's
// position), and --restart, which the message advises, keeps the readable lines and drops the rest.
// The check streams the file: memory stays flat however large the folder.
import { createReadStream } from 'node:fs';
import { open, rename } from 'node:fs/promises';

interface BadLine {
  /** 1-based. */
  line: number;
  /** Byte offset of the line's start. */
  offset: number;
}

const readable = (text: string): boolean => {
  try {
    const e = JSON.parse(text) as { key?: unknown; path?: unknown } | null;
    return typeof e === 'object' && e !== null && typeof e.key === 'string' && typeof e.path === 'string';
  } catch {
    return false;
  }
};

/** Each line of the first `end` bytes with its position, as raw bytes (a line is cut at `\n` only). */
async function* linesOf(path: string, end: number): AsyncGenerator<{ text: string; bytes: Buffer } & BadLine> {
  if (end <= 0) return;
  const input = createReadStream(path, { start: 0, end: end - 1 });
  let rest = Buffer.alloc(0);
  let line = 0;
  let offset = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let nl: number;
    while ((nl = buf.indexOf(0x0a)) !== -1) {
      const bytes = buf.subarray(0, nl + 1);
      yield { text: bytes.toString('utf8', 0, nl), bytes, line: ++line, offset };
      offset += nl + 1;
      buf = buf.subarray(nl + 1);
    }
    rest = Buffer.from(buf);
  }
  if (rest.length) yield { text: rest.toString('utf8'), bytes: rest, line: ++line, offset };
}

/** The first line of the first `end` bytes that is no readable record, if any. */
export async function firstUnreadableLine(path: string, end: number): Promise<BadLine | undefined> {
  for await (const l of linesOf(path, end)) if (!readable(l.text)) return { line: l.line, offset: l.offset };
  return undefined;
}

/**
 * Rewrites the first `end` bytes (complete lines) without the lines that are no readable record,
 * atomically (a temp file renamed over it); answers the new length and what was dropped.
 * Nothing is rewritten when every line is readable.
 */
export async function keepReadableLines(path: string, end: number): Promise<{ length: number; dropped: BadLine[] }> {
  const dropped: BadLine[] = [];
  for await (const l of linesOf(path, end)) if (!readable(l.text)) dropped.push({ line: l.line, offset: l.offset });
  if (!dropped.length) return { length: end, dropped };
  const tmp = `${path}.repair`;
  const out = await open(tmp, 'w');
  let length = 0;
  try {
    const bad = new Set(dropped.map((d) => d.line));
    for await (const l of linesOf(path, end)) {
      if (bad.has(l.line)) continue;
      await out.write(l.bytes);
      length += l.bytes.length;
    }
    await out.sync();
  } finally {
    await out.close();
  }
  await rename(tmp, path);
  return { length, dropped };
}

/** `line 3 (byte 812)`, `lines 3 (byte 812), 9 (byte 2301) and 40 more`. */
export function describeBadLines(bad: readonly BadLine[]): string {
  const shown = bad.slice(0, 3).map((b) => `${b.line} (byte ${b.offset})`);
  const more = bad.length > 3 ? ` and ${bad.length - 3} more` : '';
  return `line${bad.length === 1 ? '' : 's'} ${shown.join(', ')}${more}`;
}
