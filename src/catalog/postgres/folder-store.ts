// One profile's pull folder in the shared catalog: its checkpoints (one row per stream) and its
// catalog rows (documents, items, events, files, meta: the folder catalog's tables, each with the
// profile), written on the lease's connection, so that a process that lost its lease cannot
// commit. The pull saves a commit's checkpoints just before the catalog's commit of the same
// lines (src/sync/committer.ts): with lines, the checkpoints wait and go into that transaction, so
// a page is in the catalog whole with its checkpoint, or not at all (then it is fetched again).
//
// A connection lost during a commit leaves it done or not done, and the client cannot tell which:
// once the session has its lease again (lease-session.ts), what the database holds says (all as
// this commit writes it: done; all as before: not done, commit again; anything else: another
// process moved it, and the run stops, exit 13).
//
// A page's commit runs while the pull writes its next pages (apply returns once it is sent, not
// done): the database's work overlaps the pull's instead of stopping it for a round trip of a
// thousand rows, and the next commit, any read and close() wait for it first (one at a time, in
// order; a failed one fails them, exit 13). A process killed meanwhile leaves the folder's index
// a commit further past the database's checkpoints, as a kill between the index and the catalog
// does: the next holder drops those index lines and pulls their pages again.
import {
  canonicalJson,
  parseCheckpoint,
  streamId,
  type Checkpoint,
  type Checkpoints,
  type StreamKey,
} from '../../sync/checkpoint.js';
import type { IndexEntry } from '../../sync/index-file.js';
import type { CatalogLine, CatalogStore, Coverage, QueryResult, Row, StatusRecord } from '../store.js';
import { catalogError, isConnectionLoss, type Client } from './connection.js';
import type { LeaseSession } from './lease-session.js';
import { readOnly, select, selectRows } from './queries.js';
import { encodeRows, type EncodedRows } from './encode.js';
import { writeRows } from './rows.js';
import type { CatalogTarget } from './target.js';

/** Commits tried on a new connection after a lost one, at most. */
const MAX_ATTEMPTS = 3;

const COVERAGE_NAMES = ['index_bytes', 'index_tail', 'journal_bytes', 'journal_tail'] as const;

export class PostgresFolder implements Checkpoints, CatalogStore {
  /** Each stream's checkpoint as last read or committed: one unchanged is not written again. */
  private readonly known = new Map<string, string>();
  /** Checkpoints saved with lines: committed by the catalog's commit of those lines (apply). */
  private staged: Checkpoint[] = [];
  private covered: Coverage | undefined;
  /** The last commit apply started, still running while the pull goes on. */
  private inFlight: Promise<void> = Promise.resolve();
  /** The last read: reads take turns on the lease's connection (a pg client runs one query at a time). */
  private turn: Promise<unknown> = Promise.resolve();
  readonly committedWithCatalog = true;

  constructor(
    private readonly session: LeaseSession,
    private readonly profile: string,
    private readonly target: CatalogTarget,
  ) {}

  get path(): string {
    return `${this.target.shown} (profile ${this.profile})`;
  }

  pathOf(key: StreamKey): string {
    return `${this.target.shown}, table checkpoints, profile ${this.profile}, stream ${streamId(key)}`;
  }

  async load(key: StreamKey): Promise<Checkpoint | undefined> {
    await this.inFlight;
    const rows = await this.read<{ checkpoint: unknown }>(
      'SELECT checkpoint FROM checkpoints WHERE profile = $1 AND stream = $2',
      [this.profile, streamId(key)],
    );
    return rows[0] ? this.parse(rows[0].checkpoint, key) : undefined;
  }

  async all(): Promise<Checkpoint[]> {
    await this.inFlight;
    const rows = await this.read<{ checkpoint: unknown }>(
      'SELECT checkpoint FROM checkpoints WHERE profile = $1 ORDER BY stream',
      [this.profile],
    );
    return rows.map((r) => this.parse(r.checkpoint));
  }

