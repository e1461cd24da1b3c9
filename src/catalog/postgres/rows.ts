// A commit's rows in the shared catalog: each table's rows encoded by encode.ts (the folder
// catalog's rows, ../rows.ts), one statement per table (json_populate_recordset maps each object
// onto the table's own row type by column name; the profile comes from the base record), and the
// status and manifestation updates the lines and records bring, reduced per document to the one
// SQLite's statement-by-statement updates would leave.
import { inBrasilia } from '../../fiscal/dates.js';
import { MANIFESTATIONS, STATUS_RANK } from '../rows.js';
import type { CatalogLine, StatusRecord } from '../store.js';
import type { Client } from './connection.js';
import { ENCODED_TABLES, type EncodedRows } from './encode.js';

type StatusChange = Pick<StatusRecord, 'key' | 'role' | 'owner' | 'status' | 'at' | 'source'> & { rank: number };
type Manifestation = Pick<StatusRecord, 'key' | 'role' | 'owner' | 'at'> & { code: string };

const docId = (x: { key: string; role: string; owner: string }) => `${x.key}\0${x.role}\0${x.owner}`;

const RANK_SQL = `CASE d.status ${Object.entries(STATUS_RANK)
  .map(([s, n]) => `WHEN '${s}' THEN ${n}`)
  .join(' ')} ELSE 0 END`;

/**
 * The rows (`encoded` from `lines`), then the statuses `lines` and `records` bring: a line's
 * index fields (its event, status and date) are enough for those, its facts are not needed.
 */
export async function writeRows(
  c: Client,
  profile: string,
  encoded: EncodedRows,
  lines: readonly CatalogLine[],
  records: readonly StatusRecord[],
): Promise<void> {
  for (const table of ENCODED_TABLES) {
    const rows = encoded[table];
    if (!rows) continue;
    // A Buffer parameter goes in binary format: for json, its text as it is.
    await c.query(
      `INSERT INTO ${table} SELECT * FROM json_populate_recordset(
         json_populate_record(NULL::${table}, json_build_object('profile', $1::text)), $2::json)
       ON CONFLICT DO NOTHING`,
      [profile, Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength)],
    );
  }
  const events = lines.filter((l) => l.event !== undefined);

  // The lines' changes and the records' that name their copy, then the records that stand for
  // every copy (an empty role or owner: a note canceled is canceled in each), as SQLite's
  // statements apply them one by one.
  const named = (r: StatusRecord) => r.role !== '' && r.owner !== '';
  await updateStatuses(c, profile, events, records.filter(named), false);
  await updateStatuses(
    c,
    profile,
    [],
    records.filter((r) => !named(r)),
    true,
  );
}

async function updateStatuses(
  c: Client,
  profile: string,
  events: readonly CatalogLine[],
  records: readonly StatusRecord[],
  anyCopy: boolean,
): Promise<void> {
  // In order, as one statement each would apply them: a status only ever moves up in rank (the
  // first change to reach the highest rank stays), a manifestation only to a later one.
  const statuses = new Map<string, StatusChange>();
  const manifestations = new Map<string, Manifestation>();
  const changeStatus = (s: Omit<StatusChange, 'rank'>) => {
    const rank = STATUS_RANK[s.status] ?? 0;
    const before = statuses.get(docId(s));
    if (!before || rank > before.rank) statuses.set(docId(s), { ...s, rank });
  };
  const manifest = (m: Manifestation) => {
    const before = manifestations.get(docId(m));
    if (!before || before.at <= m.at) manifestations.set(docId(m), m);
  };
  for (const l of events) {
    const at = inBrasilia(l.created_at ?? '');
    if (l.status) changeStatus({ key: l.key, role: l.role, owner: l.owner, status: l.status, at, source: 'event' });
    if (MANIFESTATIONS.has(l.event!)) manifest({ key: l.key, role: l.role, owner: l.owner, code: l.event!, at });
  }
  for (const r of records) {
    const at = inBrasilia(r.at);
    changeStatus({ key: r.key, role: r.role, owner: r.owner, status: r.status, at, source: r.source });
    if (r.manifestation) manifest({ key: r.key, role: r.role, owner: r.owner, code: r.manifestation, at });
  }
  const copy = anyCopy
    ? `(u.role = '' OR d.role = u.role) AND (u.owner = '' OR d.owner = u.owner)`
    : 'd.role = u.role AND d.owner = u.owner';
  if (statuses.size) {
    await c.query(
      `UPDATE documents d SET status = u.status, status_changed_at = u.at, status_source = u.source
       FROM json_to_recordset($2::json) AS u(key text, role text, owner text, status text, at text, source text, rank int)
       WHERE d.profile = $1 AND d.key = u.key AND ${copy}
         AND (${RANK_SQL} < u.rank OR (${RANK_SQL} = u.rank AND d.status_source <> 'event' AND u.source = 'event'))`,
      [profile, JSON.stringify([...statuses.values()])],
    );
  }
  if (manifestations.size) {
    await c.query(
      `UPDATE documents d SET manifestation = u.code, manifested_at = u.at
       FROM json_to_recordset($2::json) AS u(key text, role text, owner text, code text, at text)
       WHERE d.profile = $1 AND d.key = u.key AND ${copy}
         AND (d.manifested_at IS NULL OR d.manifested_at <= u.at)`,
      [profile, JSON.stringify([...manifestations.values()])],
    );
  }
}
