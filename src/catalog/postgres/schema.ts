// The shared catalog's schema in PostgreSQL, versioned: migrations run once, by whichever run
// starts first (the others wait on an advisory lock, then find them done). A database whose
// schema is newer than this fiscal reads is refused (exit 13), naming the fiscal that wrote it.
import { CatalogError } from '../../errors.js';
import type { Client } from './connection.js';
import type { CatalogTarget } from './target.js';

/**
 * Each migration, in order: migration N brings a database to version N. A released migration is
 * never edited; a change is a new one.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE documents (
    profile     text NOT NULL,
    key         text NOT NULL,
    type        text NOT NULL,
    role        text NOT NULL,
    owner       text NOT NULL,
    status      text,
    created_at  text,
    path        text NOT NULL,
    PRIMARY KEY (profile, key, role, owner)
  );
  CREATE INDEX documents_type_status ON documents (type, status);
  CREATE TABLE events (
    profile     text NOT NULL,
    key         text NOT NULL,
    role        text NOT NULL,
    owner       text NOT NULL,
    event       text NOT NULL,
    seq         integer NOT NULL,
    status      text,
    created_at  text,
    path        text NOT NULL,
    PRIMARY KEY (profile, key, role, owner, event, seq)
  );
  CREATE TABLE files (
    profile     text NOT NULL,
    path        text NOT NULL,
    sha256      text NOT NULL,
    bytes       bigint NOT NULL,
    PRIMARY KEY (profile, path)
  );
  -- Where each stream of each profile stopped, committed with the documents it covers.
  CREATE TABLE checkpoints (
    profile     text NOT NULL,
    stream      text NOT NULL,
    checkpoint  jsonb NOT NULL,
    PRIMARY KEY (profile, stream)
  );
  -- Who holds (or last held) each profile's lease, and when its last pull ended whole.
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
  `,
];

/** The schema version this fiscal writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Advisory lock key of the migrations: any constant no lease key takes (leases.ts hashes names). */
const MIGRATION_LOCK = 4_201_980_000_001n;

/** Brings the database to SCHEMA_VERSION, once, whoever starts first; refuses a newer one. */
export async function migrate(client: Client, target: CatalogTarget, version: string): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK.toString()]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS fiscal_schema (
      version      integer PRIMARY KEY,
      installed_by text NOT NULL,
      installed_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number; installed_by: string }>(
      'SELECT version, installed_by FROM fiscal_schema ORDER BY version DESC LIMIT 1',
    );
    const current = rows[0]?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new CatalogError(
        `catalog ${target.shown} has schema version ${current}; this fiscal (${version}) reads version ${SCHEMA_VERSION}`,
        {
          details: [
            `it was upgraded by fiscal ${rows[0]!.installed_by}: install fiscal ${rows[0]!.installed_by} or later (npm install -g fiscal@${rows[0]!.installed_by})`,
            'nothing was read or written',
          ],
        },
      );
    }
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