  async save(checkpoint: Checkpoint): Promise<void> {
    await this.saveAll([checkpoint]);
  }

  async saveAll(checkpoints: Checkpoint[], lines: readonly IndexEntry[] = []): Promise<void> {
    const changed = checkpoints.filter((c) => this.known.get(streamId(c.stream)) !== canonicalJson(c));
    if (lines.length > 0) {
      this.staged = changed;
      return;
    }
    if (changed.length === 0) return;
    await this.inFlight;
    await this.commit(
      (c) => this.writeCheckpoints(c, changed),
      () => this.checkpointsState(changed),
    );
    this.learn(changed);
  }

  async coverage(): Promise<Coverage | undefined> {
    await this.inFlight;
    return this.readCoverage();
  }

  private async readCoverage(): Promise<Coverage | undefined> {
    const rows = await this.read<{ name: string; value: string }>('SELECT name, value FROM meta WHERE profile = $1', [
      this.profile,
    ]);
    const meta = new Map(rows.map((r) => [r.name, r.value]));
    if (!meta.has('index_bytes')) return undefined;
    this.covered = {
      indexBytes: Number(meta.get('index_bytes')),
      indexTail: meta.get('index_tail') ?? '',
      journalBytes: Number(meta.get('journal_bytes') ?? 0),
      journalTail: meta.get('journal_tail') ?? '',
    };
    return this.covered;
  }

  async apply(lines: readonly CatalogLine[], records: readonly StatusRecord[], coverage: Coverage): Promise<void> {
    await this.applyEncoded(Promise.resolve(encodeRows(lines)), lines, records, coverage);
  }

  /**
   * The pull's commit: its rows encoded on the catalog's thread (`rows` may settle later: the
   * transaction waits for them, the pull does not), `lines` for the statuses they bring.
   */
  async applyEncoded(
    rows: Promise<EncodedRows>,
    lines: readonly CatalogLine[],
    records: readonly StatusRecord[],
    coverage: Coverage,
  ): Promise<void> {
    // Seen by the transaction; never an unhandled rejection while the one before runs.
    rows.catch(() => undefined);
    await this.inFlight;
    const staged = this.staged;
    this.staged = [];
    const before = this.covered;
    this.inFlight = this.applyNow(rows, lines, records, coverage, staged, before);
    // Seen by whoever waits for it next; never an unhandled rejection meanwhile.
    this.inFlight.catch(() => undefined);
  }

  private async applyNow(
    encoded: Promise<EncodedRows>,
    lines: readonly CatalogLine[],
    records: readonly StatusRecord[],
    coverage: Coverage,
    staged: Checkpoint[],
    before: Coverage | undefined,
  ): Promise<void> {
    const rows = await encoded;
    await this.commit(
      async (c) => {
        await writeRows(c, this.profile, rows, lines, records);
        await c.query(
          `INSERT INTO meta (profile, name, value) SELECT $1, n, v FROM unnest($2::text[], $3::text[]) AS u(n, v)
           ON CONFLICT (profile, name) DO UPDATE SET value = EXCLUDED.value`,
          [this.profile, [...COVERAGE_NAMES], coverageValues(coverage)],
        );
        if (staged.length) await this.writeCheckpoints(c, staged);
      },
      async () => {
        const now = await this.readCoverage();
        if (sameCoverage(now, coverage)) return 'committed';
        return sameCoverage(now, before) ? 'not committed' : 'moved';
      },
    );
    this.covered = coverage;
    this.learn(staged);
  }

  async select(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    await this.inFlight;
    return select(this.session.client, sql, params);
  }

  async rows(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
    await this.inFlight;
    return selectRows(this.session.client, sql, params);
  }

  async query(sql: string): Promise<QueryResult> {
    await this.inFlight;
    return readOnly(this.session.client, sql);
  }

  committedLength(): number {
    return this.covered?.indexBytes ?? 0;
  }

