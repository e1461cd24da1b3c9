// The pull engine writes each stream's pages as they arrive: a stream whose page is late holds no
// other back, and a run stopped between interleaved commits resumes to the same files and the same
// set of index lines as a run that was never stopped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/context.js';
import { InterruptedError } from '../../../src/errors.js';
import type { IndexEntry } from '../../../src/sync/index-file.js';
import { runPull } from '../../../src/sync/pull-engine.js';
import type { StreamSource } from '../../../src/sync/source.js';
import { OWNER, pulledDoc, pulledKey, pullOptions } from '../../helpers/pulled.js';
import { pullSnapshot, readNdjson, tempDir } from '../../helpers/tree.js';

const OTHER_OWNER = '45678901000134';
const key = pulledKey;

/**
 * A stream of one-document pages `first`, `first + 1`...; `before(i)` is awaited before page i.
 * Documents from 20 on belong to another owner.
 */
function stream(name: string, first: number, count: number, before?: (i: number) => Promise<void>): StreamSource {
  return {
    key: { account: 'acc', baseUrl: 'emulator', type: 'nfe', role: 'received', owner: '', window: name },
    endpoint: 'v1',
    filters: '{}',
    label: name,
    async *pages(start) {
      for (let i = start?.cursor ?? 0; i < count; i++) {
        await before?.(i);
        yield {
          docs: [pulledDoc(first + i, first + i >= 20 ? OTHER_OWNER : OWNER)],
          from: `cursor ${i}`,
          resume: { cursor: i + 1, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}

/** A second passes between any two readings: every page is a commit group of its own. */
function tickingClock(): Clock {
  let now = 0;
  return { now: () => (now += 1000), sleep: async () => undefined };
}

function pull(
  dir: string,
  sources: StreamSource[],
  o: { signal?: AbortSignal; onCommit?: (entries: readonly IndexEntry[]) => Promise<void> } = {},
) {
  return runPull({
    ...pullOptions(dir, sources),
    clock: tickingClock(),
    ...(o.signal ? { signal: o.signal } : {}),
    onCommit: o.onCommit,
  });
}

/** A promise and the function that settles it. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Lets every page whose gate opened come (in-memory pages: promise callbacks only). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

const keysOf = (dir: string) => readNdjson(join(dir, 'index.ndjson')).map((l) => l.key as string);

describe('pull engine: streams written as their pages arrive', () => {
  it("commits a stream's pages while another stream's first page is still on its way", async () => {
    const dir = tempDir();
    const late = latch();
    const quickCommitted = latch();
    const committed: string[] = [];
    const run = pull(
      dir,
      [stream('late', 1, 2, (i) => (i === 0 ? late.opened : Promise.resolve())), stream('quick', 11, 3)],
      {
        onCommit: async (entries) => {
          committed.push(...entries.map((e) => e.key));
          if ([11, 12, 13].every((n) => committed.includes(key(n)))) quickCommitted.open();
        },
      },
    );
    // Bounded, so that an engine that waits for the late stream fails here instead of hanging.
    const bound = new Promise<string>((resolve) => setTimeout(() => resolve('never committed'), 20_000));
    expect(await Promise.race([quickCommitted.opened.then(() => 'committed'), bound])).toBe('committed');
    late.open();
    await run;
    // Each stream's lines in its listing's order; the quick one's all before the late one's.
    expect(keysOf(dir)).toEqual([11, 12, 13, 1, 2].map(key));
  });

  it('writes pages in the order they came, not the stream with the fewest pages first', async () => {
    const dir = tempDir();
    const gates = { a: [latch(), latch(), latch()], b: [latch(), latch()] };
    let first = true;
    const run = pull(
      dir,
      [stream('a', 1, 3, (i) => gates.a[i]!.opened), stream('b', 11, 2, (i) => gates.b[i]!.opened)],
      {
        onCommit: async (entries) => {
          // The first commit holds the writer while the next pages come: a's second, then b's first.
          if (first) {
            first = false;
            gates.a[1]!.open();
            await turn();
            gates.b[0]!.open();
            await turn();
          }
          if (entries.some((e) => e.key === key(11))) {
            gates.a[2]!.open();
            gates.b[1]!.open();
          }
        },
      },
    );
    gates.a[0]!.open();
    await run;
    expect(keysOf(dir).slice(0, 3)).toEqual([1, 2, 11].map(key));
  });

  it('stopped between interleaved commits, a re-run ends with the same files and the same set of index lines', async () => {
    const whole = tempDir();
    await pull(whole, [stream('a', 1, 3), stream('b', 21, 3)]);

    // Stream b's pages come first, a's first only once b's first two are committed; the run is
    // stopped at the commit that holds it (observed progress, not time), before a's next page
    // comes: the engine writes pages while a commit runs, and would otherwise have them all.
    const dir = tempDir();
    const stop = new AbortController();
    const aMayGo = latch();
    const aRest = latch();
    let commits = 0;
    const first = pull(dir, [stream('a', 1, 3, (i) => (i === 0 ? aMayGo : aRest).opened), stream('b', 21, 3)], {
      signal: stop.signal,
      onCommit: async (entries) => {
        commits++;
        if (entries.some((e) => e.key === key(22))) aMayGo.open();
        if (entries.some((e) => e.key === key(1))) {
          stop.abort(new InterruptedError('stopped by the test'));
          aRest.open();
        }
      },
    });
    await expect(first).rejects.toThrow(InterruptedError);
    const kept = keysOf(dir);
    expect(kept.slice(0, 2)).toEqual([key(21), key(22)]);
    expect(kept).toContain(key(1));
    expect(kept.length).toBeLessThan(6);
    expect(commits).toBeGreaterThanOrEqual(3);

    const resumed = await pull(dir, [stream('a', 1, 3), stream('b', 21, 3)]);
    expect(resumed.documents).toBe(6 - kept.length);
    expect(keysOf(dir)).not.toEqual(keysOf(whole));
    // Files, checkpoints and the key store's state (counts by owner, whichever came first) byte for byte.
    expect(pullSnapshot(dir)).toEqual(pullSnapshot(whole));
    // Never a line twice.
    expect(new Set(keysOf(dir)).size).toBe(6);
    expect(readFileSync(join(dir, 'index.ndjson'), 'utf8').length).toBe(
      readFileSync(join(whole, 'index.ndjson'), 'utf8').length,
    );
  });

  it('empties each page once written: a source that keeps the pages it yielded holds no document of them', async () => {
    const dir = tempDir();
    const yielded: Array<{ docs: unknown[] }> = [];
    const keeping: StreamSource = {
      ...stream('keeping', 1, 0),
      async *pages() {
        for (let i = 0; i < 5; i++) {
          const page = {
            docs: [pulledDoc(30 + 2 * i), pulledDoc(31 + 2 * i)],
            from: `cursor ${i}`,
            resume: { cursor: i + 1, paginator: null, createdHighWater: null },
          };
          yielded.push(page);
          yield page;
        }
      },
    };
    await pull(dir, [keeping]);
    expect(keysOf(dir).sort()).toEqual(Array.from({ length: 10 }, (_, i) => key(30 + i)).sort());
    expect(yielded).toHaveLength(5);
    for (const page of yielded) expect(page.docs).toEqual([]);
  });
});
