// The pull's state files: index.ndjson, checkpoints, the lock.
import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { LockedError, UsageError } from '../../../src/errors.js';
import { canonicalJson, CheckpointStore, CorruptCheckpointError } from '../../../src/sync/checkpoint.js';
import { DurableWriter } from '../../../src/sync/durable.js';
import { IndexFile, type IndexEntry } from '../../../src/sync/index-file.js';
import { acquireLock } from '../../../src/sync/lock.js';
import { realClock } from '../../../src/runtime.js';
import { tempDir } from '../../helpers/tree.js';

const entry = (key: string, role = 'received'): IndexEntry => ({
  key,
  type: 'nfe',
  role,
  owner: '11222333000181',
  path: `${key}.xml`,
  sha256: 'x',
  bytes: 1,
  status: null,
  created_at: null,
});

const STREAM = { account: 'id', baseUrl: 'http://h', type: 'nfe', role: 'received', owner: '' };

/** A v1 checkpoint of `stream` at cursor 42, three documents in. */
function checkpointOf(stream: typeof STREAM) {
  return {
    version: 1 as const,
    stream,
    filters: '{}',
    endpoint: 'v1' as const,
    cursor: 42,
    paginator: null,
    createdHighWater: null,
    indexLength: 10,
    documents: 3,
    pages: 1,
  };
}

describe('index.ndjson', () => {
  it('never writes a duplicate line, within a batch or across batches and reopenings', async () => {
    const dir = tempDir();
    const index = new IndexFile(join(dir, 'index.ndjson'));
    await index.open(0);
    const length = await index.append([entry('a'), entry('b'), entry('a')]);
    await index.append([entry('b'), entry('c'), entry('a', 'authorized')]);
    await index.close();
    const again = new IndexFile(join(dir, 'index.ndjson'));
    await again.open((await import('node:fs')).statSync(join(dir, 'index.ndjson')).size);
    await again.append([entry('c'), entry('d')]);
    await again.close();
    const lines = readFileSync(join(dir, 'index.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).key + '/' + JSON.parse(l).role);
    expect(lines).toEqual(['a/received', 'b/received', 'c/received', 'a/authorized', 'd/received']);
    expect(length).toBe(
      Buffer.byteLength(readFileSync(join(dir, 'index.ndjson'), 'utf8').split('\n').slice(0, 2).join('\n') + '\n'),
    );
  });

  it('is cut back to the committed length: lines of an uncommitted page disappear', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    const index = new IndexFile(path);
    await index.open(0);
    const committed = await index.append([entry('a')]);
    await index.append([entry('b')]);
    await index.close();
    writeFileSync(path, readFileSync(path, 'utf8') + '{"key":"half');
    const reopened = new IndexFile(path);
    const { dropped } = await reopened.open(committed);
    expect(dropped).toBeGreaterThan(0);
    expect(reopened.has({ key: 'b', role: 'received', owner: '11222333000181' })).toBe(false);
    expect(reopened.has({ key: 'a', role: 'received', owner: '11222333000181' })).toBe(true);
    await reopened.close();
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('with --restart keeps every complete line and drops only a torn last one', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    writeFileSync(path, `${JSON.stringify(entry('a'))}\n${JSON.stringify(entry('b'))}\n{"key":"to`);
    const index = new IndexFile(path);
    await index.open(0, true);
    expect(index.has({ key: 'b', role: 'received', owner: '11222333000181' })).toBe(true);
    await index.close();
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
  });

  it('an index shorter than its checkpoints say is an error naming it, not a silent restart', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'index.ndjson'), 'x\n');
    await expect(new IndexFile(join(dir, 'index.ndjson')).open(100)).rejects.toThrow(UsageError);
    await expect(new IndexFile(join(dir, 'index.ndjson')).open(100)).rejects.toThrow(/index\.ndjson is shorter/);
  });
});

