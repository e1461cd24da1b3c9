// A statement a user wrote (`fiscal query`): how it is refused, and the values of its rows, the
// same from SQLite and from PostgreSQL, so that the same statement gives the same JSON types on
// both. Each driver hands its numbers its own way (better-sqlite3 an INTEGER as a double that
// rounds past 2^53, or as a bigint; pg a bigint and a numeric as text, `5279.30`), so both stores
// turn them into these: a number wherever a double holds the value exactly, and an ExactNumber
// (its digits) where it does not (designed here; docs/catalog.md).

/** A user's statement that cannot run: refused (it writes) or wrong (the database's message). */
export class QueryError extends Error {}

export const ONLY_READS = 'only statements that read are run (SELECT, WITH, EXPLAIN...)';

/**
 * A number a double cannot hold (an integer beyond ±2^53, a PostgreSQL numeric of more digits than
 * a double keeps, NaN or ±Infinity): its exact digits, written as text in JSON and everywhere else.
 */
export class ExactNumber {
  constructor(readonly text: string) {}

  toJSON(): string {
    return this.text;
  }

  toString(): string {
    return this.text;
  }
}

/** One value of a row: text, a number, a blob (SQLite's BLOB, PostgreSQL's bytea), a boolean or NULL. */
export type QueryValue = string | number | ExactNumber | boolean | Buffer | null;

/** An integer as the drivers read it exactly (better-sqlite3's safeIntegers, pg's int8 text). */
export function integerValue(value: bigint): number | ExactNumber {
  return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER
    ? Number(value)
    : new ExactNumber(String(value));
}

/**
 * A decimal written as text (PostgreSQL's numeric, `5279.30`): a number when the double it reads as
 * writes back the same digits (trailing zeros aside, so `5279.30` is 5279.3 as SQLite gives it),
 * else its digits as they are.
 */
export function decimalValue(text: string): number | ExactNumber {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === plainDecimal(text) ? n : new ExactNumber(text);
}

/** `-0012.50` as a double's shortest form writes it: `-12.5`. */
function plainDecimal(text: string): string {
  const m = /^(-?)0*(\d*?)(?:\.(\d*?)0*)?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, fraction] = m;
  const digits = `${whole || '0'}${fraction ? `.${fraction}` : ''}`;
  return digits === '0' ? '0' : `${sign}${digits}`;
}
