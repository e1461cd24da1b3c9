// A backfill's windows take their stream's slots in turn (src/sync/stream-lanes.ts): the first ones
// read at once, the stream itself among them; a window waits, and fetches nothing, until one of its
// stream's lanes has ended, so that no slot sits idle at the end while memory stays that of the
// slots. A told quota that raises the requests in flight begins more windows at once.
import { describe, expect, it } from 'vitest';
import type { PlannedStream } from '../../../src/sync/backfill.js';
import { initialCheckpoint } from '../../../src/sync/starts.js';
import { nextReady, openLanes } from '../../../src/sync/stream-lanes.js';
import type { StreamSource } from '../../../src/sync/source.js';
import { newSummary } from '../../../src/sync/summary.js';
import { OWNER, pulledDoc } from '../../helpers/pulled.js';

/** A window (or, with `window` undefined, the stream itself) of `count` one-document pages; `asked` records each page fetched. */
function part(window: string | undefined, count: number, asked: string[]): StreamSource {
  return {
    key: {
      account: 'acc',
      baseUrl: 'emulator',
      type: 'nfe',
      role: 'received',
      owner: '',
      ...(window ? { window } : {}),
    },
    endpoint: 'v1',
    filters: '{}',
    label: window ?? 'stream',
    async *pages() {
      for (let i = 0; i < count; i++) {
        asked.push(`${window ?? 'stream'}:${i}`);
        yield {
          docs: [pulledDoc(i, OWNER)],
          from: `cursor ${i}`,
          resume: { cursor: i + 1, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}

/** The stream itself and `windows` windows of 3 pages each, planned with `slots`. */
function planned(windows: number, slots: number, asked: string[]): PlannedStream[] {
  const out: PlannedStream[] = [];
  for (let j = 0; j < windows; j++) {
    const source = part(String(j), 3, asked);
    const checkpoint = initialCheckpoint(source);
    out.push({ source, start: { checkpoint, resumeFrom: undefined }, of: 0, window: true, slots });
  }
  const source = part(undefined, 3, asked);
  out.push({
    source,
    start: { checkpoint: initialCheckpoint(source), resumeFrom: undefined },
    of: 0,
    window: false,
    slots,
  });
  return out;
}

/** Reads every page the way the engine does, noting which windows were begun before the first one ended. */
async function drain(plan: PlannedStream[], raised: number, asked: string[]) {
  const { states } = openLanes(
    plan,
    newSummary([plan[0]!.source]),
    { concurrency: 4 },
    new AbortController().signal,
    () => false,
  );
  let beforeFirstEnd: Set<string> | undefined;
  for (;;) {
    const s = await nextReady(states, raised);
    if (!s) break;
    const r = await s.lane.next();
    if (r.done) beforeFirstEnd ??= new Set(asked.map((a) => a.split(':')[0]!));
  }
  return beforeFirstEnd!;
}

describe('a backfill stream read on its slots', () => {
  it('begins its stream and as many windows as it has slots but one; each other window once a lane ended; reads every page once', async () => {
    const asked: string[] = [];
    const begun = await drain(planned(6, 4, asked), 1, asked);
    expect([...begun].sort()).toEqual(['0', '1', '2', 'stream']);
    expect(asked).toHaveLength(7 * 3);
    expect(new Set(asked).size).toBe(7 * 3);
  });

  it('a raised limit of requests in flight (a told quota with requests at stake) begins twice as many', async () => {
    const asked: string[] = [];
    const begun = await drain(planned(8, 4, asked), 2, asked);
    expect([...begun].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', 'stream']);
    expect(new Set(asked).size).toBe(9 * 3);
  });

  it('a window its checkpoint says is done takes no slot', async () => {
    const asked: string[] = [];
    const plan = planned(5, 4, asked);
    plan[0]!.start = { checkpoint: { ...plan[0]!.start.checkpoint, done: true }, resumeFrom: undefined };
    const begun = await drain(plan, 1, asked);
    expect([...begun].sort()).toEqual(['1', '2', '3', 'stream']);
    expect(asked.some((a) => a.startsWith('0:'))).toBe(false);
  });
});
