// The shared catalog's schema in PostgreSQL, versioned: migrations run once, by whichever run
// starts first (the others wait on an advisory lock, then find them done). A database whose
// schema is newer than this fiscal reads is refused (exit 13), naming the fiscal that wrote it.
import { CatalogError } from '../../errors.js';
import type { Client } from './connection.js';
import type { CatalogTarget } from './target.js';
import { CREATE_V1, MIGRATIONS as FOLDER_MIGRATIONS } from '../schema.js';

/**
 * The catalog's own tables (src/catalog/schema.ts: the same names and columns as a folder's
 * SQLite file), each with a `profile` column first and in its primary key: the documents of every
 * profile side by side. `meta` holds each profile's coverage of its folder's index.
 */
export function withProfile(sql: string): string {
  const table = /^CREATE TABLE (\w+) \(\n/.exec(sql);
  if (!table) return sql;
  // A column declared PRIMARY KEY on its own line becomes part of (profile, column).
  const inline = /^ {2}(\w+) (\w+) PRIMARY KEY,$/m.exec(sql);
  let out = sql
    .replace(table[0], `${table[0]}  profile TEXT NOT NULL,\n`)
    .replace('PRIMARY KEY (', 'PRIMARY KEY (profile, ');
  if (inline) {
    out = out
      .replace(inline[0], `  ${inline[1]} ${inline[2]} NOT NULL,`)
      .replace(/\n\)$/, `,\n  PRIMARY KEY (profile, ${inline[1]})\n)`);
  }
  return out;
}

/** What only the shared catalog has: where each stream stopped, and who holds which lease. */
const SHARED_TABLES = `
  -- Where each stream of each profile stopped, committed with the documents it covers.
  CREATE TABLE checkpoints (
    profile     text NOT NULL,
    stream      text NOT NULL,
    checkpoint  jsonb NOT NULL,
    PRIMARY KEY (profile, stream)
  );
  -- Who holds (or last held) each profile's lease, and when its last pull ended whole (version
  -- 3 adds finished_work: what that pull did).
  CREATE TABLE leases (
    name        text PRIMARY KEY,
    holder      text NOT NULL,
    acquired_at timestamptz NOT NULL,
    released_at timestamptz,
    finished_at timestamptz
  );
  CREATE TABLE lease_history (
    id          bigserial PRIMARY KEY,
    name        text NOT NULL,
    holder      text NOT NULL,
    acquired_at timestamptz NOT NULL,
    released_at timestamptz
  );
`;

/**
 * What the shared tables gain at a version. 3: what a pull that ended whole did (leased-profiles.ts:
 * another run skips a profile only when it would do the same).
 */
const SHARED_MIGRATIONS: Readonly<Record<number, readonly string[]>> = {
  3: ['ALTER TABLE leases ADD COLUMN finished_work text'],
};

/**
 * Migration N brings a database to version N: the first creates the folder catalog's tables with
 * their profile and the shared tables; the next ones are the folder catalog's own migrations
 * (portable SQL) and the shared tables' own, so both catalogs share one version number.
 */
const MIGRATIONS: readonly string[] = [
  [...CREATE_V1.map(withProfile), SHARED_TABLES].join(';\n'),
  ...FOLDER_MIGRATIONS.map((statements, i) => [...statements, ...(SHARED_MIGRATIONS[i + 2] ?? [])].join(';\n')),
];

/** The schema version this fiscal writes and reads. */
const SCHEMA_VERSION = MIGRATIONS.length;

/** Advisory lock key of the migrations: any constant no lease key takes (leases.ts hashes names). */
const MIGRATION_LOCK = 4_201_980_000_001n;

/**
 * The database's schema version (0: none yet); a newer one than this fiscal reads is refused
 * (exit 13), naming the fiscal that wrote it.
 */
export async function readableVersion(client: Client, target: CatalogTarget, version: string): Promise<number> {
  const { rows } = await client.query<{ version: number; installed_by: string }>(
    `SELECT version, installed_by FROM fiscal_schema ORDER BY version DESC LIMIT 1`,
  );
  const current = rows[0]?.version ?? 0;
  if (current > SCHEMA_VERSION) {
    const by = rows[0]!.installed_by;
    throw new CatalogError(
      `catalog ${target.shown} has schema version ${current}; this fiscal (${version}) reads version ${SCHEMA_VERSION}`,
      {
        details: [
          `it was upgraded by fiscal ${by}: install fiscal ${by} or later (npm install -g fiscal@${by})`,
          'nothing was read or written',
        ],
      },
    );
  }
  return current;
}

/** Brings the database to SCHEMA_VERSION, once, whoever starts first; refuses a newer one. */
export async function migrate(client: Client, target: CatalogTarget, version: string): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK.toString()]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS fiscal_schema (
      version      integer PRIMARY KEY,
      installed_by text NOT NULL,
      installed_at timestamptz NOT NULL DEFAULT now()
    )`);
    const current = await readableVersion(client, target, version);
    for (let v = current + 1; v <= SCHEMA_VERSION; v++) {
      await client.query('BEGIN');
      try {
        await client.query(MIGRATIONS[v - 1]!);
        await client.query('INSERT INTO fiscal_schema (version, installed_by) VALUES ($1, $2)', [v, version]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK.toString()]).catch(() => undefined);
  }
}
