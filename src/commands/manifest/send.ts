// `fiscal manifest <confirm|aware|unaware|not-performed> <key>...`: the receiver's manifestation
// (R29). Keys come from arguments, --file and --stdin and are all checked before anything is
// sent. By default the manifests go in asynchronous requests (4.11) and the rows carry their
// request ids; --wait follows them (4.14) until the tax authority has answered each key; --sync
// sends key by key (4.13) and shows the answer at once. A key that is rejected or refused is a
// failed row, the others go on, and the exit code is then 7.
import { manifestAsync, manifestRequest, manifestStatus, manifestSync } from '../../api/manifest.js';
import type { HttpClient } from '../../api/http.js';
import {
  JUSTIFIED_CODE,
  MANIFEST_CODES,
  justificationProblem,
  type ManifestCode,
  type ManifestItem,
} from '../../api/wire/manifest.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createProgress } from '../../output/progress.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import type { confirmVerb } from './index.js';
import { readKeys, type KeySources } from './keys.js';
import { isFailure, ROW_COLUMNS, rowOfSefaz, rowOfStatus, type ManifestRow } from './outcome.js';

/** Manifests per asynchronous request (the emulator's designed limit). */
const CHUNK = 100;
const FIRST_POLL_MS = 300;
const MAX_POLL_MS = 2_000;

interface SendOptions extends KeySources {
  code: ManifestCode;
  justification?: string | undefined;
  wait: boolean;
  sync: boolean;
  dryRun: boolean;
}

/** The verb sending `code` for each key; the four verbs differ only by it. */
export function sendVerb(spec: typeof confirmVerb, code: ManifestCode) {
  return verb(spec, {
    check(o, keys) {
      if (code === JUSTIFIED_CODE) {
        const problem = justificationProblem(o.justification);
        if (problem) throw new UsageError(`--justification: ${problem} (not-performed)`);
      } else if (o.justification !== undefined) {
        throw new UsageError(`--justification only applies to not-performed (${JUSTIFIED_CODE})`);
      }
      if (o.sync && o.wait)
        throw new UsageError('--wait follows asynchronous requests; --sync already waits for the answer');
      if (keys.length === 0 && !o.stdin && o.file === undefined)
        throw new UsageError('give at least one key, --file <path> or --stdin');
    },
    run: (ctx, o, keys) =>
      send(ctx, {
        keys: keys.map((k) => k.trim()),
        file: o.file,
        stdin: o.stdin,
        code,
        justification: o.justification?.trim(),
        wait: o.wait,
        sync: o.sync,
        dryRun: o.dryRun,
      }),
  });
}

