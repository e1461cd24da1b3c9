// What a terminal says about itself, read from the stream the context hands over (never from
// process.*), so that tests can give any width.
import type { Writable } from 'node:stream';

/**
 * The width a terminal stream reports; undefined when it is no terminal. A pseudo-terminal
 * created without a size (`script -qc ... /dev/null` from a non-terminal) reports 0.
 */
export function streamColumns(stream: Writable): number | undefined {
  const s = stream as Writable & { columns?: unknown };
  return typeof s.columns === 'number' && Number.isFinite(s.columns) ? s.columns : undefined;
}
