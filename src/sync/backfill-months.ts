// Where a backfill's plan counts (backfill.ts): the starts of months before now, dense over the
// recent ones where an account's documents mostly are.
import { brasiliaDateTime, brasiliaDayStart, filterDateToMs } from '../fiscal/dates.js';
import type { CreatedRange } from './checkpoint.js';
import type { StreamSource } from './source.js';

export const toMs = (value: string, bound: 'from' | 'to') => filterDateToMs(value, bound);
export const toFilter = (ms: number) => brasiliaDateTime(new Date(ms));

/**
 * Where the round after the total counts (designed here): the start of a month, this many months
 * before next month's. Dense over the recent months, where an account's documents mostly are,
 * sparse back to ten years: the boundaries between them are interpolated. Sent with the total
 * unless a quota is told (backfill-plan.ts, `withTotal`), each once: sent with it with retries of
 * their own, they spent 130 attempts against a service that does not answer where the total alone
 * spends 6 (30 sent once); a stream too small to split pays 24 counts for one.
 */
const PROBE_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 18, 24, 30, 36, 48, 60, 84, 120];

/**
 * And the start of today, yesterday and a week ago (designed here): the latest of all with
 * documents after it is where the stream itself reads on, so that its own part (on the v1
 * cursor, 50 documents a request) is a day or so of documents, not a month's.
 */
const PROBE_DAYS = [0, 1, 7];

/**
 * The first instants of PROBE_DAYS, then of `n` of PROBE_MONTHS (evenly spread over it when
 * fewer), before now: `n` counts in all.
 */
export function probeInstants(now: Date, n = PROBE_DAYS.length + PROBE_MONTHS.length): number[] {
  const m = n - PROBE_DAYS.length;
  const last = PROBE_MONTHS.length - 1;
  const months =
    m >= PROBE_MONTHS.length
      ? PROBE_MONTHS
      : Array.from({ length: Math.max(0, m) }, (_, i) => PROBE_MONTHS[m === 1 ? 0 : Math.round((i * last) / (m - 1))]!);
  const today = brasiliaDayStart(now.getTime());
  const days = PROBE_DAYS.map((back) => today - back * 86_400_000);
  return [...new Set([...days, ...monthStarts(now, months)])];
}

/**
 * Where a small stream's one window may end (upToRecent): the start of this month and of months
 * back, the latest with documents after it.
 */
const CUT_MONTHS = [1, 2, 3, 6, 12, 24, 60];

/** The first instant of each month `back` months before now's next month. */
function monthStarts(now: Date, months: readonly number[]): number[] {
  // Brasília's month: the service's dates are in its time (UTC-3).
  const here = new Date(now.getTime() - 3 * 3600_000);
  return [...new Set(months)].map((back) => {
    const month = new Date(Date.UTC(here.getUTCFullYear(), here.getUTCMonth() + 1 - back, 1));
    return toMs(month.toISOString().slice(0, 10), 'from');
  });
}

/**
 * One window up to the latest of CUT_MONTHS' starts with documents after it, the stream itself
 * after it (one round of counts). Not up to now: a document the service creates later gets a later
 * created_at than those it has, so after the cut, whatever its clock says against ours (a cut at
 * our now missed what a server whose clock was behind created after the run).
 */
export async function upToRecent(
  split: NonNullable<StreamSource['split']>,
  total: number,
  now: Date,
  countTo: (at: number) => Promise<number | undefined>,
): Promise<CreatedRange[] | undefined> {
  const { range } = split;
  const instants = monthStarts(now, CUT_MONTHS).filter(
    (at) => at > toMs(range.from, 'from') && at < toMs(range.to, 'to'),
  );
  const upTo = await Promise.all(instants.map((at) => countTo(at)));
  const cut = Math.max(...instants.filter((_, i) => (upTo[i] ?? total) < total));
  if (!Number.isFinite(cut)) return undefined;
  return [
    { from: range.from, to: toFilter(cut) },
    { from: toFilter(cut + 1000), to: range.to },
  ];
}
