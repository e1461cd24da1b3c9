// What a pull reports at its end: what it wrote, counted apart (documents, events, PDFs), and
// what a stopped run kept. Rendered as one line for people and cron (stderr), and as a JSON
// object for scripts (stdout), from the same numbers.
import type { IndexEntry } from './index-file.js';
import type { ResumePoint, SourcePage, StreamSource } from './source.js';
import { formatCount } from '../output/locale.js';
import { formatBytes } from '../output/progress.js';

export { formatBytes };

/** Files a run wrote. `attachments` are the files beside a document (its PDF, with --with-pdf). */
interface Counts {
  documents: number;
  events: number;
  attachments: number;
  /** Every file counted above: XML, events and PDFs. */
  bytes: number;
}

export interface StreamSummary extends Counts {
  label: string;
  type: string;
  role: string;
  owner: string;
  endpoint: 'v1' | 'v2';
  /** Documents listed again that the index already had (resumed or overlapping runs). */
  skipped: number;
  /** Documents not written because a value the server sent could not become a safe path: the first few. */
  refused: Array<{ key: string; reason: string }>;
  /** All of them. */
  refusedCount: number;
  firstFrom?: string;
  lastResume?: ResumePoint;
  total?: number;
  /** `total` is the count a backfill's plan made of the whole stream in this run, before any page. */
  counted?: boolean;
  /**
   * Events the stream stopped before because their documents are not listed yet (write-page.ts):
   * how many the page held from there, and when the next run places or skips them.
   */
  deferred?: { events: number; until: string };
}

/** Why a run ended before its streams did. */
export type StopReason = 'max-docs' | 'max-duration' | 'interrupted' | 'error';

export interface PullSummary extends Counts {
  durationMs: number;
  total?: number | undefined;
  stoppedBy?: StopReason;
  /**
   * Stopped by an error the same command would meet again (credentials refused, an answer that
   * cannot be read, a folder that cannot be written): the advice is to fix it first.
   */
  fixFirst?: boolean;
  /**
   * What the last commit made durable (index lines and checkpoints written): what a run that
   * stops keeps. Equal to the counts once a run ends normally.
   */
  kept: Counts;
  streams: StreamSummary[];
  /** With `--manifest`: what the run manifested (see auto-manifest.ts). */
  manifest?: ManifestCounts;
}

/** The manifestations of a `pull --manifest` run: answered by the tax authority, or left for the next run. */
export interface ManifestCounts {
  code: string;
  manifested: number;
  /** Keys that had a manifestation already: nothing was sent for them. */
  already: number;
  /** Notes found canceled (known to the folder, or answered 650): not manifested, not an error. */
  canceled: number;
  rejected: Array<{ key: string; cstat: number | null; message: string }>;
  /** Queued keys not answered yet (the next run sends or follows them). */
  pending: number;
}

const zero = (): Counts => ({ documents: 0, events: 0, attachments: 0, bytes: 0 });

export function newSummary(sources: StreamSource[]): PullSummary {
  return {
    ...zero(),
    durationMs: 0,
    kept: zero(),
    streams: sources.map((s) => ({
      label: s.label,
      type: s.key.type,
      role: s.key.role,
      owner: s.key.owner,
      endpoint: s.endpoint,
      ...zero(),
      skipped: 0,
      refused: [],
      refusedCount: 0,
    })),
  };
}

const docId = (x: { key: string; role: string; owner: string }) => `${x.key}|${x.role}|${x.owner}`;

/**
 * Counts a page once its files are written: `fresh` are its new index lines (documents and
 * events); a new document's attachments were written with it.
 */
export function countPage(
  summary: PullSummary,
  stream: StreamSummary,
  page: SourcePage,
  fresh: readonly IndexEntry[],
): void {
  const added = zero();
  const written = new Set<string>();
  for (const e of fresh) {
    if (e.event === undefined) {
      added.documents++;
      written.add(docId(e));
    } else added.events++;
    added.bytes += e.bytes;
  }
  for (const doc of page.docs) {
    if (doc.event || !doc.attachments?.length || !written.delete(docId(doc))) continue;
    added.attachments += doc.attachments.length;
    added.bytes += doc.attachments.reduce((n, a) => n + a.data.length, 0);
  }
  for (const c of [summary, stream]) {
    c.documents += added.documents;
    c.events += added.events;
    c.attachments += added.attachments;
    c.bytes += added.bytes;
  }
}

/** What the summary counts now: what a commit that begins now makes durable. */
export function counted(summary: PullSummary): Counts {
  return {
    documents: summary.documents,
    events: summary.events,
    attachments: summary.attachments,
    bytes: summary.bytes,
  };
}

/** Everything counted (or `kept`, counted when the commit began) is durable: called after each commit. */
export function markKept(summary: PullSummary, kept = counted(summary)): void {
  summary.kept = kept;
}

/** How the line names things: the folder as the user gave it, and which kinds the run fetches. */
export interface SummaryView {
  dir: string;
  withEvents: boolean;
  withPdf: boolean;
  /** Documents of this pull's streams in the folder; said when nothing was new. */
  inFolder?: number | undefined;
}

/** `11,186`: the summary line is English whatever the locale (by hand: ICU's data costs some 50 ms). */
const grouped = (n: number) => formatCount(n, 'en');

