// A progress spinner on stderr: count, rate and `n/total`. Only for a person watching: when stderr
// is not a terminal, or with --quiet, every method does nothing (logs and pipes stay clean, and
// final summaries are the command's own ctx.log lines).
//
// ora is imported in the background the first time a progress starts (it costs ~50 ms), so
// createProgress stays synchronous; calls made before it loads are replayed from the state kept
// here. Text updates are throttled to 10 per second; ora repaints on its own timer.
import type { Context } from '../context.js';

export interface Progress {
  /** Counts n (default 1) more items done. */
  tick(n?: number): void;
  setTotal(total: number): void;
  /** Stops with a ✔ line that stays. */
  succeed(text: string): void;
  /** Stops with a ✖ line that stays. */
  fail(text: string): void;
  /** Stops and clears the line. */
  stop(): void;
}

export interface ProgressOptions {
  label: string;
  total?: number;
}

type Spinner = import('ora').Ora;
type Ending = { kind: 'succeed' | 'fail'; text: string } | { kind: 'stop' };

const MIN_UPDATE_MS = 100;

const noop: Progress = { tick() {}, setTotal() {}, succeed() {}, fail() {}, stop() {} };

export function createProgress(ctx: Context, options: ProgressOptions): Progress {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet) return noop;

  const startedAt = ctx.clock.now();
  let count = 0;
  let total = options.total;
  let lastUpdate = -Infinity;
  let spinner: Spinner | undefined;
  let ending: Ending | undefined;

  const text = () => progressText(options.label, count, total, ctx.clock.now() - startedAt);
  const finish = (s: Spinner, end: Ending) => {
    if (end.kind === 'stop') s.stop();
    else s[end.kind](end.text);
  };

  void import('ora')
    .then(({ default: ora }) => {
      // Finished before ora loaded without anything to show: never draw at all.
      if (ending?.kind === 'stop') return;
      spinner = ora({ text: text(), stream: ctx.io.stderr, isEnabled: true, discardStdin: false, color: ctx.globals.color ? 'cyan' : false });
      if (ending) finish(spinner, ending);
      else spinner.start();
    })
    .catch(() => {
      // A spinner is a nicety: without ora the command still runs, just silently.
    });

  const end = (e: Ending) => {
    if (ending) return;
    ending = e;
    if (spinner) finish(spinner, e);
  };
  // The command may end by an error: a spinning line and a hidden cursor must not outlive it.
  ctx.defer(() => end({ kind: 'stop' }));

  return {
    tick(n = 1) {
      count += n;
      const now = ctx.clock.now();
      if (spinner && !ending && now - lastUpdate >= MIN_UPDATE_MS) {
        lastUpdate = now;
        spinner.text = text();
      }
    },
    setTotal(n) {
      total = n;
      if (spinner && !ending) spinner.text = text();
    },
    succeed: (t) => end({ kind: 'succeed', text: t }),
    fail: (t) => end({ kind: 'fail', text: t }),
    stop: () => end({ kind: 'stop' }),
  };
}

/** `Downloading 120/500 · 38/s` (no total: `Downloading 120 · 38/s`). */
export function progressText(label: string, count: number, total: number | undefined, elapsedMs: number): string {
  const done = total === undefined ? `${count}` : `${count}/${total}`;
  const rate = elapsedMs >= 1000 ? ` · ${formatRate(count / (elapsedMs / 1000))}/s` : '';
  return `${label} ${done}${rate}`;
}

function formatRate(perSecond: number): string {
  return perSecond >= 10 ? String(Math.round(perSecond)) : perSecond.toFixed(1);
}
