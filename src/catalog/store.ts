// The catalog behind a small interface: the writes a pull makes (index lines and status records,
// each batch with how much of the folder it covers, in one transaction) and the reads report,
// inspect and query make. SQLite implements it (sqlite-store.ts); a server database can implement
// the same schema (schema.ts keeps its SQL portable).
import type { IndexEntry } from '../sync/index-file.js';
import type { CatalogSummary } from './extract/nfe-summary.js';
import type { DocumentFacts } from './facts.js';
import type { EncodedRows } from './postgres/encode.js';
import type { QueryValue } from './user-query.js';

/** One line of index.ndjson (docs/pull.md), with the facts of its file when it is a document. */
export interface CatalogLine extends IndexEntry {
  /** A document line's facts; undefined for an event line or a file that could not be read. */
  facts?: DocumentFacts | undefined;
  /** An event line's summary as inspect prints it (a document's is in its facts). */
  summary?: CatalogSummary | undefined;
}

/**
 * A status learnt without an event file (the NF-e v2 listing's Status, a manifestation answered
 * 650 "canceled"): a line of the folder's status journal (journal.ts), replayed by a rebuild.
 */
export interface StatusRecord {
  key: string;
  role: string;
  owner: string;
  status: string;
  /** When it was learnt or happened (ISO 8601). */
  at: string;
  /** Where it was learnt: `listing`, `manifestation`... */
  source: string;
  /** A manifestation registered (its event code), when the record is about one. */
  manifestation?: string | undefined;
}

/** How much of the folder a catalog describes: byte lengths of its two journals and their last lines. */
export interface Coverage {
  indexBytes: number;
  /** sha256 of the last line covered ('' when none): a catalog of another folder does not match it. */
  indexTail: string;
  journalBytes: number;
  journalTail: string;
}

export const EMPTY_COVERAGE: Coverage = { indexBytes: 0, indexTail: '', journalBytes: 0, journalTail: '' };

export type Row = Record<string, unknown>;

/** A file's summary as the catalog keeps it (JSON, without `source`) and the file's size then. */
export interface FileSummary {
  summary: string;
  bytes: number;
}

/** A user's statement's answer: its columns' names and its rows' values (user-query.ts). */
export interface QueryResult {
  columns: string[];
  rows: QueryValue[][];
}

export interface CatalogStore {
  readonly path: string;
  /** Coverage as recorded, or undefined when the file is not a catalog of this program. */
  coverage(): Promise<Coverage | undefined>;
  /** Writes the lines and records in one transaction with the coverage they bring the catalog to. */
  apply(lines: readonly CatalogLine[], records: readonly StatusRecord[], coverage: Coverage): Promise<void>;
  /**
   * The same with the lines' rows encoded off the pull's thread (the shared catalog,
   * postgres/encode.ts), settling later: `lines` without their facts, for the statuses they bring.
   */
  applyEncoded?(
    rows: Promise<EncodedRows>,
    lines: readonly CatalogLine[],
    records: readonly StatusRecord[],
    coverage: Coverage,
  ): Promise<void>;
  /** Rows of a read-only statement with parameters. */
  select(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** The same as arrays in column order: the fast read of a large result (report, inspect). */
  rows(sql: string, params?: readonly unknown[]): Promise<unknown[][]>;
  /** A statement a user wrote: refused unless it only reads. */
  query(sql: string): Promise<QueryResult>;
  /**
   * What `fiscal inspect` prints of the file at `path` (relative to the folder, schema 2) and its
   * size when catalogued; undefined when the catalog keeps no summary of it (a store without it
   * leaves inspect to read the XML).
   */
  summaryOf?(path: string): FileSummary | undefined;
  close(): Promise<void>;
}
