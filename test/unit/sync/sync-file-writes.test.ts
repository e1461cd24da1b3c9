// A page's files as the file-writing thread gets them (one buffer handed over, the files' bytes
// one after the other) and as it writes them: in order, each renamed into place whole, a failure
// naming its path with its temp file gone. The thread itself runs in the built CLI (the e2e pulls,
// and test/e2e/local-files.test.ts for its errors).
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import {
  failureOf,
  FileWriteThread,
  jobBuffers,
  packed,
  serveWrites,
  unpacked,
  writeFilesNow,
  type FileWrite,
} from '../../../src/sync/file-writes.js';
import { sweepNewFiles } from '../../../src/sync/durable.js';
import { tempDir } from '../../helpers/tree.js';

describe('file writes of a page', () => {
  it('packs views of larger buffers and strings into one buffer of their bytes alone, and unpacks them', () => {
    const answer = Buffer.from('<a/>..<b>x</b>..<c/>');
    const files = [
      { path: '/f/a.xml', data: answer.subarray(0, 4) },
      { path: '/f/b.xml', data: answer.subarray(6, 14) },
      { path: '/f/c.txt', data: 'ção' },
      { path: '/f/empty.xml', data: new Uint8Array(0) },
    ];
    const job = packed(7, files);
    expect(job.id).toBe(7);
    // Only the files' bytes travel, not the answer they are views of.
    expect(job.bytes.buffer.byteLength).toBe(4 + 8 + Buffer.byteLength('ção'));
    const back = unpacked(job).map((f) => ({ path: f.path, text: Buffer.from(f.data).toString('utf8') }));
    expect(back).toEqual([
      { path: '/f/a.xml', text: '<a/>' },
      { path: '/f/b.xml', text: '<b>x</b>' },
      { path: '/f/c.txt', text: 'ção' },
      { path: '/f/empty.xml', text: '' },
    ]);
  });

  it('writes in order (the same file twice: the last bytes win) and leaves no temp file', () => {
    const dir = tempDir();
    writeFilesNow([
      { path: join(dir, 'a.xml'), data: 'first' },
      { path: join(dir, 'b.xml'), data: Buffer.from('b') },
      { path: join(dir, 'a.xml'), data: 'second' },
    ]);
    expect(readFileSync(join(dir, 'a.xml'), 'utf8')).toBe('second');
    expect(readdirSync(dir).sort()).toEqual(['a.xml', 'b.xml']);
  });

  it('a failure throws with its code and path, the files before it written, its temp file removed', () => {
    const dir = tempDir();
    // A folder where the file is to go: the rename fails, after the temp file was written.
    mkdirSync(join(dir, 'taken.xml'));
    let error: unknown;
    try {
      writeFilesNow([
        { path: join(dir, 'before.xml'), data: 'ok' },
        { path: join(dir, 'taken.xml'), data: 'no' },
        { path: join(dir, 'after.xml'), data: 'never' },
      ]);
    } catch (e) {
      error = e;
    }
    const failure = failureOf(error);
    expect(failure.code).toBe('EISDIR');
    expect(failure.path).toContain('taken.xml');
    expect(failure.syscall).toBe('rename');
    expect(readFileSync(join(dir, 'before.xml'), 'utf8')).toBe('ok');
    expect(existsSync(join(dir, 'after.xml'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['before.xml', 'taken.xml']);
  });

  it('creates a new file under its own name, its path noted first; replaces one that is there whole, through a temp file', () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.fiscal'));
    mkdirSync(join(dir, 'm'));
    const journal = join(dir, '.fiscal', 'new-files');
    writeFilesNow([{ path: join(dir, 'm', 'a.xml'), data: 'first' }], journal);
    expect(readFileSync(join(dir, 'm', 'a.xml'), 'utf8')).toBe('first');
    // A reader holding the file (a link to it here) keeps its whole bytes: it is never emptied in place.
    linkSync(join(dir, 'm', 'a.xml'), join(dir, 'held'));
    const before = statSync(join(dir, 'm', 'a.xml')).ino;
    writeFilesNow([{ path: join(dir, 'm', 'a.xml'), data: 'second' }], journal);
    expect(readFileSync(join(dir, 'm', 'a.xml'), 'utf8')).toBe('second');
    expect(statSync(join(dir, 'm', 'a.xml')).ino).not.toBe(before);
    expect(readFileSync(join(dir, 'held'), 'utf8')).toBe('first');
    expect(readdirSync(join(dir, 'm'))).toEqual(['a.xml']);
    // Noted before it is created, relative to the folder: a failed one is there too.
    const failed = (() => {
      try {
        writeFilesNow([{ path: join(dir, 'gone', 'b.xml'), data: 'b' }], journal);
      } catch (error) {
        return failureOf(error);
      }
    })();
    expect(failed).toMatchObject({ code: 'ENOENT', syscall: 'open' });
    expect(readFileSync(journal, 'utf8')).toBe('m/a.xml\nm/a.xml\ngone/b.xml\n');
  });

  it("after a run that died, removes the files it created that no index line names, its documents' attachments kept", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.fiscal'));
    mkdirSync(join(dir, 'm'));
    const names = ['kept.xml', 'kept.pdf', 'event-110111-1.xml', 'half.xml', 'half.pdf', 'mine.xml'];
    for (const name of names) writeFileSync(join(dir, 'm', name), 'x');
    const index = join(dir, 'index.ndjson');
    writeFileSync(
      index,
      ['kept.xml', 'event-110111-1.xml']
        .map((n) => `${JSON.stringify({ key: 'k', path: `m/${n}`, sha256: 's' })}\n`)
        .join(''),
    );
    const journal = join(dir, '.fiscal', 'new-files');
    // `never.xml` was noted and never created (the run died first); `mine.xml` is not the run's.
    const noted = ['kept.xml', 'kept.pdf', 'event-110111-1.xml', 'half.xml', 'half.pdf', 'never.xml'];
    writeFileSync(journal, noted.map((n) => `m/${n}\n`).join(''));
    expect(await sweepNewFiles(dir, journal, index)).toBe(2);
    expect(readdirSync(join(dir, 'm')).sort()).toEqual(['event-110111-1.xml', 'kept.pdf', 'kept.xml', 'mine.xml']);
    expect(existsSync(journal)).toBe(false);
  });

  it('sweeps a long journal against a long index in one pass: exactly the uncommitted files go, whatever their place', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.fiscal'));
    const folders = ['2026-01', '2026-02', '2026-03'];
    for (const f of folders) mkdirSync(join(dir, f));
    const n = 30_000;
    const path = (i: number) => `${folders[i % 3]}/3526${String(i).padStart(40, '0')}.xml`;
    // Uncommitted: spread through the journal (windows interleave), one of them listed twice.
    const uncommitted = new Set([7, 12_345, 20_001, 29_999]);
    const committed: string[] = [];
    for (let i = 0; i < n; i++) if (!uncommitted.has(i)) committed.push(path(i));
    for (const i of uncommitted) writeFileSync(join(dir, path(i)), 'x');
    for (const p of committed.slice(0, 50)) writeFileSync(join(dir, p), 'x');
    const index = join(dir, 'index.ndjson');
    writeFileSync(index, committed.map((p) => `${JSON.stringify({ key: 'k', path: p, sha256: 's' })}\n`).join(''));
    const journal = join(dir, '.fiscal', 'new-files');
    const noted = Array.from({ length: n }, (_, i) => path(i));
    writeFileSync(journal, [...noted, path(12_345)].map((p) => `${p}\n`).join(''));
    expect(await sweepNewFiles(dir, journal, index)).toBe(uncommitted.size);
    for (const i of uncommitted) expect(existsSync(join(dir, path(i)))).toBe(false);
    for (const p of committed.slice(0, 50)) expect(existsSync(join(dir, p))).toBe(true);
  });

  it("writes through another thread's port (the catalog's): the staged files handed to it with their bytes, a failure as its own thread's", async () => {
    const dir = tempDir();
    const { port1, port2 } = new MessageChannel();
    const served: FileWrite[][] = [];
    serveWrites(port2, (_job, files) => {
      served.push(files);
      // Kept, as the catalog keeps the staged files' bytes: the buffer stays here.
      return true;
    });
    const thread = new FileWriteThread();
    expect(thread.through(port1)).toBe(true);
    try {
      await thread.write([
        { path: join(dir, 'doc.xml'), data: Buffer.from('<nfe/>'), staged: [3, 'nfe', false] },
        { path: join(dir, 'doc.pdf'), data: 'pdf' },
      ]);
      expect(readFileSync(join(dir, 'doc.xml'), 'utf8')).toBe('<nfe/>');
      expect(readFileSync(join(dir, 'doc.pdf'), 'utf8')).toBe('pdf');
      // The thread keeps what the catalog reads at the commit: the document's id and bytes, not the PDF's.
      const kept = served[0]!.filter((f) => f.staged);
      expect(kept.map((f) => [f.staged, Buffer.from(f.data).toString()])).toEqual([[[3, 'nfe', false], '<nfe/>']]);
      mkdirSync(join(dir, 'taken.xml'));
      const failed = await thread.write([{ path: join(dir, 'taken.xml'), data: 'no' }]).catch((e: unknown) => e);
      expect(failureOf(failed).code).toBe('EISDIR');
      expect(served).toHaveLength(1);
      // Writes already begun on one thread stay there: a second port is closed, not taken.
      const other = new MessageChannel();
      expect(thread.through(other.port1)).toBe(false);
      other.port2.close();
    } finally {
      await thread.close();
      port2.close();
    }
  });

  it('reuses a page-sized buffer given back, sized in steps, and keeps no small ones nor more than two', () => {
    const buffers = jobBuffers();
    const KB = 1024;
    expect(buffers.take(100).byteLength).toBe(100);
    const page = buffers.take(300 * KB);
    expect(page.byteLength).toBe(512 * KB);
    buffers.give(page);
    // The next page, a little larger, fits in the same buffer.
    expect(buffers.take(400 * KB)).toBe(page);
    expect(buffers.take(400 * KB)).not.toBe(page);
    buffers.give(new ArrayBuffer(100));
    expect(buffers.take(50).byteLength).toBe(50);
    const given = [1, 2, 3].map(() => new ArrayBuffer(256 * KB));
    for (const b of given) buffers.give(b);
    const taken = [1, 2, 3].map(() => buffers.take(256 * KB));
    expect(taken.filter((b) => given.includes(b))).toHaveLength(2);
    // The one not kept was let go: detached, it reads nothing.
    expect(given.filter((b) => b.byteLength === 0)).toHaveLength(1);
  });

  it("gives a page's buffer back to its writer with the answer, or once the catalog is done with it, and the next page is packed into it", async () => {
    const dir = tempDir();
    const { port1, port2 } = new MessageChannel();
    // What each page's buffer held when served (it travels back to the writer afterwards).
    const jobs: Buffer[] = [];
    const giveBacks: Array<() => void> = [];
    // The first page is kept (as the catalog keeps its staged files' bytes), the others are not.
    serveWrites(port2, (job, _files, giveBack) => {
      jobs.push(Buffer.from(job.bytes.buffer.slice(0)));
      giveBacks.push(giveBack);
      return jobs.length === 1;
    });
    const thread = new FileWriteThread();
    thread.through(port1);
    let staged = 0;
    const page = (name: string, fill: string, kb: number): FileWrite[] => [
      { path: join(dir, name), data: Buffer.alloc(kb * 1024, fill), staged: [staged++, 'nfe', false] },
    ];
    try {
      await thread.write(page('a.xml', 'a', 300));
      // Kept: not back yet, so the next page gets a buffer of its own.
      await thread.write(page('b.xml', 'b', 280));
      // The second page's buffer came back with its answer: the third is packed into it, over its bytes.
      await thread.write(page('c.xml', 'c', 260));
      expect(jobs[2]!.byteLength).toBe(512 * 1024);
      expect(jobs[2]!.toString('latin1', 260 * 1024, 280 * 1024)).toBe('b'.repeat(20 * 1024));
      // The first page's buffer, given back once read (the message comes before the fourth
      // page's answer, which brings the third's buffer back again): the fifth page takes it.
      giveBacks[0]!();
      await thread.write(page('d.xml', 'd', 290));
      await thread.write(page('e.xml', 'e', 295));
      expect(jobs[4]!.toString('latin1', 295 * 1024, 300 * 1024)).toBe('a'.repeat(5 * 1024));
      expect(readFileSync(join(dir, 'e.xml'), 'latin1')).toBe('e'.repeat(295 * 1024));
    } finally {
      await thread.close();
      port2.close();
    }
  });
});
