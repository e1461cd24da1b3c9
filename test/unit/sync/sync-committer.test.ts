// The committer's summary counts what was committed: once the index lines and checkpoints are
// saved, a failure after them (the key store's files on a disk that just filled up) does not make
// the summary say "nothing new was kept" while the folder holds the documents.
// Statuses learnt without a file (the listing of canceled documents, page by page) count toward
// a commit as index lines do.
import { describe, expect, it } from 'vitest';
import type { Checkpoint, CheckpointStore } from '../../../src/sync/checkpoint.js';
import { Committer } from '../../../src/sync/committer.js';
import type { DurableWriter } from '../../../src/sync/durable.js';
import type { IndexEntry, IndexFile } from '../../../src/sync/index-file.js';
import type { CommitDeps, StreamState } from '../../../src/sync/stream-state.js';
import { newSummary, type PullSummary } from '../../../src/sync/summary.js';
import type { SourcePage, StreamSource } from '../../../src/sync/source.js';

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

/** The state of the one stream of `summary`, at its start. */
const streamOf = (summary: PullSummary) =>
  ({
    checkpoint: { documents: 0, pages: 0 },
    summary: summary.streams[0]!,
    window: false,
    split: false,
  }) as unknown as StreamState;

describe('Committer', () => {
  it('a failure after the checkpoints are saved (disk full in the key store) leaves the summary counting the commit', async () => {
    const source = { key: { type: 'nfe', role: 'received', owner: '' }, endpoint: 'v1', label: 'nfe received' };
    const summary = newSummary([source as unknown as StreamSource]);
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
    const stream = streamOf(summary);
    const fresh = [entry(1), entry(2), entry(3)];
    const page = { docs: [], from: 'cursor 0', resume: { cursor: 3 } } as unknown as SourcePage;
    committer.addPage(stream, page, fresh);
    await expect(committer.commit()).rejects.toBe(full);
    expect(saved).toHaveLength(1);
    expect(summary.kept.documents).toBe(3);
  });

  it('a commit is due once 5000 statuses wait (the listing of canceled documents, page by page), before its second has passed', () => {
    const source = { key: { type: 'nfe', role: 'events', owner: '' }, endpoint: 'v1', label: 'nfe events' };
    const summary = newSummary([source as unknown as StreamSource]);
    const committer = new Committer(
      { dir: '/nonexistent', pending: new Set(), writer: {}, index: {}, store: {}, summary } as unknown as CommitDeps,
      { now: () => 0, sleep: async () => undefined },
    );
    const stream = streamOf(summary);
    const part = {
      docs: [],
      statuses: Array.from({ length: 500 }, (_, i) => ({ ...entry(i), status: 'canceled', at: '', source: 'listing' })),
      from: 'the listing of canceled documents',
      resume: { cursor: 0 },
      continued: true,
    } as unknown as SourcePage;
    for (let i = 0; i < 9; i++) committer.addPage(stream, part, []);
    expect(committer.due).toBe(false);
    committer.addPage(stream, part, []);
    expect(committer.due).toBe(true);
    // A part keeps the stream's position (it moves with the listing's last page).
    expect(stream.checkpoint).toMatchObject({ pages: 0, documents: 0 });
  });
});
