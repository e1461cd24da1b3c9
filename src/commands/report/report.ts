// `fiscal report`: the documents on disk counted and summed per group (src/report/), written as
// every command writes records, and with --html as a page for people who never open a terminal.
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PartialError, UsageError } from '../../errors.js';
import { formatCount, type Locale } from '../../output/locale.js';
import { createProgress } from '../../output/progress.js';
import { createRecordWriter, takesFlatColumns } from '../../output/writer.js';
import { aggregate, applyFilters, type Dimension, type Report, type ReportFilters } from '../../report/aggregate.js';
import { catalogReport } from '../../report/catalog-report.js';
import { bothFlows } from '../../report/flows.js';
import { findInputs } from '../../report/inputs.js';
import { SqliteCatalog } from '../../catalog/sqlite-store.js';
import { ITEM_DIMENSIONS, itemsReport } from '../../report/items-report.js';
import type { Context } from '../../context.js';
import type { CatalogStore } from '../../catalog/store.js';
import type { SumName } from '../../report/facts.js';
import { catalogReads, type CatalogReads } from '../shared/catalog-reads.js';
import { flagName } from '../shared/define.js';
import { emissionMonth } from '../shared/document-options.js';
import { verb } from '../shared/verb.js';
import {
  csvColumns,
  groupRecord,
  sumHeaders,
  tableColumns,
  totalsRecord,
  zeroSums,
  type ReportRecord,
} from './columns.js';
import { DEFAULT_DIR, report as reportVerb } from './index.js';

export default verb(reportVerb, {
  check(options) {
    emissionMonth(options);
    if (options.from && options.to && options.from > options.to)
      throw new UsageError(`${flagName('from')} ${options.from} is after ${flagName('to')} ${options.to}`);
    // The page's cards and charts are the documents' (their months, parties, CFOP, UF), which a
    // report of the items does not read: refused, rather than a page of other figures or none.
    const items = options.by?.filter((d) => ITEM_DIMENSIONS.has(d));
    if (options.html && items?.length)
      throw new UsageError(
        `${flagName('html')} draws the documents' page; ${flagName('by')} ${items.join(',')} groups their items: use ${flagName('output')} csv or xlsx for them`,
      );
  },
  async run(ctx, options, args) {
    const reads = catalogReads(ctx, options.catalog);
    // Without paths, a shared catalog's every profile (its folders need not be mounted here).
    const shared = await reads.shared();
    const whole = args.length === 0 && shared !== undefined;
    const paths = args.length > 0 ? args : whole ? [] : [DEFAULT_DIR];
    if (!whole) await requireSomePath(paths, args.length === 0);
    const catalogs = whole ? [await reads.whole()] : [];
    const window = emissionMonth(options);
    const filters: ReportFilters = {
      from: window.from,
      to: window.to,
      types: options.type,
      roles: options.role,
      owners: options.owner,
    };

    if (options.by?.some((d) => ITEM_DIMENSIONS.has(d)))
      return itemsRun(ctx, { paths, reads, whole }, [...new Set(options.by)] as Dimension[], filters);
    // One SQLite catalog and no page to draw (the page lists documents): the catalog groups itself.
    const single = options.html ? undefined : await singleCatalog(paths, catalogs, reads);
    if (single) {
      const wanted = options.by && ([...new Set(options.by)] as Dimension[]);
      // The copies are counted only for the line a terminal shows.
      const { report, problems, catalogued } = await catalogReport(
        single.store,
        wanted,
        { ...filters, within: single.within },
        ctx.io.stderrIsTTY,
      );
      writeReport(ctx, report, { problems, catalogued: catalogued ?? 0, read: 0 });
      return sayProblems(ctx, problems);
    }
    const progress = createProgress(ctx, { label: 'reading', unit: 'files' });
    let collected;
    try {
      // Loaded here: the XML readers and the page are no part of a report a catalog groups itself.
      const { collectDocuments } = await import('../../report/collect.js');
      collected = await collectDocuments(paths, {
        signal: ctx.signal,
        catalogOf: (dir) => reads.folder(dir),
        catalogs,
        progress: (done, total) => progress.update({ done, total }),
      });
    } finally {
      progress.stop();
    }
    const documents = applyFilters(collected.documents, filters);
    // Purchases and sales are never summed together unless asked (--by without role).
    const by = [...new Set(options.by ?? (bothFlows(documents) ? ['role', 'month'] : ['month']))] as Dimension[];
    const report = aggregate(documents, by);
    const { rows, totals } = writeReport(ctx, report, collected);
    if (options.html) {
      const { renderReportHtml } = await import('../../report/html.js');
      const page = renderReportHtml({
        report,
        rows,
        totals,
        documents,
        locale: ctx.globals.locale,
        sources: whole ? [shared!.shown] : paths,
        generated: new Date(ctx.clock.now()),
        filters: describeFilters(filters),
      });
      const tmp = join(dirname(options.html), `.${basename(options.html)}.${process.pid}.tmp`);
      const { writeFileAtomic } = await import('../../sync/durable.js');
      await writeFileAtomic(options.html, page, tmp);
      ctx.log.info(`wrote ${options.html}`);
    }
    sayProblems(ctx, collected.problems);
  },
});

interface Read {
  problems: { path: string; error: string }[];
  catalogued: number;
  read: number;
}

