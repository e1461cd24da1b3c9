// The key store beside the checkpoints: what a pull knows of earlier runs, without reading
// index.ndjson back whole.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IndexFile, type IndexEntry } from '../../../src/sync/index-file.js';
import { KeyStore, shardOf } from '../../../src/sync/key-store.js';
import { documentsIn } from '../../../src/sync/key-state.js';
import { tempDir } from '../../helpers/tree.js';

/** A 44-digit access key of year-month `aamm` with a serial number. */
const key = (aamm: string, n: number) => `35${aamm}${String(n).padStart(38, '0')}`;
const entry = (k: string, role = 'received', extra: Partial<IndexEntry> = {}): IndexEntry => ({
  key: k,
  type: 'nfe',
  role,
  owner: '11222333000181',
  path: `${k}.xml`,
  sha256: 'x',
  bytes: 1,
  status: 'authorized',
  created_at: null,
  ...extra,
});

describe('key store', () => {
  it('names shards by the year and month of the access key, so one month of a listing touches few of them', () => {
    const june = new Set(Array.from({ length: 500 }, (_, i) => shardOf(key('2606', i))));
    expect(june.size).toBeLessThanOrEqual(16);
    for (const s of june) expect(s).toMatch(/^2606-[0-9a-f]$/);
    expect(shardOf('11222333000181:2026-05-02:77')).toMatch(/^2605-[0-9a-f]$/);
  });

  it('answers for every record written, more than its cache holds, across reopenings', async () => {
    const dir = tempDir();
    const store = new KeyStore(join(dir, 'keys'));
    await store.open(join(dir, 'none.ndjson'), 0);
    const months = ['2501', '2502', '2503', '2504', '2505', '2506', '2507', '2508'];
    const records = months.flatMap((m) =>
      Array.from({ length: 10_000 }, (_, i) => ({
        key: key(m, i),
        type: 'nfe',
        role: 'received',
        owner: 'o',
        path: `${m}/${i}.xml`,
        status: 'authorized',
      })),
    );
    store.publish(records, 0);
    for (const r of records.filter((_, i) => i % 97 === 0)) expect(store.has(r)).toBe(true);
    expect(store.has({ key: key('2503', 10_001), role: 'received', owner: 'o' })).toBe(false);
    expect(store.has({ key: key('2503', 5), role: 'emitted', owner: 'o' })).toBe(false);
    const again = new KeyStore(join(dir, 'keys'));
    await again.open(join(dir, 'none.ndjson'), 0);
    // A store that covers more than the index is rebuilt from it (here: from nothing).
    expect(again.has(records[0]!)).toBe(false);
  });

  it('gives the copies of a document with the status after its events', async () => {
    const dir = tempDir();
    const index = new IndexFile(join(dir, 'index.ndjson'));
    await index.open(0);
    const k = key('2606', 1);
    await index.append([
      entry(k),
      entry(k, 'emitted'),
      entry(k, 'received', { event: '110111', seq: 1, status: 'canceled', path: 'ev.xml' }),
    ]);
    index.publish();
    expect(index.placementsOf(k).map((p) => [p.role, p.status])).toEqual([
      ['received', 'canceled'],
      ['emitted', 'authorized'],
    ]);
    expect(index.has({ key: k, role: 'received', owner: '11222333000181', event: '110111', seq: 1 })).toBe(true);
    expect(index.has({ key: k, role: 'received', owner: '11222333000181', event: '110111', seq: 2 })).toBe(false);
    await index.close();
  });

  it('a run over a folder it already covers learns nothing from index.ndjson: the key store answers', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    const index = new IndexFile(path);
    await index.open(0);
    const length = await index.append([entry(key('2606', 1)), entry(key('2606', 2))]);
    index.publish();
    await index.close();
    // Other keys in the index, its lines still readable and its length the same: a store that
    // learned from the index would no longer know the old ones. (Unreadable lines are told: see
    // test/e2e/folder-repair.test.ts.)
    writeFileSync(path, readFileSync(path, 'utf8').replace(/"key":"35/g, '"key":"53'));
    const reopened = new IndexFile(path);
    await reopened.open(length);
    expect(reopened.has({ key: key('2606', 2), role: 'received', owner: '11222333000181' })).toBe(true);
    await reopened.close();
  });

  it('catches up from the index after a run killed between its checkpoints and its key-store writes', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    const index = new IndexFile(path);
    await index.open(0);
    await index.append([entry(key('2606', 1))]);
    index.publish();
    // The second group's lines are committed, but the store never learned them.
    const length = await index.append([entry(key('2606', 2)), entry(key('2607', 3))]);
    await index.close();
    const reopened = new IndexFile(path);
    await reopened.open(length);
    expect(reopened.has({ key: key('2607', 3), role: 'received', owner: '11222333000181' })).toBe(true);
    await reopened.close();
    const shards = readdirSync(join(dir, '.fiscal', 'keys')).filter((n) => n.endsWith('.ndjson'));
    const lines = shards.flatMap((n) =>
      readFileSync(join(dir, '.fiscal', 'keys', n), 'utf8')
        .split('\n')
        .filter(Boolean),
    );
    expect(lines).toHaveLength(3);
    expect(JSON.parse(readFileSync(join(dir, '.fiscal', 'keys', 'state.json'), 'utf8')).indexLength).toBe(length);
  });

  it('counts the documents of each type, role and owner in its state file, events apart', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    const index = new IndexFile(path);
    await index.open(0);
    const k = key('2606', 1);
    await index.append([entry(k), entry(key('2606', 2)), entry(k, 'emitted')]);
    index.publish();
    const length = await index.append([
      entry(key('2607', 3), 'received', { owner: '99888777000166' }),
      entry(k, 'received', { event: '110111', seq: 1, status: 'canceled', path: 'ev.xml' }),
    ]);
    index.publish();
    await index.close();
    const keys = join(dir, '.fiscal', 'keys');
    const received = (_type: string, role: string) => role === 'received';
    expect(documentsIn(keys, length, received)).toBe(3);
    expect(documentsIn(keys, length, (_t, role, owner) => role === 'received' && owner === '99888777000166')).toBe(1);
    // A state file that does not cover the index as it is says nothing.
    expect(documentsIn(keys, length + 1, received)).toBeUndefined();
  });

  it('rebuilds a store an older fiscal wrote (a state file without counts) from the index', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    const index = new IndexFile(path);
    await index.open(0);
    const length = await index.append([entry(key('2606', 1)), entry(key('2606', 2), 'emitted')]);
    index.publish();
    await index.close();
    const keys = join(dir, '.fiscal', 'keys');
    writeFileSync(join(keys, 'state.json'), `${JSON.stringify({ version: 1, indexLength: length })}\n`);
    expect(documentsIn(keys, length, () => true)).toBeUndefined();
    const reopened = new IndexFile(path);
    await reopened.open(length);
    expect(reopened.has({ key: key('2606', 2), role: 'emitted', owner: '11222333000181' })).toBe(true);
    await reopened.close();
    expect(documentsIn(keys, length, () => true)).toBe(2);
  });

  it('answers a document listed again after its shard left the cache, and a new one without reading it', async () => {
    const dir = tempDir();
    const store = new KeyStore(join(dir, 'keys'));
    await store.open(join(dir, 'none.ndjson'), 0);
    const records = Array.from({ length: 30_000 }, (_, i) => ({
      key: key(i < 15_000 ? '2501' : '2502', i),
      type: 'nfe',
      role: 'received',
      owner: 'o',
      path: `${i}.xml`,
      status: 'authorized',
    }));
    store.publish(records, 100);
    const reopened = new KeyStore(join(dir, 'keys'));
    // It covers the index already: nothing is read from it, every shard is on disk only.
    await reopened.open(join(dir, 'none.ndjson'), 100);
    expect(reopened.has(records[7]!)).toBe(true);
    expect(reopened.has(records[29_000]!)).toBe(true);
    expect(reopened.has({ ...records[7]!, owner: 'p' })).toBe(false);
    expect(reopened.has({ key: key('2501', 40_000), role: 'received', owner: 'o' })).toBe(false);
    expect(reopened.placementsOf(records[7]!.key)).toEqual([
      { role: 'received', owner: 'o', path: '7.xml', status: 'authorized' },
    ]);
  });
});

