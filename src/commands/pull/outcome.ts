// How a pull run ends: the signal that stops it (Ctrl-C, SIGTERM, or the --max-duration limit),
// why it stopped, and its summary: one line on stderr (what cron mails), and the JSON object on
// stdout for scripts.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { HttpClient } from '../../api/http.js';
import type { Context } from '../../context.js';
import {
  ConfigError,
  InterruptedError,
  LockedError,
  RateLimitError,
  TemporaryError,
  UsageError,
} from '../../errors.js';
import type { IndexEntry } from '../../sync/index-file.js';
import { documentsIn } from '../../sync/key-state.js';
import type { StreamSource } from '../../sync/source.js';
import { summaryJson, summaryLine, type PullSummary, type StopReason, type SummaryView } from '../../sync/summary.js';

interface RunSignal {
  signal: AbortSignal;
  /** True once the time limit has stopped the run. */
  readonly timedOut: boolean;
  dispose(): void;
}

/**
 * Aborted on SIGINT/SIGTERM and when `limitMs` has passed. The limit is a limit: it aborts the
 * requests on their way (pages, PDFs, their retries and backoff), not only the next page.
 */
export function runSignal(ctx: Context, limitMs: number | undefined): RunSignal {
  const run = new AbortController();
  const done = new AbortController();
  let timedOut = false;
  const onInterrupt = () => run.abort(ctx.signal.reason);
  if (ctx.signal.aborted) onInterrupt();
  else ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  if (limitMs !== undefined) {
    ctx.clock.sleep(limitMs, done.signal).then(
      () => {
        if (run.signal.aborted) return;
        timedOut = true;
        run.abort(new InterruptedError('the --max-duration limit was reached'));
      },
      () => undefined,
    );
  }
  return {
    signal: run.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      done.abort();
      ctx.signal.removeEventListener('abort', onInterrupt);
    },
  };
}

/**
 * Why a run that threw stopped, or undefined when it never got to pull (the folder is locked, a
 * checkpoint or flag is refused): then there is nothing kept to report.
 */
export function stopReasonOf(error: unknown, run: RunSignal): StopReason | undefined {
  if (error instanceof LockedError || error instanceof UsageError || error instanceof ConfigError) return undefined;
  if (error instanceof InterruptedError) return run.timedOut ? 'max-duration' : 'interrupted';
  return 'error';
}

/** Whether `error` stops the same command run again (only a temporary failure or a stop does not). */
export const needsFixFirst = (error: unknown): boolean =>
  !(error instanceof TemporaryError || error instanceof RateLimitError || error instanceof InterruptedError);

/**
 * The summary line on stderr (also with --quiet when it is the only output), and with -o json or
 * ndjson the JSON object on stdout.
 */
export function report(ctx: Context, s: PullSummary, view: SummaryView, http: HttpClient): void {
  const format = ctx.outputFormat();
  const machine = format !== 'table';
  if (!machine || !ctx.globals.quiet) ctx.io.stderr.write(`${summaryLine(s, view)}\n`);
  if (!machine) return;
  const json = summaryJson(s, view, http.stats);
  ctx.io.stdout.write(format === 'json' ? `${JSON.stringify(json, null, 2)}\n` : `${JSON.stringify(json)}\n`);
}

/**
 * How many documents of these streams' (type, role, owner) index.ndjson holds: said when a run
 * found nothing new. The key store's state file counts them (the index itself is read only for a
 * folder whose store does not cover it), so a large folder costs nothing here.
 */
export async function documentsInFolder(dir: string, sources: readonly StreamSource[]): Promise<number | undefined> {
  const streams = sources.filter((x) => x.phase !== 'events').map((x) => x.key);
  const ours = (type: string, role: string, owner: string) =>
    streams.some((k) => k.type === type && k.role === role && (!k.owner || k.owner === owner));
  const path = join(dir, 'index.ndjson');
  if (!existsSync(path)) return 0;
  const counted = documentsIn(join(dir, '.fiscal', 'keys'), statSync(path).size, ours);
  if (counted !== undefined) return counted;
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) {
      if (!line) continue;
      const e = JSON.parse(line) as IndexEntry;
      if (e.event === undefined && ours(e.type, e.role, e.owner)) n++;
    }
  } catch {
    // A count for the summary line only: an index that cannot be read now is not worth failing for.
    return undefined;
  }
  return n;
}
