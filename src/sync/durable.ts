// Writes that survive a crash at any instant: the old content or the new, never half of one.
//
// A file that replaces one is written to a temp file beside it (`.<name>.tmp`, hidden) and renamed
// into place, so a reader never sees it half rewritten; a new file is created in place, and one a
// run that died left half written is not in the index (file-writes.ts, sweepNewFiles). The temp
// file beside it, not in one shared folder: a rename within a
// folder is a single directory update, where one across folders takes the file system's rename
// lock and updates two (measured on ext4: half the time per file). The temp name is the file's
// own, so a crash that leaves one behind is cleaned up by the next run, which writes that same
// uncommitted document again. Durability is grouped: `flush()` makes every file and folder
// touched since the last flush durable before the caller records progress (the checkpoint). One
// fsync per file costs a journal commit each, more than the download itself; where the system
// has `sync -f` (syncfs(2), coreutils) one call covers the whole group (see FileSystemSync).
import { randomBytes } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { MessagePort } from 'node:worker_threads';
import { FileWriteThread, type FileWrite } from './file-writes.js';
import { FileSystemSync } from './syncfs.js';

const SYNC_PARALLELISM = 16;

/** Temp files of documents, PDFs and events (`.<name>.xml.tmp`, `.<name>.pdf.tmp`): none other. */
const TEMP_NAME = /^\..+\.(xml|pdf)\.tmp$/i;

/**
 * Removes the temp files a run that died while writing left under `root` (its `.fiscal/` aside),
 * and answers how many. A run killed mid-write leaves one beside each document it was writing;
 * the same command run again writes those documents again and renames each over its temp file,
 * but another one (other filters, `--restart`) may never write them: this is for when the lock
 * says a run died. It reads every folder, which only a crash makes worth it.
 */
export async function sweepTempFiles(root: string): Promise<number> {
  let removed = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (dir !== root || e.name !== '.fiscal') await walk(join(dir, e.name));
      } else if (e.isFile() && TEMP_NAME.test(e.name)) {
        await rm(join(dir, e.name), { force: true });
        removed++;
      }
    }
  };
  await walk(root);
  return removed;
}

/**
 * Removes the files a run that died created in place and never committed, and answers how many:
 * those `journal` names (relative to `root`, file-writes.ts) that no line of `index` names, nor
 * names as their document (an attachment is its document's name with another extension: `KEY.pdf`
 * beside `KEY.xml`). The journal is removed after. Run when the journal is there at the start of a
 * run: a run that ends with every write answered removes it.
 *
 * The index is read once, each path kept as a 53-bit hash of its stem (8 bytes a line: 16 MB for
 * an index of two million lines, where the paths themselves as a Set took some 100 MB; it was read
 * once per 100k journal paths before, ten passes after a killed 1M backfill). Two stems with one
 * hash (some 1 in 10^10 for a journal path against a million lines) leave a file in place that an
 * index line does not name, as a run killed before the sweep does: nothing trusts such a file.
 */
export async function sweepNewFiles(root: string, journal: string, index: string): Promise<number> {
  const named = await stemHashes(index);
  let removed = 0;
  for await (const path of lines(journal)) {
    if (!path || contains(named, stemHash(stemOf(path)))) continue;
    // (Listed before it was created: it may never have been; or listed twice.)
    const gone = await rm(join(root, path)).then(
      () => true,
      () => false,
    );
    if (gone) removed++;
  }
  rmSync(journal, { force: true });
  return removed;
}

/** The stem hashes of the paths `index` names, sorted. */
async function stemHashes(index: string): Promise<Float64Array> {
  let hashes = new Float64Array(1024);
  let n = 0;
  for await (const line of lines(index)) {
    const path = /"path":("(?:[^"\\]|\\.)*")/.exec(line)?.[1];
    if (!path) continue;
    if (n === hashes.length) {
      const grown = new Float64Array(2 * n);
      grown.set(hashes);
      hashes = grown;
    }
    hashes[n++] = stemHash(stemOf(JSON.parse(path) as string));
  }
  return hashes.subarray(0, n).sort();
}

/** Whether the sorted `hashes` hold `h`. */
function contains(hashes: Float64Array, h: number): boolean {
  let lo = 0;
  let hi = hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (hashes[mid]! < h) lo = mid + 1;
    else hi = mid;
  }
  return lo < hashes.length && hashes[lo] === h;
}

/** A 53-bit hash of a text (two 32-bit multiply-xorshift lanes over its UTF-16 units), exact as a double. */
function stemHash(text: string): number {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (2097151 & b) + (a >>> 0);
}

/** A path without its extension: a document's and its attachments' are the same. */
const stemOf = (path: string) => path.replace(/\.[^./]*$/, '');

/** The lines of a file; none when it is not there. */
async function* lines(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  try {
    yield* createInterface({ input: stream, crlfDelay: Infinity });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    stream.destroy();
  }
}

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