/** The groups as records (and the total on a terminal); what was read, on a terminal's stderr. */
function writeReport(ctx: Context, report: Report, collected: Read): { rows: ReportRecord[]; totals: ReportRecord } {
  const { by } = report;
  const rows = report.groups.map((g) => groupRecord(by, g));
  const totals = totalsRecord(by, report.totals, 'TOTAL');
  const format = ctx.outputFormat();
  const zero = format === 'table' ? zeroSums(report.totals) : [];
  const writer = createRecordWriter<ReportRecord>(ctx, {
    columns: takesFlatColumns(format) ? csvColumns(by) : tableColumns(by, ctx.globals.locale, zero),
    locale: ctx.globals.locale,
    emptyMessage: 'No documents found.',
  });
  for (const row of rows) writer.write(row);
  if (format === 'table' && rows.length > 0) writer.write(totals);
  writer.end();
  sayZeroSums(ctx, zero, rows.length);
  if (ctx.io.stderrIsTTY) ctx.log.info(readNote(report, collected, ctx.globals.locale));
  return { rows, totals };
}

/** Files left out, each named; then the partial exit. */
function sayProblems(ctx: Context, problems: readonly { path: string; error: string }[]): void {
  for (const p of problems) ctx.io.stderr.write(`fiscal: ${p.path}: ${p.error}\n`);
  if (problems.length > 0)
    throw new PartialError(`${problems.length} files could not be read; the report leaves them out`);
}

/**
 * The catalog when the inputs are one pull folder, or parts of one (or a shared catalog), kept in
 * SQLite, with the parts named; else undefined.
 */
async function singleCatalog(
  paths: readonly string[],
  catalogs: readonly CatalogStore[],
  reads: CatalogReads,
): Promise<{ store: SqliteCatalog; within?: readonly string[] | undefined } | undefined> {
  let store: CatalogStore | undefined = catalogs[0];
  let within: readonly string[] | undefined;
  if (paths.length > 0) {
    const inputs = await findInputs(paths);
    if (inputs.folders.length !== 1 || inputs.files.length > 0 || inputs.problems.length > 0) return undefined;
    store = await reads.folder(inputs.folders[0]!.dir);
    within = inputs.folders[0]!.within;
    if (!(store instanceof SqliteCatalog)) await store.close();
  }
  // Another database: the documents' path (its money is not SQLite's REAL).
  return catalogs.length <= 1 && store instanceof SqliteCatalog ? { store, within } : undefined;
}

/** --by ncm / product: the items of pull folders' catalogs; loose files have none catalogued. */
async function itemsRun(
  ctx: Context,
  from: { paths: string[]; reads: CatalogReads; whole: boolean },
  by: Dimension[],
  filters: ReportFilters,
): Promise<void> {
  const inputs = await findInputs(from.paths);
  if (inputs.files.length > 0 || (inputs.folders.length === 0 && !from.whole))
    throw new UsageError(`${flagName('by')} ${by.join(',')}: items are grouped from pull folders only (their catalog)`);
  const catalogs = from.whole
    ? [{ open: () => from.reads.whole() }]
    : inputs.folders.map((f) => ({ open: () => from.reads.folder(f.dir), within: f.within }));
  const report = await itemsReport(catalogs, by, filters);
  const format = ctx.outputFormat();
  const zero = format === 'table' ? zeroSums(report.totals) : [];
  const writer = createRecordWriter<ReportRecord>(ctx, {
    columns: takesFlatColumns(format) ? csvColumns(by) : tableColumns(by, ctx.globals.locale, zero),
    locale: ctx.globals.locale,
    emptyMessage: 'No items found.',
  });
  for (const g of report.groups) writer.write(groupRecord(by, g));
  if (format === 'table' && report.groups.length > 0) writer.write(totalsRecord(by, report.totals, 'TOTAL'));
  writer.end();
  sayZeroSums(ctx, zero, report.groups.length);
}

/** What was read, and how many of the documents are canceled and out of the sums, in the table's locale. */
function readNote(report: Report, read: Read, locale: Locale | undefined): string {
  const n = (count: number) => formatCount(count, locale);
  const { documents, canceled } = report.totals;
  return locale === 'pt-BR'
    ? `${n(documents + canceled)} documentos, ${n(canceled)} cancelados (fora das somas); ${n(read.catalogued)} de catálogos, ${n(read.read)} arquivos lidos`
    : `${n(documents + canceled)} documents, ${n(canceled)} canceled (not in the sums); ${n(read.catalogued)} from catalogs, ${n(read.read)} files read`;
}

/** A table's note (stderr, as every note) of the sums it left out for being 0.00 in every group. */
function sayZeroSums(ctx: Context, zero: readonly SumName[], groups: number): void {
  if (zero.length === 0 || groups === 0) return;
  const { locale } = ctx.globals;
  const names = sumHeaders(zero, locale);
  ctx.log.info(
    locale === 'pt-BR'
      ? `0,00 em todos os grupos, não mostradas: ${names} (-o csv as tem)`
      : `0.00 in every group, not shown: ${names} (-o csv has them)`,
  );
}

function describeFilters(f: ReportFilters): string {
  const parts: string[] = [];
  if (f.from) parts.push(`${flagName('from')} ${f.from}`);
  if (f.to) parts.push(`${flagName('to')} ${f.to}`);
  if (f.types) parts.push(`${flagName('type')} ${f.types.join(',')}`);
  if (f.roles) parts.push(`${flagName('role')} ${f.roles.join(',')}`);
  if (f.owners) parts.push(`${flagName('owner')} ${f.owners.join(',')}`);
  return parts.join(' ');
}

/** Exit 2 when none of the paths exists: most likely a typo (or no pull here yet). */
async function requireSomePath(paths: readonly string[], defaulted: boolean): Promise<void> {
  const found = await Promise.all(
    paths.map((p) =>
      stat(p).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (found.some(Boolean)) return;
  if (defaulted)
    throw new UsageError(`no ${DEFAULT_DIR} here: give a pull folder or XML files (fiscal report <dir or files>...)`);
  throw new UsageError(`no such file or directory: ${paths.map((p) => `"${p}"`).join(', ')}`);
}
