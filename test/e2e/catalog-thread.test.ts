// The pull's catalog thread (the built dist/facts-worker.js, driven as src/catalog/staging.ts
// drives it): it keeps each staged file's bytes in its batch's buffer until the commit that reads
// them, and hands each buffer back once its files were read. A file staged and never committed
// (a document the pull met again, left out of the index) does not keep its buffer: it is copied
// out after two commits, and read right if it is committed later. Spawned from the build: run
// `npm run build` first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../src/emulator/data/dataset.js';
import { tempDir } from '../helpers/tree.js';

const workerFile = fileURLToPath(new URL('../../dist/facts-worker.js', import.meta.url));
const notes = generateDataset({ seed: 3, docs: 12, otherDocs: 0, now: new Date('2026-06-15T12:00:00-03:00') }).nfes;

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
  worker = undefined;
});

/** The thread, with the buffers it handed back and a way to ask it to commit. */
function start(path: string) {
  const w = (worker = new Worker(workerFile));
  const freed: Uint8Array[] = [];
  const replies = new Map<number, (m: { error?: string }) => void>();
  w.on('message', (m: { free?: Uint8Array; seq?: number; error?: string }) => {
    if (m.free) freed.push(m.free);
    else replies.get(m.seq!)?.(m);
  });
  w.postMessage({ do: 'open', path });
  let seq = 0;
  let indexBytes = 0;
  /** One batch of the files with these ids, in one buffer (transferred, as the pull's). */
  const stage = (ids: number[]) => {
    const parts = ids.map((id) => Buffer.from(nfeXml(notes[id]!)));
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0) + 100);
    let at = 0;
    const files = ids.map((id, k) => {
      bytes.set(parts[k]!, at);
      return [id, 'nfe', false, at, (at += parts[k]!.length)];
    });
    const size = bytes.length;
    w.postMessage({ do: 'stage', files, bytes }, [bytes.buffer]);
    return size;
  };
  /** The rows of these lines inserted in the transaction the next commit ends, as the pull adds a page's. */
  const add = (ids: number[], line = lineOf) =>
    w.postMessage({ do: 'add', lines: ids.map((id) => ({ ...line(id), staged: id })) });
  /** Answered once every message before it was handled (an encode of nothing). */
  const handled = () => ask({ do: 'encode', lines: [] });
  const close = () => ask({ do: 'close' });
  const ask = (m: object) =>
    new Promise<{ error?: string }>((resolve) => {
      const s = seq++;
      replies.set(s, resolve);
      w.postMessage({ ...m, seq: s });
    });
  const commit = (ids: number[]) =>
    new Promise<{ error?: string }>((resolve) => {
      const s = seq++;
      replies.set(s, resolve);
      const lines = ids.map((id) => ({ ...lineOf(id), staged: id }));
      indexBytes += 10;
      w.postMessage({
        do: 'commit',
        seq: s,
        lines,
        records: [],
        coverage: { indexBytes, indexTail: String(indexBytes), journalBytes: 0, journalTail: '' },
      });
    });
  /** The pull's last page is written (CatalogThread.ending): what was left for the end is built now. */
  const ending = () => w.postMessage({ do: 'ending' });
  return { stage, add, handled, close, commit, ending, freed };
}

function lineOf(id: number) {
  const n = notes[id]!;
  return {
    key: n.accessKey,
    type: 'nfe',
    role: 'received',
    owner: '00000000000191',
    path: `${n.accessKey}.xml`,
    sha256: 'x',
    bytes: 1,
    status: 'authorized',
    created_at: null,
  };
}

const numbers = (path: string) =>
  new Database(path, { readonly: true })
    .prepare('SELECT key, number, item_count FROM documents ORDER BY key')
    .all() as { key: string; number: string | null; item_count: number }[];