  async settled(): Promise<void> {
    await this.inFlight;
  }

  /** The last commit done (its failure is the run's). The lease's connection is closed by whoever took the lease (catalog.ts). */
  async close(): Promise<void> {
    await this.inFlight;
  }

  private async writeCheckpoints(c: Client, checkpoints: Checkpoint[]): Promise<void> {
    await c.query(
      `INSERT INTO checkpoints (profile, stream, checkpoint)
       SELECT $1, s, j FROM unnest($2::text[], $3::jsonb[]) AS u(s, j)
       ON CONFLICT (profile, stream) DO UPDATE SET checkpoint = EXCLUDED.checkpoint`,
      [this.profile, checkpoints.map((x) => streamId(x.stream)), checkpoints.map((x) => JSON.stringify(x))],
    );
  }

  /** One transaction; after a lost connection, the lease again and `state` says what to do. */
  private async commit(
    write: (c: Client) => Promise<void>,
    state: () => Promise<'committed' | 'not committed' | 'moved'>,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const c = this.session.client;
      try {
        await c.query('BEGIN');
        await write(c);
        await c.query('COMMIT');
        return;
      } catch (error) {
        await c.query('ROLLBACK').catch(() => undefined);
        if (!isConnectionLoss(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw catalogError(this.target, error, 'the commit of a page failed');
      }
      await this.session.reacquire(c);
      const now = await state();
      if (now === 'committed') return;
      if (now === 'moved') {
        throw catalogError(
          this.target,
          new Error(`profile ${this.profile} was moved on by another run while the connection was lost`),
          'after the connection came back',
        );
      }
    }
  }

  /** After a lost connection: whether the checkpoints were committed, were not, or another run moved them. */
  private async checkpointsState(changed: Checkpoint[]): Promise<'committed' | 'not committed' | 'moved'> {
    const ids = changed.map((x) => streamId(x.stream));
    const rows = await this.read<{ stream: string; checkpoint: unknown }>(
      'SELECT stream, checkpoint FROM checkpoints WHERE profile = $1 AND stream = ANY($2::text[])',
      [this.profile, ids],
    );
    const now = new Map(rows.map((r) => [r.stream, canonicalJson(r.checkpoint)]));
    if (changed.every((x, i) => now.get(ids[i]!) === canonicalJson(x))) return 'committed';
    if (ids.every((id) => now.get(id) === this.known.get(id))) return 'not committed';
    return 'moved';
  }

  private learn(checkpoints: Checkpoint[]): void {
    for (const x of checkpoints) this.known.set(streamId(x.stream), canonicalJson(x));
  }

  private parse(json: unknown, key?: StreamKey): Checkpoint {
    const checkpoint = parseCheckpoint(JSON.stringify(json), key ? this.pathOf(key) : this.path);
    this.learn([checkpoint]);
    return checkpoint;
  }

  /** A read, after the reads before it (streams load their checkpoints side by side). */
  private read<R extends object>(sql: string, values: unknown[]): Promise<R[]> {
    const run = this.turn.then(() => this.readNow<R>(sql, values));
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** A read; after a lost connection, once more when the lease is taken again. */
  private async readNow<R extends object>(sql: string, values: unknown[]): Promise<R[]> {
    const used = this.session.client;
    try {
      return (await used.query<R>(sql, values)).rows;
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
    }
    await this.session.reacquire(used);
    try {
      return (await this.session.client.query<R>(sql, values)).rows;
    } catch (error) {
      throw isConnectionLoss(error) ? catalogError(this.target, error, `reading profile ${this.profile}`) : error;
    }
  }
}

const coverageValues = (c: Coverage) => [String(c.indexBytes), c.indexTail, String(c.journalBytes), c.journalTail];

const sameCoverage = (a: Coverage | undefined, b: Coverage | undefined) =>
  (a === undefined) === (b === undefined) && (!a || !b || canonicalJson(a) === canonicalJson(b));