describe('key store: where an event goes', () => {
  it("finds a document's copies in its shard's file without loading the shard: an events page holds no shard's records", async () => {
    const dir = tempDir();
    const store = new KeyStore(join(dir, 'keys'));
    await store.open(join(dir, 'none.ndjson'), 0);
    // 64 shards (four months, 16 hash nibbles) of some 200 records each, two copies (roles) of
    // every document, and an event on some of them that canceled the received copy.
    const months = ['2501', '2502', '2503', '2504'];
    const keys = Array.from({ length: 6_400 }, (_, i) => key(months[i % 4]!, i));
    const copies = keys.flatMap((k, i) => [
      { key: k, type: 'nfe', role: 'received', owner: 'o', path: `r/${i}.xml`, status: 'authorized' },
      { key: k, type: 'nfe', role: 'emitted', owner: 'o', path: `e/${i}.xml`, status: 'authorized' },
    ]);
    const events = keys
      .filter((_, i) => i % 3 === 0)
      .map((k, i) => ({
        key: k,
        type: 'nfe',
        role: 'received',
        owner: 'o',
        path: `r/${i * 3}-110111-1.xml`,
        status: 'canceled',
        event: '110111',
        seq: 1,
      }));
    store.publish([...copies, ...events], 100);
    const reopened = new KeyStore(join(dir, 'keys'));
    await reopened.open(join(dir, 'none.ndjson'), 100);
    const asked = keys.filter((_, i) => i % 49 === 0);
    expect(new Set(asked.map(shardOf)).size).toBeGreaterThan(32);
    for (const k of asked) {
      const i = keys.indexOf(k);
      expect(reopened.placementsOf(k)).toEqual([
        { role: 'received', owner: 'o', path: `r/${i}.xml`, status: i % 3 === 0 ? 'canceled' : 'authorized' },
        { role: 'emitted', owner: 'o', path: `e/${i}.xml`, status: 'authorized' },
      ]);
    }
    expect(reopened.placementsOf(key('2501', 99_999))).toEqual([]);
    expect(reopened.placementsOf(key('2612', 1))).toEqual([]);
    // Nothing of the shards is held: a lookup costs the reused buffer its shard was read into.
    expect(reopened.heldRecords).toBe(0);
  });
});

describe('key store behind a catalog whose commit ends later (the shared catalog)', () => {
  it("learns a commit's lines only once the checkpoints holding them are committed: a kill before leaves none the next run would skip", async () => {
    // Observed point, not a time: commit B's lines are in the index, its transaction has not
    // ended (the database holds commit A), and the pull moved on (published what it may). The
    // next run cuts the index back to A and must pull B's documents again.
    const dir = tempDir();
    const path = join(dir, 'index.ndjson');
    const tracked: string[] = [];
    const index = new IndexFile(path, { onDurableLater: (p) => tracked.push(p) });
    await index.open(0);
    const a = entry(key('2606', 1));
    const b = entry(key('2606', 2));
    const lengthA = await index.append([a]);
    index.publish(0);
    await index.append([b]);
    // Commit B is running: the database holds A.
    index.publish(lengthA);
    expect(index.has(b)).toBe(true);
    await index.close();

    const next = new IndexFile(path);
    await next.open(lengthA);
    expect(next.has(a)).toBe(true);
    expect(next.has(b)).toBe(false);
    await next.close();
  });
});