/** Writes `data` to `path` (created or emptied) and fsyncs it. */
export async function writeSynced(path: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(path, 'w', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `data` to `tmp`, fsyncs it, renames it to `path` and fsyncs the folder: a reader sees the
 * old file or the whole new one, before and after a crash. `tmp` must be on the same file system.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string, tmp: string): Promise<void> {
  try {
    await writeSynced(tmp, data);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await fsyncPath(dirname(path));
}

export class DurableWriter {
  private readonly knownDirs = new Set<string>();
  private readonly tmpPrefix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private tmpCount = 0;
  private pendingFiles: string[] = [];
  private pendingDirs = new Set<string>();
  private readonly syncfs = new FileSystemSync();
  private readonly thread = new FileWriteThread();
  /** Where the paths of the pull's files are noted before they are created (file-writes.ts). */
  readonly journal: string;
  private closed: Promise<void> | undefined;

  constructor(private readonly tmpDir: string) {
    this.journal = join(dirname(tmpDir), 'new-files');
  }

  /** Creates the temp folder and removes what an interrupted run left in it. */
  async init(): Promise<void> {
    await this.ensureDir(this.tmpDir);
    for (const name of await readdir(this.tmpDir)) await rm(join(this.tmpDir, name), { force: true });
    await this.flush();
  }

  /**
   * Writes each file whole, in order (a new one in place, one that is there replaced atomically);
   * durable after the next flush(). The batch is written on the file-writing thread
   * (file-writes.ts), its paths noted in `journal` first. A failed write throws here, before the
   * caller counts the document; what it left is removed (a full disk leaves part of a file).
   */
  async writeAll(files: FileWrite[]): Promise<void> {
    if (files.length === 0) return;
    // Folders known already are not awaited: the batch is handed to the thread at once.
    for (const f of files) if (!this.knownDirs.has(dirname(f.path))) await this.ensureDir(dirname(f.path));
    await this.thread.write(files, this.journal);
    for (const f of files) {
      this.pendingFiles.push(f.path);
      this.pendingDirs.add(dirname(f.path));
    }
  }

  /** Writes the files on another thread that serves writes on `port` (the catalog's) instead of one of their own; says whether it does. */
  writeThrough(port: MessagePort | undefined): boolean {
    return this.thread.through(port);
  }

  /** writeAll() of one file. */
  async write(path: string, data: Uint8Array | string): Promise<void> {
    await this.writeAll([{ path, data }]);
  }

  /** A file written in place (appended) by someone else, made durable at the next flush(). */
  track(path: string): void {
    this.pendingFiles.push(path);
    this.pendingDirs.add(dirname(path));
  }

  /** Atomically replaces `path` and makes it durable now (checkpoints). */
  async writeNow(path: string, data: Uint8Array | string): Promise<void> {
    await this.ensureDir(dirname(path));
    // Earlier writes (and new folders) become durable first: a checkpoint never gets ahead of them.
    await this.flush();
    await writeFileAtomic(path, data, join(this.tmpDir, `${this.tmpPrefix}-${this.tmpCount++}.tmp`));
  }

  /**
   * Atomically replaces each file and makes them durable now, together: the temp files are
   * fsynced at once, renamed, and each folder is fsynced once (a commit's checkpoints). Each file
   * is the old or the new one after a crash, never a mix within a file.
   */
  async writeAllNow(files: Array<{ path: string; data: string }>): Promise<void> {
    for (const f of files) await this.ensureDir(dirname(f.path));
    await this.flush();
    const tmps = files.map(() => join(this.tmpDir, `${this.tmpPrefix}-${this.tmpCount++}.tmp`));
    const each = [...files.keys()];
    // Off the event loop (a commit runs while the pull fetches and writes: a rename on a busy
    // disk takes milliseconds, a commit's dozen of them held every answer that long).
    try {
      await inParallel(each, SYNC_PARALLELISM, (i) => writeSynced(tmps[i]!, files[i]!.data));
      await inParallel(each, SYNC_PARALLELISM, (i) => rename(tmps[i]!, files[i]!.path));
    } catch (error) {
      for (const t of tmps) await rm(t, { force: true });
      throw error;
    }
    await inParallel([...new Set(files.map((f) => dirname(f.path)))], SYNC_PARALLELISM, fsyncPath);
  }

  /** Makes every write since the last flush durable. */
  async flush(): Promise<void> {
    const files = this.pendingFiles;
    const dirs = [...this.pendingDirs];
    this.pendingFiles = [];
    this.pendingDirs = new Set();
    if (files.length + dirs.length === 0) return;
    if (files.length > SYNC_PARALLELISM && (await this.syncfs.sync(this.tmpDir))) return;
    await inParallel(files, SYNC_PARALLELISM, fsyncPath);
    await inParallel(dirs, SYNC_PARALLELISM, fsyncPath);
  }

  /**
   * Ends the `sync -f` shell and the file-writing thread; forgets the new files once none is half
   * written. Once: a second close waits for the first.
   */
  close(): Promise<void> {
    this.closed ??= this.closeNow();
    return this.closed;
  }

  private async closeNow(): Promise<void> {
    this.syncfs.close();
    const whole = this.thread.idle;
    await this.thread.close();
    if (whole) await rm(this.journal, { force: true });
  }

  /** mkdir -p whose new folders are themselves recorded durably in their parents. */
  async ensureDir(dir: string): Promise<void> {
    if (this.knownDirs.has(dir)) return;
    const first = await mkdir(dir, { recursive: true });
    if (first) {
      // Each new folder's entry lives in its parent: those parents are synced at the next flush.
      // dirname('.') is '.': a one-letter relative folder (`--dir d`) must not loop for ever.
      for (let d = dir; d.length >= first.length && dirname(d) !== d; d = dirname(d)) this.pendingDirs.add(dirname(d));
    }
    this.knownDirs.add(dir);
  }
}
