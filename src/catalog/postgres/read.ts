// Reading the shared catalog: `fiscal query`, `report` and `inspect --catalog postgres://…`, on a
// connection of their own that never writes. A statement a person wrote runs in a READ ONLY
// transaction (queries.ts). Report and inspect ask the questions they ask a folder's SQLite
// catalog, unchanged: the reader gives them a CatalogStore whose `documents`, `items`, `events`
// and `files` are temporary views of the shared tables reduced to the profiles asked for
// (PostgreSQL looks in the session's temporary schema first), so the one report path reads both.
import { basename, join } from 'node:path';
import { CatalogError } from '../../errors.js';
import { completeLength, lineHashBefore } from '../lines.js';
import type { CatalogLine, CatalogStore, Coverage, QueryResult, Row, StatusRecord } from '../store.js';
import { catalogError, connect, isConnectionLoss, type Client } from './connection.js';
import { readOnly, select, selectRows } from './queries.js';
import { readableVersion } from './schema.js';
import type { CatalogTarget } from './target.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The folder catalog's tables, as views per profile. */
const TABLES = ['documents', 'items', 'events', 'files'] as const;
const INDEX_NAME = 'index.ndjson';

export class SharedReader {
  /** The view scope in place: the profiles' names joined, or '*' for every profile. */
  private scope: string | undefined;

  private constructor(
    readonly target: CatalogTarget,
    private readonly client: Client,
    /** Each table's qualified name, found before any view shadows it. */
    private readonly tables: Record<(typeof TABLES)[number], string>,
  ) {}

  /** Connects; exit 13 when the database does not answer, holds no catalog yet or one of a newer schema. */
  static async open(target: CatalogTarget, o: { env: Env; version: string }): Promise<SharedReader> {
    const client = await connect(target, o.env);
    try {
      const exists = await client.query("SELECT to_regclass('fiscal_schema') IS NOT NULL AS ok");
      if (!exists.rows[0]?.ok || (await readableVersion(client, target, o.version)) === 0) {
        throw new CatalogError(`catalog ${target.shown} holds no fiscal catalog yet`, {
          details: ['a `fiscal pull --catalog` with this URL creates it'],
        });
      }
      const { rows } = await client.query<{ name: string; qualified: string }>(
        `SELECT c.relname AS name, quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS qualified
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.oid IN (${TABLES.map((t) => `to_regclass('${t}')`).join(', ')})`,
      );
      const tables = Object.fromEntries(rows.map((r) => [r.name, r.qualified])) as SharedReader['tables'];
      return new SharedReader(target, client, tables);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw isConnectionLoss(error) ? catalogError(target, error, 'reading the catalog') : error;
    }
  }

  /** A statement a person wrote, on every profile's rows. */
  async query(sql: string): Promise<QueryResult> {
    return this.guard(() => readOnly(this.client, sql), 'running the query');
  }

  /**
   * The profile whose pull folder `dir` is: the one whose rows cover the folder's index up to a
   * line the folder has there (a profile's folder is `<dir>/<profile>`, or any folder a pull of
   * one profile wrote); undefined when the catalog holds none of it.
   */
  async profileOf(dir: string): Promise<string | undefined> {
    const index = join(dir, INDEX_NAME);
    const length = completeLength(index);
    const rows = await this.guard(
      () =>
        select(
          this.client,
          `SELECT profile, max(CASE WHEN name = 'index_bytes' THEN value END) AS bytes,
                  max(CASE WHEN name = 'index_tail' THEN value END) AS tail
           FROM meta GROUP BY profile`,
        ),
      'finding the profile of a folder',
    );
    const matching = rows
      .filter((r) => {
        const bytes = Number(r.bytes);
        if (bytes === 0) return length === 0;
        return bytes <= length && lineHashBefore(index, bytes) === r.tail;
      })
      .map((r) => String(r.profile));
    // Two profiles at a folder with nothing in common: only an empty index; its name decides.
    return matching.length === 1 ? matching[0] : matching.find((p) => p === basename(dir));
  }

  /** The catalog of these profiles (every profile when undefined), as a folder's catalog is read. */
  store(profiles?: readonly string[]): CatalogStore {
    return new ScopedStore(this, profiles);
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }

  /** A read of a scoped store, the views first set to its profiles (stores of several scopes may interleave). */
  async readIn<T>(profiles: readonly string[] | undefined, fn: (c: Client) => Promise<T>): Promise<T> {
    const scope = profiles ? [...profiles].sort().join('\0') : '*';
    return this.guard(async () => {
      if (this.scope !== scope) {
        const names = profiles?.map((p) => this.client.escapeLiteral(p)) ?? [];
        const where = !profiles ? '' : names.length ? `WHERE profile IN (${names.join(', ')})` : 'WHERE false';
        const views = TABLES.map((t) => `CREATE OR REPLACE TEMP VIEW ${t} AS SELECT * FROM ${this.tables[t]} ${where}`);
        await this.client.query(views.join('; '));
        this.scope = scope;
      }
      return fn(this.client);
    }, 'reading the catalog');
  }

  private async guard<T>(fn: () => Promise<T>, doing: string): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw isConnectionLoss(error) ? catalogError(this.target, error, doing) : error;
    }
  }
}

/** The shared catalog reduced to some profiles: read only, closed with its reader. */
class ScopedStore implements CatalogStore {
  constructor(
    private readonly reader: SharedReader,
    private readonly profiles: readonly string[] | undefined,
  ) {}

  get path(): string {
    const which = this.profiles ? `profile ${this.profiles.join(', ')}` : 'every profile';
    return `${this.reader.target.shown} (${which})`;
  }

  async coverage(): Promise<Coverage | undefined> {
    return undefined;
  }

  async apply(_lines: readonly CatalogLine[], _records: readonly StatusRecord[], _coverage: Coverage): Promise<void> {
    throw new Error(`${this.path} is opened for reading`);
  }

  select(sql: string, params?: readonly unknown[]): Promise<Row[]> {
    return this.reader.readIn(this.profiles, (c) => select(c, sql, params));
  }

  rows(sql: string, params?: readonly unknown[]): Promise<unknown[][]> {
    return this.reader.readIn(this.profiles, (c) => selectRows(c, sql, params));
  }

  query(sql: string): Promise<QueryResult> {
    return this.reader.readIn(this.profiles, (c) => readOnly(c, sql));
  }

  async close(): Promise<void> {}
}

/** `fiscal query --catalog`: one statement on every profile's rows. */
export async function queryShared(
  target: CatalogTarget,
  o: { env: Env; version: string },
  sql: string,
): Promise<QueryResult> {
  const reader = await SharedReader.open(target, o);
  try {
    return await reader.query(sql);
  } finally {
    await reader.close();
  }
}
