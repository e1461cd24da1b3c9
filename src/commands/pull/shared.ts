// What every `fiscal pull <type>` shares: the pull flags, their validation, running the engine
// with progress, the exit codes of the end, and the summary (a line, or JSON with -o json).
import * as z from 'zod';
import type { HttpClient } from '../../api/http.js';
import type { LeasedFolder } from '../../catalog/postgres/catalog.js';
import type { ResolvedTarget } from '../../config/resolve.js';
import { withSignal } from '../../api/http-views.js';
import type { Context } from '../../context.js';
import type { EventDocType } from '../../api/wire/events.js';
import { InterruptedError, NothingNewError, PartialError, TimeLimitError, UsageError } from '../../errors.js';
import { createProgress, type ProgressCounts } from '../../output/progress.js';
import { canonicalJson, hasCheckpoints, streamId, type StreamKey } from '../../sync/checkpoint.js';
import { DEFAULT_LAYOUT, parseLayout } from '../../sync/layout.js';
import { closeInTurn } from '../../sync/close-in-turn.js';
import { runPull } from '../../sync/pull-engine.js';
import { withPdfs } from '../../sync/attachments.js';
import type { PulledDocument, StreamSource } from '../../sync/source.js';
import { EVENTS_ROLE, eventsSource } from '../../sync/sources/events.js';
import { newSummary, type PullSummary, type SummaryView } from '../../sync/summary.js';
import type { OptionsOf } from '../shared/define.js';
import * as values from '../shared/values.js';
import type { PULL_FLAGS } from './flags.js';
import { documentsInFolder, needsFixFirst, report, runSignal, stopReasonOf } from './outcome.js';
import { leaseOne, openSharedCatalog } from './catalog.js';
import { cienciaOf, throwIfRejected } from './ciencia.js';
import { localPdfDrawer, type LocalPdfDrawer } from './pdfs.js';

/** The end of an open `--created-from` range: fixed, since the filters are part of the checkpoint. */
export const OPEN_END = '2099-12-31 23:59:59';

/** Parsers of the pull flags declared `custom` (./flags.ts). */
export const PULL_PARSERS = {
  lockWait: z.coerce.number().nonnegative('expected seconds >= 0'),
  concurrency: z.coerce.number().int('expected a whole number').min(1, 'at least 1').max(16, 'at most 16'),
  rateLimit: values.rateLimit,
};

export interface PullFlags {
  dir: string;
  layout?: string | undefined;
  restart?: boolean | undefined;
  lockWait: number;
  maxDuration?: number | undefined;
  maxDocs?: number | undefined;
  concurrency: number;
  /** `--rate-limit 30/5s`: the account's quota, told to the client's pacer. */
  rateLimit?: { limit: number; windowMs: number } | undefined;
  errorOnNothingNew?: boolean | undefined;
  withEvents?: boolean | undefined;
  /**
   * `--with-events`: a first pull reads the account's whole history of events. Without it, where
   * the listings say which documents are canceled or manifested (NF-e), the events stream takes
   * that from them and starts at the present.
   */
  eventHistory?: boolean | undefined;
  /** `api`: each PDF asked of the service (a request per document); `local`: drawn here from the XML. */
  withPdf?: 'api' | 'local' | undefined;
  /** `aware`: send the awareness manifestation of each new received NF-e (./ciencia.ts). */
  manifest?: 'aware' | undefined;
  /** Pull these stored profiles, each into <dir>/<profile> (./profiles.ts). */
  profiles?: string[] | undefined;
  allProfiles?: boolean | undefined;
  /** `--catalog postgres://…`: the shared catalog (../../catalog/postgres/). */
  catalog?: string | undefined;
}

/** The pull flags of a verb's options, --layout checked against --dir. */
export function pullFlagsOf(o: OptionsOf<typeof PULL_FLAGS, typeof PULL_PARSERS>): PullFlags {
  if (o.withEvents && o.withoutEvents) throw new UsageError('--with-events and --without-events contradict each other');
  const pull: PullFlags = {
    dir: o.dir,
    layout: o.layout,
    restart: o.restart,
    lockWait: o.lockWait ?? 0,
    maxDuration: o.maxDuration,
    maxDocs: o.maxDocs,
    concurrency: o.concurrency ?? 4,
    rateLimit: o.rateLimit,
    errorOnNothingNew: o.errorOnNothingNew,
    // Statuses are current by default: the events streams are incremental, one request each on
    // a night with nothing new, and a note canceled after it was pulled is canceled in the folder.
    withEvents: o.withoutEvents ? false : true,
    eventHistory: Boolean(o.withEvents),
    withPdf: o.withPdf,
    manifest: o.manifest,
    profiles: o.profiles,
    allProfiles: o.allProfiles,
    catalog: o.catalog,
  };
  if (pull.layout) parseLayout(pull.layout, pull.dir);
  return pull;
}