const count = (n: number, one: string, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;

/** `12.3 s`, `4 min 05 s`. */
function formatDuration(ms: number): string {
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** `812 documents, 204 events, 812 PDFs (41.2 MB)`: events and PDFs only when the run fetches them. */
function what(c: Counts, v: SummaryView): string {
  const parts = [count(c.documents, 'document')];
  if (v.withEvents) parts.push(count(c.events, 'event'));
  if (v.withPdf) parts.push(count(c.attachments, 'PDF'));
  return `${parts.join(', ')} (${formatBytes(c.bytes)})`;
}

const STOPPED_AT: Record<StopReason, string> = {
  'max-docs': ' at --max-docs',
  'max-duration': ' at --max-duration',
  interrupted: '',
  error: '',
};

/**
 * The one line a pull ends with:
 *   pulled 812 documents, 204 events, 812 PDFs (41.2 MB) into ./fiscal-docs in 12.3 s
 *   ./fiscal-docs is up to date (1,107 documents; nothing new)
 *   pull stopped: kept 300 documents, 12 events (1.2 MB) in ./fiscal-docs; run the same command again to continue
 */
export function summaryLine(s: PullSummary, v: SummaryView): string {
  const refused = s.streams.reduce((n, x) => n + x.refusedCount, 0);
  const tail =
    (refused ? `; ${count(refused, 'document')} refused (see the warnings above)` : '') + manifestTail(s.manifest);
  const deferred = deferredOf(s);
  const later = deferred ? `; ${count(deferred.events, 'event')} deferred until ${clockTime(deferred.until)}` : '';
  if (s.stoppedBy) {
    const k = s.kept;
    const kept = k.documents + k.events + k.attachments === 0 ? 'nothing new was kept' : `kept ${what(k, v)}`;
    const again = s.fixFirst
      ? 'fix what the error below names, then run the same command again to continue'
      : 'run the same command again to continue';
    return `pull stopped${STOPPED_AT[s.stoppedBy]}: ${kept} in ${v.dir}; ${again}${tail}`;
  }
  if (s.documents + s.events + s.attachments === 0) {
    const held = v.inFolder === undefined ? '' : `${count(v.inFolder, 'document')}; `;
    // Never "up to date" while events wait: the documents they change are not current yet.
    if (deferred) return `${v.dir}: nothing new (${held.slice(0, -2) || 'no documents'})${later}${tail}`;
    return `${v.dir} is up to date (${held}nothing new)${tail}`;
  }
  return `pulled ${what(s, v)} into ${v.dir} in ${formatDuration(s.durationMs)}${later}${tail}`;
}

/** Events deferred by every stream, until the latest of their times. */
function deferredOf(s: PullSummary): { events: number; until: string } | undefined {
  const all = s.streams.map((x) => x.deferred).filter((d) => d !== undefined);
  if (all.length === 0) return undefined;
  return {
    events: all.reduce((n, d) => n + d.events, 0),
    until: all.map((d) => d.until).reduce((a, b) => (a > b ? a : b)),
  };
}

/**
 * `14:05 GMT-3`: the machine's time, with its zone named (a cron mail from a server in UTC would
 * otherwise read as Brasília's time, the service's). Made when a summary first needs it, not as
 * the module loads: the first Intl object a process makes reads in some 6 MB of ICU's code and
 * data from node's binary, resident from then on, which a pull's peak would carry (docs/bench.md).
 */
let clock: Intl.DateTimeFormat | undefined;

function clockTime(iso: string): string {
  clock ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  return clock.format(new Date(iso));
}

/** `; manifested 12 (210210), 3 had one already, 1 rejected (see above), 40 left for the next run`. */
function manifestTail(m: ManifestCounts | undefined): string {
  if (!m) return '';
  const parts = [`manifested ${grouped(m.manifested)} (${m.code})`];
  if (m.already) parts.push(`${grouped(m.already)} had one already`);
  if (m.canceled) parts.push(`${grouped(m.canceled)} canceled (not manifested)`);
  if (m.rejected.length) parts.push(`${grouped(m.rejected.length)} rejected (see above)`);
  if (m.pending > 0) parts.push(`${grouped(m.pending)} left for the next run`);
  return `; ${parts.join(', ')}`;
}

interface HttpCounts {
  requests: number;
  retries: number;
  rateLimited: number;
  pacedMs: number;
  quota?: { limit: number; windowMs: number | undefined; told: boolean } | undefined;
}

/** The summary for scripts (`-o json`, and ndjson when piped): the kept counts, stream by stream. */
export function summaryJson(s: PullSummary, v: SummaryView, http: HttpCounts): Record<string, unknown> {
  return {
    dir: v.dir,
    documents: s.kept.documents,
    events: s.kept.events,
    pdfs: s.kept.attachments,
    bytes: s.kept.bytes,
    duration_ms: Math.round(s.durationMs),
    stopped_by: s.stoppedBy ?? null,
    up_to_date: !s.stoppedBy && s.documents + s.events + s.attachments === 0 && !deferredOf(s),
    deferred_events: deferredOf(s)?.events ?? 0,
    deferred_until: deferredOf(s)?.until ?? null,
    in_folder: v.inFolder ?? null,
    streams: s.streams.map((x) => ({
      type: x.type,
      role: x.role,
      owner: x.owner || null,
      endpoint: x.endpoint,
      documents: x.documents,
      events: x.events,
      pdfs: x.attachments,
      skipped: x.skipped,
      refused: x.refused,
      refused_count: x.refusedCount,
      first_position: x.firstFrom ?? null,
      last_position: x.lastResume
        ? x.endpoint === 'v1'
          ? `cursor ${x.lastResume.cursor}`
          : x.lastResume.paginator
            ? `paginator ${x.lastResume.paginator}`
            : 'end'
        : null,
      total: x.total ?? null,
    })),
    ...(s.manifest ? { manifest: { ...s.manifest } } : {}),
    http: {
      requests: http.requests,
      retries: http.retries,
      rate_limited: http.rateLimited,
      paced_ms: Math.round(http.pacedMs),
      quota: http.quota
        ? { limit: http.quota.limit, window_ms: http.quota.windowMs ?? null, told: http.quota.told }
        : null,
    },
  };
}