describe('checkpoints', () => {
  it('round-trip, with canonical filters whatever the key order', async () => {
    const dir = tempDir();
    const writer = new DurableWriter(join(dir, 'tmp'));
    await writer.init();
    const store = new CheckpointStore(dir, writer);
    expect(canonicalJson({ b: [2, { d: 1, c: undefined, a: 'x' }], a: 1 })).toBe('{"a":1,"b":[2,{"a":"x","d":1}]}');
    const key = STREAM;
    const cp = checkpointOf(key);
    await store.save(cp);
    expect(await store.load(key)).toEqual(cp);
    expect(await store.load({ ...key, role: 'emitted' })).toBeUndefined();
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  it('a checkpoint saved again with the same bytes is not rewritten (a run that found nothing syncs nothing)', async () => {
    const dir = tempDir();
    const writer = new DurableWriter(join(dir, 'tmp'));
    await writer.init();
    const key = STREAM;
    const cp = checkpointOf(key);
    await new CheckpointStore(dir, writer).save(cp);
    const store = new CheckpointStore(dir, writer);
    const saved = statSync(store.pathOf(key)).ino;
    await store.load(key);
    await store.saveAll([cp]);
    // A rewrite is a new file renamed into place: a new inode.
    expect(statSync(store.pathOf(key)).ino).toBe(saved);
    await store.saveAll([{ ...cp, cursor: 43 }]);
    expect(statSync(store.pathOf(key)).ino).not.toBe(saved);
    expect((await store.load(key))?.cursor).toBe(43);
  });

  it.each([['{"version":1,"str'], ['{"version":2}'], ['[]'], ['']])(
    'a corrupt checkpoint %j is reported with its path',
    async (text) => {
      const dir = tempDir();
      const store = new CheckpointStore(dir, new DurableWriter(join(dir, 'tmp')));
      const key = { account: 'id', baseUrl: 'http://h', type: 'nfe', role: 'received', owner: '' };
      mkdirSync(store.dir, { recursive: true });
      writeFileSync(store.pathOf(key), text);
      await expect(store.load(key)).rejects.toThrow(CorruptCheckpointError);
      await expect(store.load(key)).rejects.toThrow(store.pathOf(key));
      expect(await store.all({ skipCorrupt: true })).toEqual([]);
    },
  );
});

describe('lock', () => {
  const opts = { waitSeconds: 0, clock: realClock, warn: () => undefined };

  it('is exclusive while held and free once released', async () => {
    const dir = tempDir();
    const held = await acquireLock(dir, opts);
    expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(acquireLock(dir, opts)).rejects.toThrow(LockedError);
    // It names the flag that waits, as the pull spells it today.
    const locked = (await acquireLock(dir, opts).catch((e: unknown) => e)) as LockedError;
    expect(locked.details).toContain('use --lock-wait <seconds> to wait for it');
    await held.release();
    expect(existsSync(join(dir, 'lock'))).toBe(false);
    const again = await acquireLock(dir, opts);
    await again.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over the lock of a process that is gone, and says so', async () => {
    const dir = tempDir();
    const gone = await execa(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dir, 'lock'), JSON.stringify({ pid: Number(gone.stdout), host: hostname(), startedAt: 'then' }));
    const warnings: string[] = [];
    const held = await acquireLock(dir, { ...opts, warn: (m) => warnings.push(m) });
    expect(warnings[0]).toMatch(/took over a stale lock of pid \d+/);
    await held.release();
  });

  it('removes the temp lock files of runs killed while taking the lock', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'lock.0123456789ab'), '');
    writeFileSync(join(dir, 'lock.stale-abcdef012345'), '{}');
    const held = await acquireLock(dir, opts);
    expect(readdirSync(dir).sort()).toEqual(['lock']);
    await held.release();
  });

  it('leaves the lock of another host alone: it cannot tell whether that run is alive', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'lock'), JSON.stringify({ pid: 1, host: 'elsewhere', startedAt: 'then' }));
    const err = (await acquireLock(dir, opts).catch((e: unknown) => e)) as LockedError;
    expect(err.message).toMatch(/pid 1 on elsewhere/);
    // Waiting alone would not help if that run died there: how to clear it is said.
    expect(err.details).toContain(
      'that run is on elsewhere, which this machine cannot see: if it has stopped there, remove the lock file and run again',
    );
  });

  it('a live run holds it: exit 8 advising --lock-wait (the flag), never --wait', async () => {
    const dir = tempDir();
    const held = await acquireLock(dir, opts);
    const err = await acquireLock(dir, opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockedError);
    expect((err as LockedError).details[0]).toBe('use --lock-wait <seconds> to wait for it');
    await held.release();
  });

  it.each([
    [
      'empty',
      (): string => '',
      /took over a stale lock of a lock file that is empty: locks are written whole, so no run ever held this one/,
    ],
    ['garbage', (): string => '\u0000\u00ff{not json', /a lock file that is not a lock: locks are written whole/],
    ['a folder', undefined, /a folder where the lock file should be: locks are written whole/],
  ] as const)('a lock that is %s was never a run: taken over, saying so', async (_what, content, said) => {
    const dir = tempDir();
    if (content) writeFileSync(join(dir, 'lock'), content());
    else mkdirSync(join(dir, 'lock', 'inside'), { recursive: true });
    const warnings: string[] = [];
    const held = await acquireLock(dir, { ...opts, warn: (m) => warnings.push(m) });
    expect(held.tookOver).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(said);
    expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    await held.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a pid reused by a live process that is no fiscal run of this folder: taken over, saying so', async () => {
    const other = execa('sleep', ['30']);
    try {
      const pid = other.pid!;
      for (const lock of [
        // Written by fiscal: the process start recorded differs from the live one's.
        { pid, host: hostname(), startedAt: 'then', procStart: '1' },
        // Without a recorded start: the live process is no fiscal run.
        { pid, host: hostname(), startedAt: 'then' },
      ]) {
        const dir = tempDir();
        writeFileSync(join(dir, 'lock'), JSON.stringify(lock));
        const warnings: string[] = [];
        const held = await acquireLock(dir, { ...opts, warn: (m) => warnings.push(m) });
        expect(warnings[0]).toMatch(
          new RegExp(`took over a stale lock of pid ${pid} .*: pid ${pid} is now another process`),
        );
        await held.release();
      }
    } finally {
      other.kill();
      await other.catch(() => undefined);
    }
  });
});
