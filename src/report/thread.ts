// The report's second thread (items-worker.ts), as each place that starts it uses it: the folds
// of the items (items-split.ts) and of the documents (documents-fold.ts), and the command that
// starts it before either knows its work (commands/report/prepare.ts).
import type { Worker } from 'node:worker_threads';
import type { Context } from '../context.js';
import { idleCoreBeside } from '../machine-load.js';
import { claimThread, isWarm, warmThread } from '../warm-thread.js';
import { builtWorkerFile } from '../worker-file.js';

/**
 * The thread's young generation, in MB a semi-space (startThread): the pass's rows die young. Not
 * the process's 2 MB (bin/fiscal.js), which its worker would otherwise get; nor V8's default 16,
 * which kept some 20 MB more resident (peak RSS of --by ncm at 400k: 198 MB against 220).
 */
const SEMI_SPACE_MB = 4;

/** Its script, dist/items-worker.js (worker-file.ts); undefined where the build has none (the sources the tests run). */
export function reportThreadFile(): string | undefined {
  return builtWorkerFile('items-worker');
}

/**
 * Whether a fold reads beside the thread: one started for this report while its modules loaded
 * (warm-thread.ts) had an idle core then, else a core must be idle now. `splitFrom` (the tests')
 * splits always, without a file the part past the cut read on this thread.
 */
export function splitsBeside(file: string | undefined, splitFrom: number | undefined): boolean {
  return splitFrom !== undefined || (file !== undefined && (isWarm(file) || idleCoreBeside()));
}

/** The thread, given its work: the warm one, else one started now. */
export function reportThread(file: string, workerData: unknown): Worker {
  return claimThread(file, { semiSpaceMb: SEMI_SPACE_MB, workerData });
}

/** Starts the thread ahead of its work where a core is idle (warm-thread.ts). */
export function warmReportThread(ctx: Pick<Context, 'defer'>, file: string): void {
  warmThread(ctx, file, { semiSpaceMb: SEMI_SPACE_MB });
}
