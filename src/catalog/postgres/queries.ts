// Reading the shared catalog: the statements report, inspect and query make, in PostgreSQL. A
// user's statement runs alone (the extended protocol takes one statement, never `…; DROP …`) in a
// READ ONLY transaction that is rolled back: the server itself refuses anything that writes.
import { decimalValue, integerValue, ONLY_READS, QueryError, type QueryValue } from '../user-query.js';
import type { QueryResult, Row } from '../store.js';
import type { CustomTypesConfig, QueryArrayConfig } from 'pg';
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
  const types = await queryTypes();
  await c.query('BEGIN READ ONLY');
  try {
    // queryMode is pg's (8.11+), not in its types: one statement, prepared.
    const config = { text: sql, rowMode: 'array' as const, queryMode: 'extended', types };
    const r = await c.query<QueryValue[]>(config as QueryArrayConfig);
    // A statement that returns nothing (SET, BEGIN, LISTEN...) changed the session, answered nothing.
    if (!r.fields?.length) throw new QueryError(`${ONLY_READS}: this one returns no rows`);
    return { columns: r.fields.map((f) => f.name), rows: r.rows ?? [] };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    // SQL a person wrote: a syntax error, an unknown column, a write refused (25006).
    if (typeof e.code === 'string' && !/^(08|57P)/.test(e.code))
      throw new QueryError(e.code === '25006' ? ONLY_READS : (e.message ?? String(error)));
    throw error;
  } finally {
    await c.query('ROLLBACK').catch(() => undefined);
  }
}

let types: CustomTypesConfig | undefined;

/**
 * How a user's statement's values are read: numbers as SQLite's are (user-query.ts: pg would give
 * a bigint and a numeric as text, `5279.30`), a boolean and a bytea as pg reads them, and every
 * other type (dates, json, arrays, intervals) as the server writes it, as psql shows it (pg would
 * make a timestamptz a Date, written in UTC).
 */
async function queryTypes(): Promise<CustomTypesConfig> {
  if (types) return types;
  const { default: pg } = await import('pg');
  const { builtins } = pg.types;
  const parsers = new Map<number, (text: string) => QueryValue>([
    [builtins.INT2, Number],
    [builtins.INT4, Number],
    [builtins.OID, Number],
    [builtins.INT8, (t) => integerValue(BigInt(t))],
    [builtins.NUMERIC, decimalValue],
    [builtins.FLOAT4, decimalValue],
    [builtins.FLOAT8, decimalValue],
    [builtins.BOOL, pg.types.getTypeParser(builtins.BOOL)],
    [builtins.BYTEA, pg.types.getTypeParser(builtins.BYTEA)],
  ]);
  const asText = (text: string) => text;
  types = { getTypeParser: ((oid: number) => parsers.get(oid) ?? asText) as CustomTypesConfig['getTypeParser'] };
  return types;
}
