// What `fiscal report` starts while its module loads: the thread that reads a part of a large
// catalog (report/items-split.ts, documents-fold.ts), where a core is idle for it, so that its
// start (some 100 to 170 ms) overlaps the command's own instead of following it. A guess from
// the flags and the catalog's size: a thread the report then does not want ends unused.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { CATALOG_NAME } from '../../catalog/pull-folder.js';
import { reportThreadFile, warmReportThread } from '../../report/thread.js';
import { DEFAULT_DIR } from './index.js';

/**
 * A catalog file below this holds too few rows for a second thread: the folds split from 100k
 * items (some 32k documents of 3.1 items, 100 MB at the 400k folder's 3.1 KB a document: 694 MB
 * for 224k) or 100k documents. A quarter of that, for catalogs of other proportions.
 */
const WARM_FROM_BYTES = 24 << 20;

/** The filters that keep a report by month and status off the catalog's index (catalog-report.ts). */
const FILTERS = ['month', 'from', 'to', 'type', 'role', 'owner'];

export async function prepare(ctx: Context, raw: Record<string, unknown>, args: readonly string[]): Promise<void> {
  if (!foldsLargeCatalog(raw, args, ctx.env)) return;
  const file = reportThreadFile();
  if (file) warmReportThread(ctx, file);
}

/**
 * Whether the report these flags ask for folds a catalog large enough to split: one pull folder
 * read from its own catalog, into no page, by more than the month and the status unfiltered.
 */
export function foldsLargeCatalog(
  raw: Record<string, unknown>,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (args.length > 1 || raw.html !== undefined || raw.catalog !== undefined || env.FISCAL_CATALOG) return false;
  // By month and status alone (the default's month too), unfiltered: the index answers, no fold.
  const by = (raw.by as string[] | undefined) ?? ['month'];
  if (by.every((d) => d === 'month' || d === 'status') && FILTERS.every((f) => raw[f] === undefined)) return false;
  const size = statSync(join(args[0] ?? DEFAULT_DIR, CATALOG_NAME), { throwIfNoEntry: false })?.size ?? 0;
  return size >= WARM_FROM_BYTES;
}
