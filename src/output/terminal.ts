// What a terminal says about itself, read from the stream the context hands over (never from
// process.*), so that tests can give any width.
import type { Writable } from 'node:stream';
import type { Context, OutputFormat } from '../context.js';
import { UsageError } from '../errors.js';

/**
 * -o xlsx to a terminal: refused. Checked before a verb runs (verb.ts), so that nothing is sent:
 * a verb that writes (flag) had set the flag before its writer refused, with exit 2 saying
 * "nothing was sent"; and again where the writer is made, for a caller that is no verb.
 */
export function refuseBinaryOnTerminal(ctx: Context, format: OutputFormat = ctx.outputFormat()): void {
  if (format === 'xlsx' && ctx.io.stdoutIsTTY)
    throw new UsageError('-o xlsx writes a binary workbook: send it to a file (fiscal ... -o xlsx > file.xlsx)');
}

/**
 * The width a terminal stream reports; undefined when it is no terminal. A pseudo-terminal
 * created without a size (`script -qc ... /dev/null` from a non-terminal) reports 0.
 */
export function streamColumns(stream: Writable): number | undefined {
  const s = stream as Writable & { columns?: unknown };
  return typeof s.columns === 'number' && Number.isFinite(s.columns) ? s.columns : undefined;
}

/** Lines of at most `width` columns, broken at spaces; a word wider than that is a line of its own. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/**
 * A note for a terminal `columns` wide (none: as it is): each of its lines wider than the terminal
 * broken at spaces, where the terminal would break it inside a word.
 */
export function fitNote(message: string, columns: number | undefined): string {
  if (!columns) return message;
  return message
    .split('\n')
    .map((l) => (l.length <= columns ? l : wrapWords(l, columns).join('\n')))
    .join('\n');
}
