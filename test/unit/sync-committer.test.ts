// The committer's summary counts what was committed: once the index lines and checkpoints are
// saved, a failure after them (the key store's files on a disk that just filled up) does not make
// the summary say "nothing new was kept" while the folder holds the documents.
import { describe, expect, it, vi } from 'vitest';
import type { Checkpoint, CheckpointStore } from '../../src/sync/checkpoint.js';
import { Committer } from '../../src/sync/committer.js';
import type { DurableWriter } from '../../src/sync/durable.js';
import type { IndexEntry, IndexFile } from '../../src/sync/index-file.js';
import type { StreamState } from '../../src/sync/stream-state.js';
import { newSummary } from '../../src/sync/summary.js';
import type { SourcePage, StreamSource } from '../../src/sync/source.js';

const entry = (n: number): IndexEntry => ({
  key: String(n).padStart(44, '3'),
  type: 'nfe',
  role: 'received',
  owner: '11222333000181',
  path: `11222333000181/nfe/received/2026-05/${n}.xml`,
  sha256: 'a'.repeat(64),
  bytes: 100,
  status: 'authorized',
  created_at: null,
});

/** A run of one stream: its summary and its state, at the start of the listing. */
function oneStream() {
  const source = { key: { type: 'nfe', role: 'received', owner: '' }, endpoint: 'v1', label: 'nfe received' };
  const summary = newSummary([source as unknown as StreamSource]);
  const stream = {
    checkpoint: { documents: 0, pages: 0 },
    summary: summary.streams[0]!,
    window: false,
    split: false,
  } as unknown as StreamState;
  return { summary, stream };
}

describe('Committer', () => {
  it('a failure after the checkpoints are saved (disk full in the key store) leaves the summary counting the commit', async () => {
    const { summary, stream } = oneStream();
    const saved: Checkpoint[][] = [];
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const committer = new Committer(
      {
        dir: '/nonexistent',
        pending: new Set(),
        writer: { flush: async () => undefined } as unknown as DurableWriter,
        index: {
          append: async (e: IndexEntry[]) => e.length * 100,
          publish: () => {
            throw full;
          },
        } as unknown as IndexFile,
        store: { saveAll: async (c: Checkpoint[]) => void saved.push(c) } as unknown as CheckpointStore,
        summary,
      },
      { now: () => 0, sleep: async () => undefined },
    );
    const fresh = [entry(1), entry(2), entry(3)];
    const page = { docs: [], from: 'cursor 0', resume: { cursor: 3 } } as unknown as SourcePage;
    await committer.addPage(stream, page, fresh);
    await expect(committer.commit()).rejects.toBe(full);
    expect(saved).toHaveLength(1);
    expect(summary.kept.documents).toBe(3);
  });

  it('a group commits while the next pages are written: it holds what was written when it started, and after it fails nothing more is committed', async () => {
    const { summary, stream } = oneStream();
    const appended: IndexEntry[][] = [];
    const saved: Checkpoint[][] = [];
    const flushes: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
    let now = 0;
    const pending = new Set<string>();
    const committer = new Committer(
      {
        dir: '/nonexistent',
        pending,
        writer: {
          flush: () => new Promise<void>((resolve, reject) => flushes.push({ resolve, reject })),
        } as unknown as DurableWriter,
        index: {
          append: async (e: IndexEntry[]) => (appended.push(e), appended.flat().length * 100),
          publish: () => undefined,
          lastAppended: [],
        } as unknown as IndexFile,
        store: { saveAll: async (c: Checkpoint[]) => void saved.push(c) } as unknown as CheckpointStore,
        summary,
      },
      { now: () => now, sleep: async () => undefined },
    );
    const page = (cursor: number) => ({ docs: [], from: 'cursor 0', resume: { cursor } }) as unknown as SourcePage;
    now = 2000;
    // Due: the group starts, and addPage returns while its files are being synced.
    await committer.addPage(stream, page(2), [entry(1), entry(2)]);
    expect(flushes).toHaveLength(1);
    await committer.addPage(stream, page(3), [entry(3)]);
    expect(pending.size).toBe(3);
    flushes[0]!.resolve();
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(appended[0]!.map((e) => e.key)).toEqual([entry(1).key, entry(2).key]);
    // Its checkpoint is the one of the pages it holds, not the stream's position since.
    expect(saved[0]![0]).toMatchObject({ cursor: 2, pages: 1, indexLength: 200 });
    expect(stream.checkpoint).toMatchObject({ cursor: 3, pages: 2 });
    expect(pending.size).toBe(1);
    expect(summary.kept.documents).toBe(2);
    // The next group fails: later pages are not committed past it.
    now = 4000;
    await committer.addPage(stream, page(4), [entry(4)]);
    const full = new Error('ENOSPC');
    flushes[1]!.reject(full);
    await expect(committer.commit()).rejects.toBe(full);
    await expect(committer.addPage(stream, page(5), [entry(5)])).rejects.toBe(full);
    expect(saved).toHaveLength(1);
    expect(appended).toHaveLength(1);
  });
});
