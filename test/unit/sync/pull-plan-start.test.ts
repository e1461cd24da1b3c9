// A backfill's plan begins as soon as the streams' starts are known (src/sync/pull-engine.ts): its
// first count goes out while the index and the folder's catalog open, and a run that fails
// meanwhile stops the plan and waits for it before it closes anything, so that no checkpoint is
// saved after the run has let go of its folder (docs/pull.md, Crash safety).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreatedRange } from '../../../src/sync/checkpoint.js';
import { runPull } from '../../../src/sync/pull-engine.js';
import type { Counted, StreamSource } from '../../../src/sync/source.js';
import { pullOptions } from '../../helpers/pulled.js';
import { tempDir } from '../../helpers/tree.js';

/** A stream the engine may split, with no pages: `count` answers the plan's counts. */
function splittable(count: (range: CreatedRange, signal: AbortSignal) => Promise<Counted | undefined>): StreamSource {
  return {
    key: { account: 'acc', baseUrl: 'emulator', type: 'nfe', role: 'received', owner: '' },
    endpoint: 'v1',
    filters: '{}',
    label: 'nfe received',
    split: { range: { from: '2000-01-01 00:00:00', to: '2099-12-31 23:59:59' }, count },
    async *pages() {},
  };
}

const catalogFile = (dir: string) => join(dir, '.fiscal', 'catalog.sqlite');

describe('pull engine: the plan begins beside the opening of the index and the catalog', () => {
  it("asks the plan's first count before the catalog's file is made", async () => {
    const dir = tempDir();
    const catalogThen: boolean[] = [];
    // Too few documents to split: the stream is then read as one listing (it has no pages).
    const source = splittable(async () => {
      catalogThen.push(existsSync(catalogFile(dir)));
      return { total: 10 };
    });
    await runPull({ ...pullOptions(dir, [source]), concurrency: 4 });
    // The total and the probes sent with it.
    expect(catalogThen.length).toBeGreaterThan(0);
    expect(catalogThen.filter(Boolean)).toEqual([]);
    expect(existsSync(catalogFile(dir))).toBe(true);
  });

  it('a catalog that cannot be opened stops the plan on its way: the run ends, and no checkpoint is saved after it', async () => {
    const dir = tempDir();
    // A folder where the catalog's file goes: its opening fails (exit 13).
    mkdirSync(catalogFile(dir), { recursive: true });
    const asked: AbortSignal[] = [];
    // A count that never answers: the run ends only if the failure stops the plan.
    const source = splittable(
      (_range, signal) =>
        new Promise((_resolve, reject) => {
          asked.push(signal);
          signal.addEventListener('abort', () => reject(new Error('count stopped')), { once: true });
        }),
    );
    await expect(runPull({ ...pullOptions(dir, [source]), concurrency: 4 })).rejects.toThrow(/catalog/);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((signal) => !signal.aborted)).toEqual([]);
    expect(existsSync(join(dir, '.fiscal', 'checkpoints'))).toBe(false);
  });
});