/** Who a stream belongs to: the account and the service it reads (checkpoints are per both). */
export type StreamIdentity = Pick<StreamKey, 'account' | 'baseUrl'>;

export interface PullCommand {
  type: EventDocType;
  pull: PullFlags;
  streams(http: HttpClient, id: StreamIdentity, now: number): StreamSource[];
  /** The document's PDF for --with-pdf; undefined when the service has none for it. */
  pdf?(http: HttpClient, doc: PulledDocument, signal: AbortSignal): Promise<Buffer | undefined>;
  /** Hook: where the summary goes instead of stdout/stderr (one profile of --profiles). */
  report?(s: PullSummary, view: SummaryView, http: HttpClient): void;
  /**
   * One profile of --profiles in a shared catalog: the lease of its folder, taken and released by
   * the caller; null: the caller found no shared catalog.
   */
  leased?: LeasedFolder | null;
}

/** A client that is never asked: a stream's sources are made without a request (pullWork). */
const NEVER_ASKED = new Proxy({} as HttpClient, {
  get() {
    throw new Error('a stream asked the service while it was only being described');
  },
});

/**
 * What a pull of `c` does to a profile's folder, alike for every profile: its streams (type, role,
 * owner, endpoint and filters) and what it adds beside them. A shared catalog's lease keeps it
 * with the time a pull ended whole: another run skips a profile only after the same work
 * (leased-profiles.ts). Undefined where the streams cannot be told without a request.
 */
export function pullWork(c: PullCommand): string | undefined {
  try {
    const streams = c
      .streams(NEVER_ASKED, { account: '', baseUrl: '' }, 0)
      .map((s) => [s.key.type, s.key.role, s.key.owner, s.endpoint, s.filters].join(' '))
      .sort();
    const { withEvents, eventHistory, withPdf, manifest } = c.pull;
    return canonicalJson({ streams, withEvents, eventHistory, withPdf, manifest });
  } catch {
    return undefined;
  }
}

/** The document streams, with their PDFs (--with-pdf), then one events stream per owner (--with-events). */
function allStreams(
  c: PullCommand,
  http: HttpClient,
  id: StreamIdentity,
  now: number,
  drawer: LocalPdfDrawer | undefined,
): StreamSource[] {
  let sources = c.streams(http, id, now);
  if (drawer) {
    // Every document of a page handed to the workers at once: they draw while pages are written.
    sources = sources.map((s) => withPdfs(s, drawer.draw, Infinity));
  } else if (c.pull.withPdf) {
    const pdf = c.pdf;
    if (!pdf) throw new UsageError(`--with-pdf: the service has no PDF for ${c.type}`);
    // The stream's signal ends its PDF fetches too: a stopped run leaves none running.
    sources = sources.map((s) => withPdfs(s, (doc, signal) => pdf(withSignal(http, signal), doc, signal)));
  }
  // The canceled notes a first pull's events phase takes from the listings, learnt first where
  // drawn here (a later pull's events phase reads no listing: asked ahead, it would be a request more).
  if (drawer && c.pull.withEvents && !c.pull.eventHistory && !hasCheckpoints(c.pull.dir)) drawer.learnCanceled(sources);
  if (c.pull.withEvents) {
    const owners = [...new Set(sources.map((s) => s.key.owner))];
    // A stream of every owner covers the owner-specific ones.
    for (const owner of owners.includes('') ? [''] : owners) {
      // Statuses from the listings where the document streams can list them, unless --with-events.
      const documents = sources
        .filter((s) => owner === '' || s.key.owner === owner)
        .map((s) => ({ id: streamId(s.key), listed: c.pull.eventHistory ? undefined : s.listed }));
      sources.push(eventsSource(http, { ...id, type: c.type, role: EVENTS_ROLE, owner }, c.type, documents));
    }
  }
  return sources;
}

