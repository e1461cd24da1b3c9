// A pull folder's checkpoints in the shared catalog, one row per (profile, stream), written in the
// same transaction as the documents, events and files of the index lines they cover: a page is in
// the catalog whole with its checkpoint, or not at all (then the pull fetches it again). Every
// statement runs on the lease's connection, so a process that lost its lease cannot commit.
//
// A connection lost during a commit leaves it done or not done, and the client cannot tell which:
// once the session has its lease again, the checkpoints in the database say (all as this commit
// writes them: done; all as before: not done, commit again; anything else: another process
// moved them, and the run stops).
import {
  canonicalJson,
  parseCheckpoint,
  streamId,
  type Checkpoint,
  type Checkpoints,
  type StreamKey,
} from '../../sync/checkpoint.js';
import type { IndexEntry } from '../../sync/index-file.js';
import { catalogError, isConnectionLoss, type Client } from './connection.js';
import type { LeaseSession } from './lease-session.js';
import type { CatalogTarget } from './target.js';

export class PostgresCheckpoints implements Checkpoints {
  /** Each stream's checkpoint as last read or committed: one unchanged is not written again. */
  private readonly known = new Map<string, string>();

  constructor(
    private readonly session: LeaseSession,
    private readonly profile: string,
    private readonly target: CatalogTarget,
  ) {}

  pathOf(key: StreamKey): string {
    return `${this.target.shown}, table checkpoints, profile ${this.profile}, stream ${streamId(key)}`;
  }

  async load(key: StreamKey): Promise<Checkpoint | undefined> {
    const { rows } = await this.query<{ checkpoint: unknown }>(
      'SELECT checkpoint FROM checkpoints WHERE profile = $1 AND stream = $2',
      [this.profile, streamId(key)],
    );
    return rows[0] ? this.parse(rows[0].checkpoint, key) : undefined;
  }

  async save(checkpoint: Checkpoint): Promise<void> {
    await this.saveAll([checkpoint]);
  }

