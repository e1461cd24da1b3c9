// The events of `fiscal events batch submit <file|->`: a JSON array (or `{events: [...]}`), or
// NDJSON, one event per line. The batch is checked with the rules the service applies (R32), so a
// bad batch stops with exit 2 naming the item and its field before anything is sent.
import { readFile } from 'node:fs/promises';
import { batchProblem, type BatchEvent } from '../../api/wire/events.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

interface Parsed {
  events: unknown[];
  /** NDJSON: the line of each event, for messages. */
  lines?: number[];
}

export async function readBatchEvents(ctx: Context, source: string): Promise<BatchEvent[]> {
  const name = source === '-' ? 'standard input' : source;
  const text = source === '-' ? await readStdin(ctx) : await readSource(source);
  const parsed = parseEvents(text, name);
  const problem = batchProblem(parsed.events);
  if (problem) {
    const index = /^events\[(\d+)\]/.exec(problem.field)?.[1];
    const line = index !== undefined && parsed.lines ? `, line ${parsed.lines[Number(index)]}` : '';
    const item = index !== undefined ? `event ${Number(index) + 1}${line} (${problem.field})` : problem.field;
    throw new UsageError(`${name}: ${item}: ${problem.message}`);
  }
  return parsed.events as BatchEvent[];
}

function parseEvents(text: string, name: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '') return { events: [] };
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch {
    return parseNdjson(text, name);
  }
  if (Array.isArray(whole)) return { events: whole };
  const events = whole && typeof whole === 'object' ? (whole as { events?: unknown }).events : undefined;
  if (Array.isArray(events)) return { events };
  return { events: [whole], lines: [1] };
}

function parseNdjson(text: string, name: string): Parsed {
  const events: unknown[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      events.push(JSON.parse(line));
      lines.push(i + 1);
    } catch (error) {
      throw new UsageError(
        `${name}: line ${i + 1} is not JSON (give a JSON array of events, or one event per line): ${(error as Error).message}`,
      );
    }
  });
  return { events, lines };
}

async function readSource(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

async function readStdin(ctx: Context): Promise<string> {
  if (ctx.io.stdinIsTTY) throw new UsageError('"-" reads the events from standard input, but it is a terminal');
  let input = '';
  for await (const chunk of ctx.io.stdin)
    input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return input;
}
