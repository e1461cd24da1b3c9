// Writes that survive a crash at any instant: the old content or the new, never half of one.
//
// Every file is written to a temp file in one dedicated folder (same filesystem) and renamed into
// place, so a reader never sees a partial file. Durability is grouped: `flush()` makes every file
// and folder touched since the last flush durable before the caller records progress (the
// checkpoint). One fsync per file costs a journal commit each, more than the download itself;
// where the system has `sync -f` (syncfs(2), coreutils) one call covers the whole group.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WriteReply, WriteRequest } from './write-worker.js';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const SYNC_PARALLELISM = 16;

export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

let syncfsWorks: boolean | undefined;

/** syncfs(2) of the file system holding `path`; false where `sync -f` is not available. */
function syncFileSystem(path: string): Promise<boolean> {
  if (syncfsWorks === false) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('sync', ['-f', path], { timeout: 120_000 }, (error) => {
      syncfsWorks = !error;
      resolve(!error);
    });
  });
}

/** The bundled worker (dist/sync/write-worker.js); absent when running from sources. */
function workerFile(): URL | undefined {
  const url = new URL('../sync/write-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

/** Writes files on a worker thread; `drain()` resolves once every write sent before it is done. */
class WriteThread {
  private readonly worker: Worker;
  private drains = new Map<number, () => void>();
  private nextDrain = 0;
  private failure: Error | undefined;

  constructor(url: URL) {
    this.worker = new Worker(url);
    this.worker.unref();
    this.worker.on('message', (m: WriteReply) => {
      if (m.kind === 'failed') this.failure ??= new Error(`cannot write ${m.path}: ${m.message}`);
      else {
        this.drains.get(m.id)?.();
        this.drains.delete(m.id);
      }
    });
    this.worker.on('error', (e) => {
      this.failure ??= e;
      for (const done of this.drains.values()) done();
    });
  }

  write(tmp: string, path: string, data: Uint8Array): void {
    this.worker.postMessage({ kind: 'write', tmp, path, data } satisfies WriteRequest);
  }

  async drain(): Promise<void> {
    const id = this.nextDrain++;
    await new Promise<void>((resolve) => {
      this.drains.set(id, resolve);
      this.worker.postMessage({ kind: 'drain', id } satisfies WriteRequest);
    });
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

export class DurableWriter {
  private readonly knownDirs = new Set<string>();
  private thread: WriteThread | null | undefined;
  private readonly tmpPrefix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private tmpCount = 0;
  private pendingFiles: string[] = [];
  private pendingDirs = new Set<string>();

  constructor(private readonly tmpDir: string) {}

  /** Creates the temp folder and removes what an interrupted run left in it. */
  async init(): Promise<void> {
    await this.ensureDir(this.tmpDir);
    for (const name of await readdir(this.tmpDir)) await rm(join(this.tmpDir, name), { force: true });
    await this.flush();
  }

  /**
   * Atomically replaces `path`; written and durable after the next flush(). The write and rename
   * run on a worker thread, synchronously there: into the page cache they take microseconds,
   * less than the promise machinery of their async forms. Without the worker (running from
   * sources) they run synchronously here.
   */
  async write(path: string, data: Uint8Array): Promise<void> {
    const tmp = join(this.tmpDir, `${this.tmpPrefix}-${this.tmpCount++}.tmp`);
    const dir = dirname(path);
    await this.ensureDir(dir);
    if (this.thread === undefined) {
      const url = workerFile();
      this.thread = url ? new WriteThread(url) : null;
    }
    if (this.thread) this.thread.write(tmp, path, data);
    else {
      writeFileSync(tmp, data, { mode: 0o644 });
      renameSync(tmp, path);
    }
    this.pendingFiles.push(path);
    this.pendingDirs.add(dir);
  }

  /** Atomically replaces `path` and makes it durable now (checkpoints). */
  async writeNow(path: string, data: Uint8Array | string): Promise<void> {
    const tmp = join(this.tmpDir, `${this.tmpPrefix}-${this.tmpCount++}.tmp`);
    const handle = await open(tmp, 'w', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.ensureDir(dirname(path));
    renameSync(tmp, path);
    this.pendingDirs.add(dirname(path));
    await this.flush();
  }

  /** Makes every write since the last flush durable. */
  async flush(): Promise<void> {
    await this.thread?.drain();
    const files = this.pendingFiles;
    const dirs = [...this.pendingDirs];
    this.pendingFiles = [];
    this.pendingDirs = new Set();
    if (files.length + dirs.length === 0) return;
    if (files.length > SYNC_PARALLELISM && (await syncFileSystem(this.tmpDir))) return;
    await inParallel(files, SYNC_PARALLELISM, fsyncPath);
    await inParallel(dirs, SYNC_PARALLELISM, fsyncPath);
  }

  async close(): Promise<void> {
    await this.thread?.close();
    this.thread = undefined;
  }

  /** mkdir -p whose new folders are themselves recorded durably in their parents. */
  async ensureDir(dir: string): Promise<void> {
    if (this.knownDirs.has(dir)) return;
    const first = await mkdir(dir, { recursive: true });
    if (first) {
      // Each new folder's entry lives in its parent: those parents are synced at the next flush.
      for (let d = dir; d.length >= first.length; d = dirname(d)) this.pendingDirs.add(dirname(d));
    }
    this.knownDirs.add(dir);
  }
}
