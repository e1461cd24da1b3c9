// `fiscal <group> show <id>...`: records of a group by id, a row each (the whole record with
// -o json / ndjson). Ids are checked before anything is sent; an id the account does not have is
// reported on stderr and the others go on: exit 4 when none was found, 7 when some were not.
import { z } from 'zod';
import { getRecord } from '../../api/records.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import type { VerbModule } from '../action.js';

export interface RecordShowSpec<T> {
  /** `GET` path of one record. */
  path(id: string): string;
  item: z.ZodType<T>;
  /** Why an id cannot be asked for, or undefined. */
  problem?(id: string): string | undefined;
  table: Column<T>[];
  /** `boleto`: how messages name one. */
  what: string;
}

export interface RecordShowOptions {
  ids: string[];
}

export function recordShowVerb<T>(spec: RecordShowSpec<T>): VerbModule<RecordShowOptions> {
  return {
    parseOptions(_raw, args) {
      const ids = [...new Set(args.map((a) => a.trim()).filter((a) => a !== ''))];
      if (ids.length === 0) throw new UsageError(`give at least one ${spec.what} id`);
      for (const id of ids) {
        const why = spec.problem?.(id);
        if (why) throw new UsageError(`invalid ${spec.what} id "${id}": ${why}`);
      }
      return { ids };
    },
    async run(ctx: Context, o: RecordShowOptions) {
      const http = await ctx.http();
      const writer = createRecordWriter<T>(ctx, { columns: spec.table });
      let missing = 0;
      let first: NotFoundError | undefined;
      try {
        for (const id of o.ids) {
          if (ctx.signal.aborted) throw new InterruptedError('stopped');
          try {
            writer.write(await getRecord(http, spec.path(id), spec.item));
          } catch (error) {
            if (!(error instanceof NotFoundError)) throw error;
            missing++;
            first ??= error;
            if (o.ids.length > 1) ctx.io.stderr.write(`fiscal: ${spec.what} ${id}: not found\n`);
          }
        }
      } catch (error) {
        writer.fail();
        throw error;
      } finally {
        writer.end();
      }
      if (first && missing === o.ids.length) {
        throw new NotFoundError(o.ids.length === 1 ? first.message : `none of the ${o.ids.length} ${spec.what}s was found`, 404, first.method, first.path);
      }
      if (missing > 0) throw new PartialError(`${missing} of ${o.ids.length} ${spec.what}s not found`);
    },
  };
}
