// The catalog's schema (docs/catalog.md), in SQL that PostgreSQL reads as SQLite does: plain
// types (TEXT, INTEGER, NUMERIC), no rowid tricks, no SQLite-only syntax. Money is NUMERIC(15,2)
// in reais, as the XML writes it; dates are TEXT in ISO 8601, as the XML writes them.
//
// Versioned: `meta.schema_version`. MIGRATIONS[n] takes a catalog of version n+1 to n+2; a
// catalog of a version newer than SCHEMA_VERSION is refused (exit 13), never written.
import { ITEM_TAXES, TOTALS } from './facts.js';

export const SCHEMA_VERSION = 3;

const MONEY = 'NUMERIC(15,2)';
const TOTAL_COLUMNS = TOTALS;
const ITEM_TAX_COLUMNS = ITEM_TAXES;

/** The tables of version 1, in the order they are created. */
export const CREATE_V1: readonly string[] = [
  `CREATE TABLE meta (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
)`,
  `CREATE TABLE documents (
  key TEXT NOT NULL,
  role TEXT NOT NULL,
  owner TEXT NOT NULL,
  type TEXT NOT NULL,
  model TEXT,
  series TEXT,
  number TEXT,
  emitted_at TEXT,
  authorized_at TEXT,
  protocol_status TEXT,
  protocol_number TEXT,
  emitter_tax_id TEXT,
  emitter_name TEXT,
  emitter_uf TEXT,
  receiver_tax_id TEXT,
  receiver_name TEXT,
  receiver_uf TEXT,
  cfop TEXT,
  status TEXT,
  status_changed_at TEXT,
  status_source TEXT,
  manifestation TEXT,
  manifested_at TEXT,
${TOTAL_COLUMNS.map((c) => `  ${c} ${MONEY},`).join('\n')}
  item_count INTEGER NOT NULL,
  path TEXT NOT NULL,
  created_at TEXT,
  PRIMARY KEY (key, role, owner)
)`,
  `CREATE TABLE items (
  key TEXT NOT NULL,
  role TEXT NOT NULL,
  owner TEXT NOT NULL,
  number INTEGER NOT NULL,
  product_code TEXT,
  description TEXT,
  ncm TEXT,
  cest TEXT,
  cfop TEXT,
  unit TEXT,
  quantity NUMERIC(15,4),
  unit_price NUMERIC(21,10),
  value ${MONEY},
  discount ${MONEY},
${ITEM_TAX_COLUMNS.map((c) => `  ${c} ${MONEY},`).join('\n')}
  PRIMARY KEY (key, role, owner, number)
)`,
  `CREATE TABLE events (
  key TEXT NOT NULL,
  role TEXT NOT NULL,
  owner TEXT NOT NULL,
  type TEXT NOT NULL,
  seq INTEGER NOT NULL,
  description TEXT,
  created_at TEXT,
  path TEXT,
  source TEXT NOT NULL,
  PRIMARY KEY (key, role, owner, type, seq)
)`,
  `CREATE TABLE files (
  path TEXT PRIMARY KEY,
  key TEXT NOT NULL,
  role TEXT NOT NULL,
  owner TEXT NOT NULL,
  kind TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  bytes INTEGER NOT NULL
)`,
];
// No secondary indexes here: each costs the pull a B-tree insert per row, and the queries an
// accountant runs (a month, a supplier, an NCM) scan 400k rows in a fraction of a second. The
// folder's SQLite catalog has one more, of expressions, for `fiscal report` (report-index.ts).

/**
 * Statements taking version n+1 to n+2. Version 2: what `fiscal inspect` prints of each file,
 * so that it reads the catalog of a pull folder, not its XML (docs/catalog.md). Columns added
 * by a migration are NULL in the rows already there: a catalog migrated from an earlier version
 * is then rebuilt from its folder (folder.ts), the only place their values can come from.
 * Version 3 adds no column: rows an earlier fiscal wrote held wrong facts (an ABRASF NFS-e's
 * UFs and a 2.04 provider's CNPJ; a status an event file brought, kept as the listing's or the
 * document's), and the rebuild that follows the migration writes them right.
 */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    'ALTER TABLE documents ADD COLUMN layout_version TEXT',
    'ALTER TABLE documents ADD COLUMN environment TEXT',
    'ALTER TABLE documents ADD COLUMN cfops TEXT',
    'ALTER TABLE documents ADD COLUMN warnings TEXT',
    'ALTER TABLE files ADD COLUMN summary TEXT',
  ],
  [],
];