describe.runIf(existsSync(workerFile))("the pull's catalog thread", () => {
  it('reads each file at its commit and hands its buffer back; a file never committed is copied out after two commits', async () => {
    const db = join(tempDir('fiscal-catalog-thread-'), 'catalog.sqlite');
    const t = start(db);
    const a = t.stage([0, 1, 2, 3]);
    const b = t.stage([4, 5]);
    // 3 and 5 are left out of this commit: neither buffer can go back yet.
    expect(await t.commit([0, 1, 2, 4])).toEqual({ seq: 0 });
    expect(t.freed).toHaveLength(0);
    expect(await t.commit([])).toEqual({ seq: 1 });
    expect(t.freed).toHaveLength(0);
    // Two commits later the files left are copied out, and both buffers come back whole.
    expect(await t.commit([])).toEqual({ seq: 2 });
    await expect.poll(() => t.freed.length).toBe(2);
    expect(t.freed.map((f) => f.length).sort()).toEqual([a, b].sort());
    // A file copied out is read as it would have been from its buffer; one never staged has no facts.
    const c = t.stage([6, 7]);
    expect(await t.commit([3, 6, 7])).toEqual({ seq: 3 });
    await expect.poll(() => t.freed.length).toBe(3);
    expect(t.freed[2]!.length).toBe(c);
    const rows = numbers(db);
    expect(rows.map((r) => r.key).sort()).toEqual([0, 1, 2, 3, 4, 6, 7].map((id) => notes[id]!.accessKey).sort());
    for (const r of rows) {
      const note = notes.find((n) => n.accessKey === r.key)!;
      expect(r.number).toBe(String(Number(note.accessKey.slice(25, 34))));
      expect(r.item_count).toBeGreaterThan(0);
    }
  });

  it('inserts the lines added as their pages are written in the transaction their commit ends: nothing is seen or kept without it', async () => {
    const db = join(tempDir('fiscal-catalog-thread-'), 'catalog.sqlite');
    const t = start(db);
    t.stage([0, 1, 2, 3, 4]);
    t.add([0, 1]);
    await t.handled();
    // Inserted, not committed: another connection (a report during the pull) sees none of it.
    expect(numbers(db)).toEqual([]);
    // The commit ends the transaction with what was added and the lines it brings itself.
    expect(await t.commit([2])).toEqual({ seq: 1 });
    expect(numbers(db).map((r) => r.key)).toEqual([0, 1, 2].map((id) => notes[id]!.accessKey).sort());
    // A pull that stops before the next commit: the rows added since the last are never committed.
    t.add([3, 4]);
    expect(await t.close()).toEqual({ seq: 2 });
    expect(numbers(db)).toHaveLength(3);
    const covered = new Database(db, { readonly: true }).prepare("SELECT value FROM meta WHERE name = 'index_bytes'");
    expect(covered.get()).toEqual({ value: '10' });
  });

  it("a first pull's catalog gets the report's index at the close, once; one holding documents keeps it throughout", async () => {
    const db = join(tempDir('fiscal-catalog-thread-'), 'catalog.sqlite');
    const indexes = () =>
      new Database(db, { readonly: true })
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
        .all();
    const items = () =>
      new Database(db, { readonly: true }).prepare('SELECT key, number FROM items ORDER BY key, number').all() as {
        key: string;
        number: number;
      }[];
    let t = start(db);
    t.stage([0, 1, 2]);
    expect(await t.commit([0, 1])).toEqual({ seq: 0 });
    expect(indexes()).toEqual([]);
    expect(await t.close()).toEqual({ seq: 1 });
    expect(indexes()).toEqual([{ name: 'documents_report' }]);
    // Each document's items, numbered from 1, as many as its row says (one statement a document).
    const counted = numbers(db);
    expect(items()).toEqual(
      counted.flatMap((r) => Array.from({ length: r.item_count }, (_, i) => ({ key: r.key, number: i + 1 }))),
    );
    await worker!.terminate();
    t = start(db);
    t.stage([2]);
    expect(await t.commit([2])).toEqual({ seq: 0 });
    expect(indexes()).toEqual([{ name: 'documents_report' }]);
    expect(await t.close()).toEqual({ seq: 1 });
    expect(numbers(db)).toHaveLength(3);
  });

  it("a first pull's last lines in, the report's index is built in the transaction its last commit ends; a pull stopped before it gets it at the close", async () => {
    const dir = tempDir('fiscal-catalog-thread-');
    const indexes = (db: string) =>
      new Database(db, { readonly: true })
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
        .all();
    const db = join(dir, 'catalog.sqlite');
    let t = start(db);
    t.stage([0, 1, 2]);
    t.add([0, 1]);
    t.ending();
    await t.handled();
    // Built, not committed: another connection sees neither the rows nor the index yet.
    expect(indexes(db)).toEqual([]);
    expect(numbers(db)).toEqual([]);
    // The last commit's line goes in with the index there; the commit brings both.
    expect(await t.commit([2])).toEqual({ seq: 1 });
    expect(indexes(db)).toEqual([{ name: 'documents_report' }]);
    expect(numbers(db)).toHaveLength(3);
    // Closed once after the last commit, and again as the thread ends: the second does nothing.
    expect(await t.close()).toEqual({ seq: 2 });
    expect(await t.close()).toEqual({ seq: 3 });
    expect(indexes(db)).toEqual([{ name: 'documents_report' }]);
    await worker!.terminate();

    const stopped = join(dir, 'stopped.sqlite');
    t = start(stopped);
    t.stage([0, 1]);
    expect(await t.commit([0])).toEqual({ seq: 0 });
    t.add([1]);
    t.ending();
    // No commit: the transaction (its row and the index built in it) rolls back, and the close builds the index.
    expect(await t.close()).toEqual({ seq: 1 });
    expect(indexes(stopped)).toEqual([{ name: 'documents_report' }]);
    expect(numbers(stopped).map((r) => r.key)).toEqual([notes[0]!.accessKey]);
  });

  it('a transaction that failed on lines added fails its commit and every later one, nothing of it kept', async () => {
    const db = join(tempDir('fiscal-catalog-thread-'), 'catalog.sqlite');
    const t = start(db);
    t.stage([0, 1, 2]);
    expect(await t.commit([0])).toEqual({ seq: 0 });
    // A line the catalog cannot take (no key: the documents' primary key refuses it).
    t.add([1, 2], (id) => ({ ...lineOf(id), key: null as unknown as string }));
    expect((await t.commit([])).error).toBeTruthy();
    // A later commit would bring the coverage past the lines lost: it fails alike.
    expect((await t.commit([])).error).toBeTruthy();
    expect(numbers(db).map((r) => r.key)).toEqual([notes[0]!.accessKey]);
  });
});
