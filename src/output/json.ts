// JSON and NDJSON: each record written whole, as soon as it arrives.
import type { Writable } from 'node:stream';
import type { Sink } from './writer.js';

/**
 * A JSON array, pretty-printed with 2 spaces, streamed: `[` goes out with the first record and `]`
 * at end(), so an empty result is exactly `[]`.
 */
export function createJsonSink<R>(out: Writable): Sink<R> {
  let first = true;
  return {
    write(record) {
      const body = indent(JSON.stringify(record, null, 2) ?? 'null');
      out.write(first ? `[\n${body}` : `,\n${body}`);
      first = false;
    },
    end(count) {
      out.write(count === 0 ? '[]\n' : '\n]\n');
    },
  };
}

/** One compact JSON object per line (JSON.stringify escapes the line breaks inside values). */
export function createNdjsonSink<R>(out: Writable): Sink<R> {
  return {
    write(record) {
      out.write(`${JSON.stringify(record) ?? 'null'}\n`);
    },
    end() {},
  };
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}
