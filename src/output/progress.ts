// A progress spinner on stderr: what is done so far (items, events, PDFs, bytes), the rate, and
// the percentage and time left when the total is known. Only for a person watching: when stderr
// is not a terminal, or with --quiet, every method does nothing (logs and pipes stay clean, and
// final summaries are the command's own ctx.log lines).
//
// A terminal that reports 0 columns (a pseudo-terminal without a size, as CI wrappers running
// `script -qc ... /dev/null` create) counts as no terminal: ora divides each line's width by the
// column count to know how many lines to erase, gets Infinity, and erases for ever without
// yielding to the event loop (no signal handler can run then). The same holds if the terminal is
// resized to 0 columns while drawing: the spinner stops at once, before it draws again.
//
// ora is imported in the background the first time a progress starts (it costs ~50 ms), so
// createProgress stays synchronous; calls made before it loads are replayed from the state kept
// here. Text updates are throttled to 10 per second; ora repaints on its own timer.
import type { Writable } from 'node:stream';
import type { Context } from '../context.js';
import { formatCount } from './locale.js';
import { streamColumns } from './terminal.js';

/** What a long run has done so far. Every field is a running total. */
export interface ProgressCounts {
  /** Items done (documents, requests...): what the total counts. */
  done: number;
  total?: number | undefined;
  events?: number;
  pdfs?: number;
  bytes?: number;
}

export interface Progress {
  /** Counts n (default 1) more items done. */
  tick(n?: number): void;
  setTotal(total: number | undefined): void;
  /** Replaces the counts shown (running totals, not increments); omitted fields keep their value. */
  update(counts: Partial<ProgressCounts>): void;
  /** Stops with a ✔ line that stays. */
  succeed(text: string): void;
  /** Stops with a ✖ line that stays. */
  fail(text: string): void;
  /** Stops and clears the line. */
  stop(): void;
}

interface ProgressOptions {
  label: string;
  total?: number;
  /** What the items are, said after the count: `120/500 documents`. */
  unit?: string;
}

type Spinner = import('ora').Ora;
type Ending = { kind: 'succeed' | 'fail'; text: string } | { kind: 'stop' };

const MIN_UPDATE_MS = 100;

/** A progress that shows nothing, for callers that decide themselves no progress is wanted. */
export const noProgress: Progress = { tick() {}, setTotal() {}, update() {}, succeed() {}, fail() {}, stop() {} };
const noop = noProgress;

/** False for a terminal that says it has no columns: nothing can be drawn on it in place. */
function canDrawOn(stream: Writable): boolean {
  const columns = streamColumns(stream);
  return columns === undefined || columns >= 1;
}

