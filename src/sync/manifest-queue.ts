// The durable state of `pull --manifest` in <dir>/.fiscal/ (see auto-manifest.ts): the queue of
// keys to manifest and the record of what became of each. Both are NDJSON appended and fsynced;
// a torn last line (a crash while appending) was never counted, so it is left out when read.
import { existsSync } from 'node:fs';
import { appendFile, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncPath } from './durable.js';

const QUEUE_FILE = 'manifest-queue.ndjson';
const DONE_FILE = 'manifest-done.ndjson';

/** `canceled`: the note is canceled (the catalog knew it, or the authority answered 650): nothing to manifest. */
export type Outcome = 'registered' | 'rejected' | 'already' | 'canceled';
export type DoneRecord =
  | { key: string; state: 'sent'; request_id: string }
  | { key: string; state: Outcome; code?: string; cstat?: number; message?: string };

export class ManifestQueue {
  constructor(private readonly stateDir: string) {}

  /** True when keys are queued. */
  has(): boolean {
    return existsSync(join(this.stateDir, QUEUE_FILE));
  }

  /** Queues keys, durably (the pull's commit round, before the checkpoints that count them). */
  async add(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const path = join(this.stateDir, QUEUE_FILE);
    const created = !existsSync(path);
    const handle = await open(path, 'a');
    try {
      await handle.write(keys.map((key) => `${JSON.stringify({ key })}\n`).join(''));
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (created) await fsyncPath(this.stateDir);
  }

  /** The queued keys, once each, and the last record of each key. */
  async read(): Promise<{ queue: string[]; done: Map<string, DoneRecord> }> {
    const lines = await readLines(join(this.stateDir, QUEUE_FILE));
    const queue = [...new Set(lines.map((l) => l.key).filter((k): k is string => typeof k === 'string'))];
    const done = new Map<string, DoneRecord>();
    for (const r of (await readLines(join(this.stateDir, DONE_FILE))) as DoneRecord[])
      if (typeof r.key === 'string') done.set(r.key, r);
    return { queue, done };
  }

  /** Records what became of keys, durably. */
  async record(records: readonly DoneRecord[]): Promise<void> {
    const path = join(this.stateDir, DONE_FILE);
    const created = !existsSync(path);
    await appendFile(path, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    await fsyncPath(path);
    if (created) await fsyncPath(this.stateDir);
  }

  /**
   * Every queued key is answered: the state starts afresh (the queue first, so that a crash
   * between the two leaves only records of keys no longer queued).
   */
  async clear(): Promise<void> {
    await unlink(join(this.stateDir, QUEUE_FILE));
    await unlink(join(this.stateDir, DONE_FILE)).catch(() => undefined);
    await fsyncPath(this.stateDir);
  }
}

async function readLines(path: string): Promise<Array<Record<string, unknown>>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: Array<Record<string, unknown>> = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // Torn by a crash: that append was never counted as done.
    }
  }
  return out;
}
