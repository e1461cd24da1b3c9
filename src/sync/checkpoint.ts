// Checkpoints of a pull: one file per stream (account, base URL, document type, role) under
// <dir>/.fiscal/checkpoints/, holding where the stream stopped and how long index.ndjson was
// when it did. The content is deterministic (no wall-clock times), so an interrupted and resumed
// pull leaves the same bytes as an uninterrupted one.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { UsageError } from '../errors.js';
import type { DurableWriter } from './durable.js';
import type { IndexEntry } from './index-file.js';

const streamKeySchema = z.object({
  account: z.string(),
  baseUrl: z.string(),
  type: z.string(),
  role: z.string(),
  /** One owner's documents, or '' for every owner the filters allow. */
  owner: z.string(),
  /** A backfill window of the stream (see backfill.ts): its number in the plan. */
  window: z.string().optional(),
});
export type StreamKey = z.infer<typeof streamKeySchema>;

/** Filter dates (`YYYY-MM-DD hh:mm:ss`, Brasília time), both ends included. */
const createdRangeSchema = z.object({ from: z.string(), to: z.string() });
export type CreatedRange = z.infer<typeof createdRangeSchema>;

const checkpointSchema = z.object({
  version: z.literal(1),
  stream: streamKeySchema,
  /** The request's filters, canonical JSON: a checkpoint only means something with the same ones. */
  filters: z.string(),
  endpoint: z.enum(['v1', 'v2']),
  /** v1: the next cursor (R13). */
  cursor: z.number().int().nonnegative(),
  /** v2: the Paginator of the next page; null once the listing was read to its end. */
  paginator: z.string().nullable(),
  /** v2: highest CreatedAt seen, where an incremental run starts again. */
  createdHighWater: z.string().nullable(),
  /** Bytes of index.ndjson that this stream's committed pages are part of. */
  indexLength: z.number().int().nonnegative(),
  documents: z.number().int().nonnegative(),
  /** Pages committed. */
  pages: z.number().int().nonnegative(),
  /** The created_at range the stream reads, when a backfill split its listing. */
  range: createdRangeSchema.optional(),
  /** On the stream a backfill split: the ranges of its other windows, in order. */
  windows: z.array(createdRangeSchema).optional(),
  /** On a backfill window: its listing was read to the end. */
  done: z.literal(true).optional(),
  /**
   * On an events stream: the document streams (their ids, sorted) whose documents' past statuses
   * it has taken (sources/events.ts); a stream not listed has its past taken before the stream
   * goes on. Absent in a checkpoint of an earlier fiscal: none, taken once.
   */
  covers: z.array(z.string()).optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export class CorruptCheckpointError extends UsageError {
  override name = 'CorruptCheckpointError';
}

/** Canonical JSON: sorted keys, so equal filters always compare and hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function streamId(key: StreamKey): string {
  const hash = createHash('sha256').update(canonicalJson(key)).digest('hex').slice(0, 16);
  return `${key.type}-${key.role}${key.owner ? `-${key.owner}` : ''}-${hash}`;
}

const textOf = (c: Checkpoint) => `${JSON.stringify(c, null, 2)}\n`;

/**
 * Where a pull keeps its checkpoints: files in the folder (CheckpointStore), or a shared catalog
 * that commits them in one transaction with the index lines they cover.
 */
export interface Checkpoints {
  /** Where a stream's checkpoint is, for messages. */
  pathOf(key: StreamKey): string;
  load(key: StreamKey): Promise<Checkpoint | undefined>;
  save(checkpoint: Checkpoint): Promise<void>;
  /** Saves several at once, with the index lines the commit adds (a store that keeps them too). */
  saveAll(checkpoints: Checkpoint[], entries?: readonly IndexEntry[]): Promise<void>;
  /** Every checkpoint of the folder: the index is cut back to the longest committed length. */
  all(o?: { skipCorrupt?: boolean }): Promise<Checkpoint[]>;
  /** Saved with lines, the checkpoints are committed by the catalog's commit of those lines. */
  readonly committedWithCatalog?: boolean;
  /**
   * A store whose commits end after saveAll and the catalog's commit return (the shared catalog,
   * src/catalog/postgres/folder-store.ts): the index length its last finished commit holds, what
   * the next run cuts the index back to if this one is killed now.
   */
  committedLength?(): number;
  /** Until its last commit has ended (its failure is the run's). */
  settled?(): Promise<void>;
}

/**
 * Whether a pull left checkpoints in the folder `dir` (its state under `.fiscal`; a shared
 * catalog's are not there): a first pull has none.
 */
export function hasCheckpoints(dir: string): boolean {
  try {
    return readdirSync(join(dir, '.fiscal', 'checkpoints')).some((n) => n.endsWith('.json'));
  } catch {
    return false;
  }
}

export class CheckpointStore implements Checkpoints {
  readonly dir: string;
  /**
   * The text of each checkpoint as read or written by this run: one that would be rewritten with
   * the same bytes is left alone (a run that found nothing new then syncs nothing).
   */
  private readonly onDisk = new Map<string, string>();
  constructor(
    stateDir: string,
    private readonly writer: DurableWriter,
  ) {
    this.dir = join(stateDir, 'checkpoints');
  }

  pathOf(key: StreamKey): string {
    return join(this.dir, `${streamId(key)}.json`);
  }

  async load(key: StreamKey): Promise<Checkpoint | undefined> {
    const path = this.pathOf(key);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    return this.parse(text, path);
  }

  async save(checkpoint: Checkpoint): Promise<void> {
    await this.saveAll([checkpoint]);
  }

  /** Saves several checkpoints with one round of fsyncs (a commit of several streams). */
  async saveAll(checkpoints: Checkpoint[]): Promise<void> {
    const files = checkpoints
      .map((c) => ({ path: this.pathOf(c.stream), data: textOf(c) }))
      .filter((f) => this.onDisk.get(f.path) !== f.data);
    if (files.length === 0) return;
    if (files.length === 1) await this.writer.writeNow(files[0]!.path, files[0]!.data);
    else await this.writer.writeAllNow(files);
    for (const f of files) this.onDisk.set(f.path, f.data);
  }

  /** Every checkpoint in the folder: the index is cut back to the longest committed length. */
  async all(o: { skipCorrupt?: boolean } = {}): Promise<Checkpoint[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json')).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: Checkpoint[] = [];
    for (const name of names) {
      const path = join(this.dir, name);
      try {
        out.push(this.parse(await readFile(path, 'utf8'), path));
      } catch (e) {
        if (!(o.skipCorrupt && e instanceof CorruptCheckpointError)) throw e;
      }
    }
    return out;
  }

  private parse(text: string, path: string): Checkpoint {
    const checkpoint = parseCheckpoint(text, path);
    this.onDisk.set(path, text);
    return checkpoint;
  }
}

export function parseCheckpoint(text: string, path: string): Checkpoint {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CorruptCheckpointError(`checkpoint ${path} is corrupt: ${(e as Error).message}`, {
      details: ['it was not written by fiscal, or the disk lost data; remove it or run again with --restart'],
    });
  }
  const parsed = checkpointSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CorruptCheckpointError(
      `checkpoint ${path} is corrupt: ${issue?.path.join('.') || 'root'}: ${issue?.message}`,
      {
        details: ['remove it or run again with --restart'],
      },
    );
  }
  return parsed.data;
}
