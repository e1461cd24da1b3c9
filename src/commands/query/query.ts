// `fiscal query "<SQL>"`: the statement run on the folder's catalog opened read-only (a writing
// statement is refused before it runs, by SQLite's own word), its rows written like any records.
import { openFolderCatalog, requirePullFolder } from '../../catalog/reader.js';
import { SqliteCatalog } from '../../catalog/sqlite-store.js';
import { ExactNumber, QueryError, type QueryValue } from '../../catalog/user-query.js';
import type { QueryResult } from '../../catalog/store.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Cell } from '../../output/writer.js';
import { catalogReads } from '../shared/catalog-reads.js';
import { verb } from '../shared/verb.js';
import { query } from './index.js';

/** A row's value as records carry it: a blob already as hex. */
type RecordValue = Exclude<QueryValue, Buffer>;
type QueryRecord = Record<string, RecordValue>;

export default verb(query, {
  async run(ctx, options, args) {
    const sql = args[0] ?? '';
    if (!sql.trim()) throw new UsageError('give one SQL statement, e.g. fiscal query "SELECT count(*) FROM documents"');
    let result;
    try {
      result = (await sharedQuery(ctx, options.catalog, sql)) ?? (await folderQuery(ctx, options.dir, sql));
    } catch (error) {
      if (error instanceof QueryError) throw new UsageError(`query: ${error.message}`);
      throw error;
    }
    const names = uniqueNames(result.columns);
    // A column of numbers alone (NULL aside) right-aligned in a table, as the sqlite3 shell's
    // box modes and every spreadsheet do; its values are left as they are (a year stays 2026).
    const numeric = names.map((_, i) => {
      const values = result.rows.map((row) => row[i]).filter((v) => v !== null && v !== undefined);
      return values.length > 0 && values.every((v) => typeof v === 'number' || v instanceof ExactNumber);
    });
    const writer = createRecordWriter<QueryRecord>(ctx, {
      columns: names.map((header, i) => ({ header, get: (r) => cell(r[header]), alignRight: numeric[i] })),
      emptyMessage: 'No rows.',
      locale: ctx.globals.locale,
    });
    for (const row of result.rows) writer.write(Object.fromEntries(names.map((n, i) => [n, recordValue(row[i])])));
    writer.end();
  },
});

async function folderQuery(ctx: Context, dir: string, sql: string): Promise<QueryResult> {
  requirePullFolder(dir);
  // Brought level with the folder (under its lock), then closed: the query runs on a
  // read-only connection, so that nothing it says can write.
  const synced = await openFolderCatalog(dir, { clock: ctx.clock, log: ctx.log });
  const path = synced.store.path;
  await synced.store.close();
  const store = await SqliteCatalog.open(path, { readonly: true });
  try {
    return await store.query(sql);
  } finally {
    await store.close();
  }
}

/** The shared catalog (--catalog postgres://…, FISCAL_CATALOG or the profile's setting), or undefined when none is named. */
async function sharedQuery(ctx: Context, flag: string | undefined, sql: string): Promise<QueryResult | undefined> {
  const target = await catalogReads(ctx, flag).shared();
  if (!target) return undefined;
  const { queryShared } = await import('../../catalog/postgres/read.js');
  return queryShared(target, { env: ctx.env, version: ctx.version }, sql);
}

/** Column names as keys: a repeated one (two `count(*)`) gets `_2`, `_3`... */
function uniqueNames(columns: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return n === 1 ? c : `${c}_${n}`;
  });
}

/**
 * A value as JSON and NDJSON write it: as the catalog gave it (user-query.ts), but a blob as hex
 * (as in a table and CSV, and `hex()` in SQL), and a number JSON has no literal for (SQLite's
 * `1e999`) as text, as an ExactNumber is (designed here).
 */
function recordValue(v: QueryValue | undefined): RecordValue {
  if (v === undefined) return null;
  if (Buffer.isBuffer(v)) return v.toString('hex');
  if (typeof v === 'number' && !Number.isFinite(v)) return new ExactNumber(String(v));
  return v;
}

/**
 * A value as a table, CSV or workbook shows it (JSON and NDJSON write the record's value).
 * A fraction to 15 significant digits, as the sqlite3 shell and DuckDB print one: a sum of REAL
 * amounts carries the binary noise of its additions (`912045.6900000001`), which a person reads
 * as a wrong figure; 15 digits are as many as a double holds of any decimal (designed here).
 */
const cell = (v: RecordValue | undefined): Cell =>
  typeof v === 'number'
    ? Number.isInteger(v) || !Number.isFinite(v)
      ? v
      : Number(v.toPrecision(15))
    : v instanceof ExactNumber
      ? v.text
      : v;