async function send(ctx: Context, options: SendOptions): Promise<void> {
  const keys = await readKeys(ctx, options);
  if (keys.length === 0) throw new UsageError('no key to manifest');
  const items = keys.map((access_key): ManifestItem => ({
    access_key,
    code: options.code,
    ...(options.justification ? { justification: options.justification } : {}),
  }));
  const writer = createRecordWriter<ManifestRow>(ctx, { columns: ROW_COLUMNS });
  let rows: ManifestRow[];
  try {
    if (options.dryRun) rows = dryRun(items, options);
    else {
      const http = await ctx.http();
      rows = options.sync ? await sendSync(ctx, http, items) : await sendAsync(ctx, http, items, options.wait);
    }
    for (const row of rows) {
      if (isFailure(row)) ctx.io.stderr.write(`fiscal: ${row.key}: ${row.message ?? row.status}\n`);
      writer.write(row);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  const failed = rows.filter(isFailure).length;
  // Every key unknown to the service: nothing named exists, which is exit 4, not a partial run.
  if (failed > 0 && rows.every((r) => r.cstat === 404)) {
    const message =
      rows.length === 1
        ? `no NF-e with access key ${rows[0]!.key} among the account's documents`
        : `none of the ${rows.length} NF-e was found`;
    const request = manifestRequest(options.sync);
    throw new NotFoundError(message, 404, request.method, request.path);
  }
  if (failed > 0)
    throw new PartialError(`${failed} of ${rows.length} manifestation${rows.length === 1 ? '' : 's'} failed`);
}

function dryRun(items: ManifestItem[], options: SendOptions): ManifestRow[] {
  const request = manifestRequest(options.sync);
  const how = `${request.method} ${request.path}`;
  const meaning = MANIFEST_CODES[options.code];
  return items.map((m) => ({
    key: m.access_key,
    code: m.code,
    status: 'dry-run',
    message: `would send ${m.code} (${meaning}) with ${how}; nothing sent`,
  }));
}

async function sendSync(ctx: Context, http: HttpClient, items: ManifestItem[]): Promise<ManifestRow[]> {
  const rows: ManifestRow[] = [];
  for (const item of items) {
    if (ctx.signal.aborted) throw new InterruptedError('manifest stopped');
    try {
      rows.push(rowOfSefaz(item.access_key, item.code, await manifestSync(http, item)));
    } catch (error) {
      rows.push(errorRow(ctx, item, error));
    }
  }
  return rows;
}

async function sendAsync(ctx: Context, http: HttpClient, items: ManifestItem[], wait: boolean): Promise<ManifestRow[]> {
  const rows: ManifestRow[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    try {
      const requestId = await manifestAsync(http, chunk);
      if (!wait)
        ctx.log.info(`manifestation request ${requestId}: ${chunk.length} key${chunk.length === 1 ? '' : 's'}`);
      rows.push(
        ...chunk.map((m): ManifestRow => ({
          key: m.access_key,
          code: m.code,
          status: 'accepted',
          request_id: requestId,
        })),
      );
    } catch (error) {
      rows.push(...chunk.map((m) => errorRow(ctx, m, error)));
    }
  }
  return wait ? waitFor(ctx, http, rows) : rows;
}

/** Polls 4.14 until no accepted row is pending; rows come back in the same order. */
async function waitFor(ctx: Context, http: HttpClient, rows: ManifestRow[]): Promise<ManifestRow[]> {
  const progress = createProgress(ctx, { label: 'manifestations answered' });
  progress.setTotal(rows.filter((r) => r.request_id !== undefined).length);
  const done = new Map<string, ManifestRow>();
  const id = (r: { request_id?: string | undefined; key: string }) => `${r.request_id}/${r.key}`;
  let pause = FIRST_POLL_MS;
  try {
    for (;;) {
      const open = [
        ...new Set(rows.filter((r) => r.request_id !== undefined && !done.has(id(r))).map((r) => r.request_id!)),
      ];
      if (open.length === 0) break;
      await ctx.clock.sleep(pause, ctx.signal);
      if (ctx.signal.aborted)
        throw new InterruptedError(`manifest --wait stopped; follow up with: fiscal manifest status ${open.join(' ')}`);
      pause = Math.min(MAX_POLL_MS, pause * 2);
      for (const item of await manifestStatus(http, { requestIds: open })) {
        const row = rowOfStatus(item);
        if (row.status === 'pending' || done.has(id(row))) continue;
        done.set(id(row), row);
        progress.tick();
      }
    }
    progress.succeed(`${done.size} manifestation${done.size === 1 ? '' : 's'} answered`);
  } finally {
    progress.stop();
  }
  return rows.map((r) => done.get(id(r)) ?? r);
}

/**
 * A key the service refuses is a failed row. A 403 is about that document (the account does not
 * receive it), so it is one too; a 401 would fail every key alike and stops the run.
 */
function errorRow(ctx: Context, item: ManifestItem, error: unknown): ManifestRow {
  const forbidden = error instanceof AuthError && error.status === 403;
  if ((error instanceof AuthError && !forbidden) || error instanceof InterruptedError || ctx.signal.aborted)
    throw error;
  if (!(error instanceof FiscalError)) throw error;
  return {
    key: item.access_key,
    code: item.code,
    status: 'error',
    message: error.message,
    // The service's answer in the cstat column, as the status items of 4.14 give it for both.
    ...(error instanceof NotFoundError ? { cstat: 404 } : forbidden ? { cstat: 403 } : {}),
  };
}
