// The report's second thread (items-worker.ts), as each place that starts it names it: the folds
// of the items (items-split.ts) and of the documents (documents-fold.ts), and the command that
// starts it before either knows its work (commands/report/prepare.ts).

/** Its script: dist/items-worker.js (worker-file.ts). */
export const REPORT_THREAD = 'items-worker';

/**
 * The thread's young generation, in MB a semi-space (startThread): the pass's rows die young. Not
 * the process's 2 MB (bin/fiscal.js), which its worker would otherwise get; nor V8's default 16,
 * which kept some 20 MB more resident (peak RSS of --by ncm at 400k: 198 MB against 220).
 */
export const REPORT_THREAD_SEMI_SPACE_MB = 4;
