// `fiscal events <type> <key|id>...` and `fiscal <type> events <key>...`: one row per event of
// each document, or with --stream the account's whole event stream of the type (resumable from a
// cursor, R13).
//
// Keys are checked before the first request. Documents then go one by one: one the API does not
// find (404) or refuses is reported on stderr and the others go on; the run then exits 4 when no
// document was found, 7 when some were (PartialError). Credentials refused or an interruption stop
// the whole run, since every other key would fail the same way.
import * as z from 'zod';
import { documentEvents, eventStreamPages } from '../../api/events.js';
import { EVENT_CODE, EVENT_DOC_TYPES, NFSE_ID, type EventDocType } from '../../api/wire/events.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import type { Context } from '../../context.js';
import { FiscalError, InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { accessKeyProblem, badAccessKey, MODELS, parseAccessKey } from '../../fiscal/access-key.js';
import { docType } from '../../fiscal/doc-types.js';
import { createRecordWriter } from '../../output/writer.js';
import { stopsEveryItem } from '../shared/saved-files.js';
import type { EventsVerbSpec } from './flags.js';
import { COLUMNS, eventRow, saveColumns, saveEvent, type EventRow } from './rows.js';
import { verb } from '../shared/verb.js';

interface EventsOptions {
  type: EventDocType;
  ids: string[];
  codes: string[];
  save?: string | undefined;
  stream: boolean;
  cursor: number;
  limit?: number | undefined;
  cnpjs: string[];
}

const eventCode = z.string().superRefine((v, ctx) => {
  if (!EVENT_CODE.test(v)) ctx.addIssue({ code: 'custom', message: `an event code has exactly 6 digits, got "${v}"` });
});

/**
 * The verb listing events: `fiscal events <type> <id>...`, or with `type` given by the group
 * (`fiscal nfce events <key>...`) only the ids as arguments.
 */
export function documentEventsVerb(spec: EventsVerbSpec, type?: EventDocType) {
  const split = (args: string[]): { type: string; ids: string[] } => {
    const trimmed = args.map((a) => a.trim());
    return type ? { type, ids: trimmed } : { type: trimmed[0] ?? '', ids: trimmed.slice(1) };
  };
  return verb(spec, {
    parsers: { eventCode },
    check(o, args) {
      const { type: docType, ids } = split(args);
      if (!(EVENT_DOC_TYPES as readonly string[]).includes(docType)) {
        throw new UsageError(`unknown document type "${docType}": expected one of ${EVENT_DOC_TYPES.join(', ')}`);
      }
      if (o.stream && ids.length > 0) throw new UsageError('--stream reads the whole stream: give no key with it');
      if (!o.stream && ids.length === 0)
        throw new UsageError(`give at least one ${docType === 'nfse' ? 'NFS-e id' : 'access key'}, or --stream`);
      if (!o.stream) {
        for (const flag of ['cursor', 'limit', 'cnpj'] as const)
          if (o[flag] !== undefined) throw new UsageError(`--${flag} goes with --stream`);
      }
      for (const id of ids) checkId(docType as EventDocType, id);
    },
    run(ctx, o, args) {
      const { type: docType, ids } = split(args);
      return listEvents(ctx, {
        type: docType as EventDocType,
        ids: [...new Set(ids)],
        codes: [...new Set(o.eventCode ?? [])],
        save: o.dir,
        stream: o.stream,
        cursor: o.cursor ?? 0,
        limit: o.limit,
        cnpjs: o.cnpj ?? [],
      });
    },
  });
}

/** Exit 2 naming the id: not a valid access key, a key of another model, or not an NFS-e id. */
function checkId(type: EventDocType, id: string): void {
  // The model of the type's keys (R7); NFS-e is named by its R10 id.
  const model = docType(type).model;
  if (model === undefined) {
    if (!NFSE_ID.test(id))
      throw new UsageError(
        `invalid NFS-e id "${id}": expected <owner>:<emitter>:<yyyy-mm-dd>:<number> (owner optional)`,
      );
    return;
  }
  const problem = accessKeyProblem(id);
  if (problem) throw new UsageError(badAccessKey(id, problem));
  const actual = parseAccessKey(id).model as keyof typeof MODELS;
  if (actual !== model)
    throw new UsageError(
      `"${id}" is a key of model ${actual} (${MODELS[actual] ?? 'unknown'}), not ${type} (${model})`,
    );
}

async function listEvents(ctx: Context, options: EventsOptions): Promise<void> {
  const writer = createRecordWriter<EventRow>(ctx, {
    columns: options.save ? saveColumns() : COLUMNS,
    emptyMessage: 'No events.',
  });
  const emit = async (row: EventRow, xml: Buffer) => {
    if (options.save) row.file = await saveEvent(options.save, row, xml);
    writer.write(row);
  };
  try {
    if (options.stream) await readStream(ctx, options, emit);
    else await readEachDocument(ctx, options, emit);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}

type Emit = (row: EventRow, xml: Buffer) => Promise<void>;

async function readStream(ctx: Context, o: EventsOptions, emit: Emit): Promise<void> {
  const http = await ctx.http();
  let resume = o.cursor;
  let count = 0;
  // With a limit of at most a page, pages hold just that many, so the resume cursor is exact.
  const query = {
    cursor: o.cursor,
    types: o.codes,
    cnpjs: o.cnpjs,
    ...(o.limit !== undefined ? { limit: Math.min(o.limit, V1_LIMIT_MAX) } : {}),
  };
  pages: for await (const page of eventStreamPages(http, o.type, query, { signal: ctx.signal })) {
    for (const item of page.items) {
      // A limit that ends inside a page resumes at that page's start: nothing is skipped, some seen twice.
      if (o.limit !== undefined && count >= o.limit) break pages;
      const xml = Buffer.from(item.xml, 'base64');
      await emit(eventRow(o.type, item.access_key ?? item.id ?? '', item, xml), xml);
      count++;
    }
    resume = page.next;
    if (o.limit !== undefined && count >= o.limit) break;
  }
  // Not silenced by --quiet: a script resuming the stream needs it.
  ctx.io.stderr.write(`next cursor: ${resume} (resume with --stream --cursor ${resume})\n`);
}

async function readEachDocument(ctx: Context, o: EventsOptions, emit: Emit): Promise<void> {
  const http = await ctx.http();
  const failures: FiscalError[] = [];
  for (const id of o.ids) {
    if (ctx.signal.aborted) throw new InterruptedError('events stopped');
    try {
      for (const item of await documentEvents(http, o.type, id, o.codes)) {
        const xml = Buffer.from(item.xml, 'base64');
        await emit(eventRow(o.type, id, item, xml), xml);
      }
    } catch (error) {
      // A folder that cannot take the events refuses every other document's too: stop.
      if (stopsEveryItem(error, ctx)) throw error;
      if (!(error instanceof FiscalError)) throw error;
      failures.push(error);
      // One document not found is the run's own error (exit 4), said once by main.
      if (o.ids.length > 1 || !(error instanceof NotFoundError))
        ctx.io.stderr.write(`fiscal: ${id}: ${error.message}\n`);
    }
  }
  if (failures.length === 0) return;
  const summary = `${failures.length} of ${o.ids.length} documents could not be read`;
  const nothingFound = failures.length === o.ids.length && failures.every((f) => f instanceof NotFoundError);
  if (nothingFound) {
    const first = failures[0] as NotFoundError;
    throw new NotFoundError(o.ids.length === 1 ? first.message : summary, 404, first.method, first.path);
  }
  throw new PartialError(summary);
}
