// Items piped on standard input: one per line, or NDJSON records whose key / id field is taken
// (so `fiscal search nfe -o ndjson | fiscal props set ... --stdin` works).
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { pastedAccessKey } from '../../fiscal/access-key.js';

/**
 * The key of one line: the line itself, or the AccessKey / access_key / key / id of a JSON record
 * (or its `field`, when the usual ones would be wrong: a boleto's own id, not its NF-e's key).
 */
export function itemOfLine(line: string, field?: string): string | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{')) return pastedAccessKey(text);
  try {
    const r = JSON.parse(text) as Record<string, unknown>;
    const key = field ? r[field] : (r.AccessKey ?? r.access_key ?? r.key ?? r.id ?? r.Id);
    return typeof key === 'string' ? key.trim() : text;
  } catch {
    return text;
  }
}

export async function readStdinItems(ctx: Context): Promise<string[]> {
  if (ctx.io.stdinIsTTY) throw new UsageError('--stdin reads piped keys, but standard input is a terminal');
  let input = '';
  for await (const chunk of ctx.io.stdin)
    input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return input
    .split(/\r?\n/)
    .map((line) => itemOfLine(line))
    .filter((k): k is string => k !== undefined);
}
