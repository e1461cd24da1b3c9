// The ids `latam xml` and `latam json` act on: arguments and --stdin, all checked before the
// first request (exit 2 naming the bad one), duplicates dropped.
import { LATAM_ID } from '../../api/wire/latam.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readStdinItems } from '../shared/stdin-lines.js';

function checkLatamId(id: string, where = ''): void {
  if (!LATAM_ID.test(id)) {
    throw new UsageError(
      `"${id}"${where} is not a LATAM document id (MX-<UUID>, CL-<RUT>-<type>-<folio>, CO-<CUFE>, PE-<RUC>-<type>-<series>-<number>)`,
    );
  }
}

/** The ids given as arguments, checked before anything else happens. */
export function checkLatamIds(args: readonly string[]): void {
  for (const id of args) checkLatamId(id.trim());
}

export async function latamIds(ctx: Context, args: readonly string[], stdin: boolean): Promise<string[]> {
  const piped = stdin ? await readStdinItems(ctx) : [];
  for (const id of piped) checkLatamId(id, ' (standard input)');
  const ids = [...new Set([...args.map((a) => a.trim()), ...piped])];
  if (ids.length === 0)
    throw new UsageError(
      stdin ? 'no id on standard input' : 'give at least one id, or --stdin to read them from standard input',
    );
  return ids;
}