  async saveAll(checkpoints: Checkpoint[], entries: readonly IndexEntry[] = []): Promise<void> {
    const changed = checkpoints.filter((c) => this.known.get(streamId(c.stream)) !== canonicalJson(c));
    if (changed.length === 0 && entries.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.commit(changed, entries);
        break;
      } catch (error) {
        if (!isConnectionLoss(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw catalogError(this.target, error, 'the commit of a page failed');
      }
      await this.session.reacquire();
      const state = await this.stateOf(changed);
      if (state === 'committed') break;
      if (state === 'moved') {
        throw catalogError(
          this.target,
          new Error('checkpoints moved by another run while the connection was lost'),
          `profile ${this.profile}`,
        );
      }
    }
    for (const x of changed) this.known.set(streamId(x.stream), canonicalJson(x));
  }

  private async commit(changed: Checkpoint[], entries: readonly IndexEntry[]): Promise<void> {
    const c = this.session.client;
    try {
      await c.query('BEGIN');
      await insertEntries(c, this.profile, entries);
      await c.query(
        `INSERT INTO checkpoints (profile, stream, checkpoint)
         SELECT $1, s, j FROM unnest($2::text[], $3::jsonb[]) AS u(s, j)
         ON CONFLICT (profile, stream) DO UPDATE SET checkpoint = EXCLUDED.checkpoint`,
        [this.profile, changed.map((x) => streamId(x.stream)), changed.map((x) => JSON.stringify(x))],
      );
      await c.query('COMMIT');
    } catch (error) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** After a lost connection: whether the commit of `changed` happened, did not, or another run moved them. */
  private async stateOf(changed: Checkpoint[]): Promise<'committed' | 'not committed' | 'moved'> {
    const { rows } = await this.session.client.query<{ stream: string; checkpoint: unknown }>(
      'SELECT stream, checkpoint FROM checkpoints WHERE profile = $1 AND stream = ANY($2::text[])',
      [this.profile, changed.map((x) => streamId(x.stream))],
    );
    const now = new Map(rows.map((r) => [r.stream, canonicalJson(r.checkpoint)]));
    const ids = changed.map((x) => streamId(x.stream));
    if (changed.every((x, i) => now.get(ids[i]!) === canonicalJson(x))) return 'committed';
    if (ids.every((id) => now.get(id) === this.known.get(id))) return 'not committed';
    return 'moved';
  }

  async all(): Promise<Checkpoint[]> {
    const { rows } = await this.query<{ stream: string; checkpoint: unknown }>(
      'SELECT stream, checkpoint FROM checkpoints WHERE profile = $1 ORDER BY stream',
      [this.profile],
    );
    return rows.map((r) => this.parse(r.checkpoint));
  }

  private parse(json: unknown, key?: StreamKey): Checkpoint {
    const checkpoint = parseCheckpoint(JSON.stringify(json), key ? this.pathOf(key) : this.target.shown);
    this.known.set(streamId(checkpoint.stream), canonicalJson(checkpoint));
    return checkpoint;
  }

  /** A read; after a lost connection, once more when the lease is taken again. */
  private async query<R extends object>(sql: string, values: unknown[]): Promise<{ rows: R[] }> {
    try {
      return await this.session.client.query<R>(sql, values);
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
    }
    await this.session.reacquire();
    try {
      return await this.session.client.query<R>(sql, values);
    } catch (error) {
      throw isConnectionLoss(error) ? catalogError(this.target, error, 'reading checkpoints') : error;
    }
  }
}

/** Commits tried on a new connection after a lost one, at most. */
const MAX_ATTEMPTS = 3;

const column = <T>(rows: readonly T[], pick: (row: T) => string | number | null) => rows.map(pick);

/** The documents, events and files of a commit's index lines, one statement per table. */
async function insertEntries(c: Client, profile: string, entries: readonly IndexEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const docs = entries.filter((e) => e.event === undefined);
  const events = entries.filter((e) => e.event !== undefined);
  if (docs.length) {
    await c.query(
      `INSERT INTO documents (profile, key, type, role, owner, status, created_at, path)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
       ON CONFLICT (profile, key, role, owner) DO UPDATE
         SET type = EXCLUDED.type, status = EXCLUDED.status, created_at = EXCLUDED.created_at, path = EXCLUDED.path`,
      [
        profile,
        column(docs, (e) => e.key),
        column(docs, (e) => e.type),
        column(docs, (e) => e.role),
        column(docs, (e) => e.owner),
        column(docs, (e) => e.status),
        column(docs, (e) => e.created_at),
        column(docs, (e) => e.path),
      ],
    );
  }
  if (events.length) {
    await c.query(
      `INSERT INTO events (profile, key, role, owner, event, seq, status, created_at, path)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[])
       ON CONFLICT (profile, key, role, owner, event, seq) DO NOTHING`,
      [
        profile,
        column(events, (e) => e.key),
        column(events, (e) => e.role),
        column(events, (e) => e.owner),
        column(events, (e) => e.event ?? ''),
        column(events, (e) => e.seq ?? 0),
        column(events, (e) => e.status),
        column(events, (e) => e.created_at),
        column(events, (e) => e.path),
      ],
    );
    // A document's status is that of its last line (docs/pull.md): the last event of each copy.
    const last = new Map(events.map((e) => [`${e.key}\0${e.role}\0${e.owner}`, e]));
    const latest = [...last.values()];
    await c.query(
      `UPDATE documents d SET status = u.status
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(key, role, owner, status)
       WHERE d.profile = $1 AND d.key = u.key AND d.role = u.role AND d.owner = u.owner`,
      [
        profile,
        column(latest, (e) => e.key),
        column(latest, (e) => e.role),
        column(latest, (e) => e.owner),
        column(latest, (e) => e.status),
      ],
    );
  }
  const files = [...new Map(entries.map((e) => [e.path, e])).values()];
  await c.query(
    `INSERT INTO files (profile, path, sha256, bytes)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[])
     ON CONFLICT (profile, path) DO UPDATE SET sha256 = EXCLUDED.sha256, bytes = EXCLUDED.bytes`,
    [profile, column(files, (e) => e.path), column(files, (e) => e.sha256), column(files, (e) => e.bytes)],
  );
}
