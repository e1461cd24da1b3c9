// Reading the shared catalog: the statements report, inspect and query make, in PostgreSQL. A
// user's statement runs alone (the extended protocol takes one statement, never `…; DROP …`) in a
// READ ONLY transaction that is rolled back: the server itself refuses anything that writes.
import { QueryError } from '../sqlite-store.js';
import type { QueryResult, Row } from '../store.js';
import type { QueryArrayConfig } from 'pg';
import type { Client } from './connection.js';

/** SQLite's `?` parameters as PostgreSQL's `$1`, `$2`... (outside quoted text). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/('(?:[^']|'')*')|\?/g, (m, quoted: string | undefined) => quoted ?? `$${++n}`);
}

export async function select(c: Client, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  return (await c.query<Row>(numbered(sql), [...params])).rows;
}

/** Rows as arrays in column order (pg's array mode), as SqliteCatalog.rows gives them. */
export async function selectRows(c: Client, sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
  return (await c.query({ text: numbered(sql), values: [...params], rowMode: 'array' })).rows;
}

export async function readOnly(c: Client, sql: string): Promise<QueryResult> {
  await c.query('BEGIN READ ONLY');
  try {
    // queryMode is pg's (8.11+), not in its types: one statement, prepared.
    const config = { text: sql, rowMode: 'array' as const, queryMode: 'extended' };
    const r = await c.query(config as QueryArrayConfig);
    return { columns: (r.fields ?? []).map((f) => f.name), rows: r.rows ?? [] };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    // SQL a person wrote: a syntax error, an unknown column, a write refused (25006).
    if (typeof e.code === 'string' && !/^(08|57P)/.test(e.code))
      throw new QueryError(
        e.code === '25006'
          ? 'only statements that read are run (SELECT, WITH, EXPLAIN...)'
          : (e.message ?? String(error)),
      );
    throw error;
  } finally {
    await c.query('ROLLBACK').catch(() => undefined);
  }
}