export async function runPullCommand(ctx: Context, c: PullCommand): Promise<void> {
  if (c.pull.profiles || c.pull.allProfiles) return (await import('./profiles.js')).runProfiles(ctx, c, runPullCommand);
  const layout = parseLayout(c.pull.layout ?? DEFAULT_LAYOUT, c.pull.dir);
  const [http, target] = await Promise.all([ctx.http(), ctx.target()]);
  if (c.pull.rateLimit) http.tellQuota?.(c.pull.rateLimit.limit, c.pull.rateLimit.windowMs);
  const drawer = c.pull.withPdf === 'local' ? localPdfDrawer(ctx, c.type) : undefined;
  const sources = allStreams(
    c,
    http,
    { account: target.apiId, baseUrl: target.emulator ? 'emulator' : target.baseUrl },
    ctx.clock.now(),
    drawer,
  );
  const view = { dir: c.pull.dir, withEvents: Boolean(c.pull.withEvents), withPdf: Boolean(c.pull.withPdf) };
  const summary = newSummary(sources);
  const ciencia = await cienciaOf(ctx, c.type, c.pull, sources, http, summary);
  const say = c.report ?? ((s: PullSummary, v: SummaryView) => report(ctx, s, v, http));
  const own = c.leased === undefined ? await leaseOwnFolder(ctx, c, target) : undefined;
  const leased = c.leased ?? own;
  let finished = false;
  const maxDurationMs = c.pull.maxDuration === undefined ? undefined : c.pull.maxDuration * 1000;
  const run = runSignal(ctx, maxDurationMs);
  const started = ctx.clock.now();
  const progress = createProgress(ctx, {
    label: `pulling ${c.type} (${sources.map((s) => s.label).join(', ')})`,
    unit: 'documents',
  });
  let closing: { error: unknown } | undefined;
  try {
    drawer?.start(run.signal);
    await ciencia?.drain(run.signal, leased?.shared.catalog);
    await runPull({
      dir: c.pull.dir,
      layout,
      sources,
      restart: Boolean(c.pull.restart),
      maxDocs: c.pull.maxDocs,
      maxDurationMs,
      concurrency: c.pull.concurrency,
      waitSeconds: c.pull.lockWait,
      clock: ctx.clock,
      signal: run.signal,
      log: ctx.log,
      summary,
      onProgress: (_written, _total, s) => progress.update(pullProgress(s)),
      onCommit: ciencia?.onCommit,
      quotaLeft: (maxInFlight) => http.quotaLeft?.(maxInFlight) ?? 0,
      quotaTold: c.pull.rateLimit !== undefined,
      shared: leased?.shared,
      redrawPdf: drawer,
    });
    finished = !summary.stoppedBy;
    if (ciencia && summary.stoppedBy !== 'max-duration') {
      await ciencia.drain(run.signal, leased?.shared.catalog);
      summary.durationMs = ctx.clock.now() - started;
    }
  } catch (error) {
    progress.stop();
    const stoppedBy = stopReasonOf(error, run);
    if (!stoppedBy) throw error;
    // Said before the error (main prints it): what the run kept, and that a re-run continues.
    summary.stoppedBy = stoppedBy;
    summary.fixFirst = stoppedBy === 'error' && needsFixFirst(error);
    summary.durationMs = ctx.clock.now() - started;
    say(summary, view, http);
    if (stoppedBy === 'max-duration') throw timeLimit();
    // Interrupted: main says by which signal, not the engine's wording.
    throw stoppedBy === 'interrupted' && ctx.signal.reason instanceof InterruptedError ? ctx.signal.reason : error;
  } finally {
    run.dispose();
    // The folder's lock is released even when the drawing threads fail to close.
    closing = await closeInTurn([
      async () => drawer?.close(),
      async () => own?.release(finished ? pullWork(c) : undefined),
    ]);
  }
  if (closing !== undefined) throw closing.error;
  progress.stop();
  const nothingNew = !summary.stoppedBy && summary.documents + summary.events + summary.attachments === 0;
  say(summary, { ...view, inFolder: nothingNew ? await documentsInFolder(c.pull.dir, sources) : undefined }, http);
  const refused = summary.streams.reduce((n, s) => n + s.refusedCount, 0);
  if (refused) throw new PartialError(`${refused} document(s) were refused and not written (see the warnings above)`);
  throwIfRejected(summary);
  if (summary.stoppedBy === 'max-duration') throw timeLimit();
  if (c.pull.errorOnNothingNew && summary.documents === 0 && !summary.stoppedBy)
    throw new NothingNewError('no new documents');
}

const timeLimit = () =>
  new TimeLimitError('stopped at the --max-duration limit; run the same command again to continue');

/** A run of one profile in a shared catalog leases its folder; undefined without one. */
async function leaseOwnFolder(ctx: Context, c: PullCommand, target: ResolvedTarget): Promise<LeasedFolder | undefined> {
  const catalog = await openSharedCatalog(ctx, c.pull.catalog, target.profile ? [target.profile] : []);
  // Without a profile, the account's id names the folder's rows and lease.
  return catalog && leaseOne(ctx, catalog, target.profile ?? target.apiId, c.pull.lockWait);
}

/**
 * What the progress line says of a pull: documents listed (new or already here) out of the
 * listing's total, when every document stream says it and read its listing from the start (a
 * resumed listing's total counts what earlier runs read); events and PDFs written; bytes. A
 * stream planned in this run has its total from the plan's count (`counted`), and its windows'
 * pages count toward it.
 */
export function pullProgress(s: Readonly<PullSummary>): ProgressCounts {
  const docs = s.streams.filter((x) => x.role !== EVENTS_ROLE);
  const fromStart = docs.every((x) => x.total !== undefined && (x.counted || x.firstFrom === 'start'));
  return {
    done: docs.reduce((n, x) => n + x.documents + x.skipped, 0),
    total: fromStart && docs.length > 0 ? docs.reduce((n, x) => n + (x.total ?? 0), 0) : undefined,
    events: s.events,
    pdfs: s.attachments,
    bytes: s.bytes,
  };
}
