// `fiscal <group> show <id>...`: records of a group by id, a row each (the whole record with
// -o json / ndjson). Ids are checked before anything is sent (checkRecordIds, in the verb's check);
// an id the account does not have is reported on stderr and the others go on: exit 4 when none
// was found, 7 when some were not.
import type { HttpClient } from '../../api/http.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';

export interface RecordIds {
  /** `boleto`: how messages name one. */
  what: string;
  /** Why an id cannot be asked for, or undefined. */
  problem(id: string): string | undefined;
}

/** The ids given, once each, every one checked: a UsageError naming the first bad one. */
export function checkRecordIds(args: readonly string[], ids: RecordIds): string[] {
  const unique = [...new Set(args.map((a) => a.trim()).filter((a) => a !== ''))];
  if (unique.length === 0) throw new UsageError(`give at least one ${ids.what} id`);
  for (const id of unique) {
    const why = ids.problem(id);
    if (why) throw new UsageError(`invalid ${ids.what} id "${id}": ${why}`);
  }
  return unique;
}

export async function showRecords<T>(
  ctx: Context,
  args: readonly string[],
  o: RecordIds & { get(http: HttpClient, id: string): Promise<T>; table: Column<T>[] },
): Promise<void> {
  const ids = checkRecordIds(args, o);
  const http = await ctx.http();
  const writer = createRecordWriter<T>(ctx, { columns: o.table });
  let missing = 0;
  let first: NotFoundError | undefined;
  try {
    for (const id of ids) {
      if (ctx.signal.aborted) throw new InterruptedError('stopped');
      try {
        writer.write(await o.get(http, id));
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        missing++;
        first ??= error;
        if (ids.length > 1) ctx.io.stderr.write(`fiscal: ${o.what} ${id}: not found\n`);
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (first && missing === ids.length) {
    throw new NotFoundError(
      ids.length === 1 ? first.message : `none of the ${ids.length} ${o.what}s was found`,
      404,
      first.method,
      first.path,
    );
  }
  if (missing > 0) throw new PartialError(`${missing} of ${ids.length} ${o.what}s not found`);
}