export function createProgress(ctx: Context, options: ProgressOptions): Progress {
  const stream = ctx.io.stderr;
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || !canDrawOn(stream)) return noop;

  const startedAt = ctx.clock.now();
  const counts: ProgressCounts = { done: 0, total: options.total };
  let lastUpdate = -Infinity;
  let spinner: Spinner | undefined;
  let ending: Ending | undefined;

  const text = () =>
    oneLine(progressText(options.label, counts, ctx.clock.now() - startedAt, options.unit), streamColumns(stream));
  const finish = (s: Spinner, end: Ending) => {
    if (end.kind === 'stop') s.stop();
    else s[end.kind](end.text);
  };
  // A resize to 0 columns: stop before ora draws again (it erases from what it drew last, safely).
  const onResize = () => {
    if (!canDrawOn(stream)) end({ kind: 'stop' });
  };
  stream.on('resize', onResize);
  // The time so far ticks each second even while no count moves (a first page being awaited).
  const ticking = setInterval(() => redraw(false), 1000);
  ticking.unref();

  void import('ora')
    .then(({ default: ora }) => {
      // Finished before ora loaded without anything to show: never draw at all.
      if (ending?.kind === 'stop') return;
      spinner = ora({
        text: text(),
        stream,
        isEnabled: true,
        discardStdin: false,
        color: ctx.globals.color ? 'cyan' : false,
      });
      if (ending) finish(spinner, ending);
      else spinner.start();
    })
    .catch(() => {
      // A spinner is a nicety: without ora the command still runs, just silently.
    });

  function end(e: Ending) {
    if (ending) return;
    ending = e;
    clearInterval(ticking);
    stream.off('resize', onResize);
    if (spinner) finish(spinner, e);
  }
  const redraw = (force: boolean) => {
    const now = ctx.clock.now();
    if (spinner && !ending && (force || now - lastUpdate >= MIN_UPDATE_MS)) {
      lastUpdate = now;
      spinner.text = text();
    }
  };
  // The command may end by an error: a spinning line and a hidden cursor must not outlive it.
  ctx.defer(() => end({ kind: 'stop' }));

  return {
    tick(n = 1) {
      counts.done += n;
      redraw(false);
    },
    setTotal(n) {
      counts.total = n;
      redraw(true);
    },
    update(next) {
      const totalChanged = 'total' in next && next.total !== counts.total;
      Object.assign(counts, next);
      redraw(totalChanged);
    },
    succeed: (t) => end({ kind: 'succeed', text: t }),
    fail: (t) => end({ kind: 'fail', text: t }),
    stop: () => end({ kind: 'stop' }),
  };
}

/**
 * `120/500 documents 24% · 12 events · 120 PDFs · 4.2 MB · 38/s · 9s left · 14s · pulling nfe`:
 * the counts first (on an 80-column terminal a long label is what gets cut, never a count), in the
 * numbers of the run's summary (`11,186`, `4.2 MB`), then the label. The time so far is there from
 * the first second, so the line moves while a first page is awaited; the rate appears once a
 * second has passed, the time left only while the total is known and not reached.
 */
export function progressText(label: string, c: ProgressCounts, elapsedMs: number, unit?: string): string {
  const { done, total } = c;
  const known = total !== undefined && total > 0;
  let head = `${known ? `${formatCount(done, 'en')}/${formatCount(total, 'en')}` : formatCount(done, 'en')}${unit ? ` ${unit}` : ''}`;
  if (known) head += ` ${Math.min(100, Math.floor((done / total) * 100))}%`;
  const parts = [head];
  if (c.events) parts.push(`${formatCount(c.events, 'en')} event${c.events === 1 ? '' : 's'}`);
  if (c.pdfs) parts.push(`${formatCount(c.pdfs, 'en')} PDF${c.pdfs === 1 ? '' : 's'}`);
  if (c.bytes) parts.push(formatBytes(c.bytes));
  if (elapsedMs >= 1000) {
    const perSecond = done / (elapsedMs / 1000);
    parts.push(`${formatRate(perSecond)}/s`);
    if (known && done > 0 && done < total) parts.push(`${formatDuration(((total - done) / perSecond) * 1000)} left`);
    parts.push(formatDuration(elapsedMs));
  }
  parts.push(label);
  return parts.join(' · ');
}

/** The text cut to one line of the terminal (after ora's frame and space), so nothing wraps. */
function oneLine(text: string, columns: number | undefined): string {
  const room = columns === undefined ? Infinity : columns - 3;
  return text.length <= room ? text : `${text.slice(0, Math.max(0, room - 1))}…`;
}

function formatRate(perSecond: number): string {
  return perSecond >= 10 ? String(Math.round(perSecond)) : perSecond.toFixed(1);
}

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** `870 KB`, `41.2 MB`, `3.4 GB`: as the summary of a pull says them. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${bytes > 0 ? Math.max(1, Math.round(bytes / KB)) : 0} KB`;
}

/** `9s`, `1m05s`, `2h03m`: rounded up, since a time left of 0 while working says nothing. */
export function formatDuration(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  const m = Math.ceil(s / 60);
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
