// A backfill's windows take their stream's lanes in turn (src/sync/stream-lanes.ts): LANES_PER_SLOT
// lanes a slot of windows, the stream itself reading beside them, each holding fewer pages; a window
// waits, and fetches nothing, until one of its stream's windows has fetched its last page (not until
// that page is written: the writer may be behind), so that no slot sits idle at the end, while the
// pages asked for at once stay those of the slots' lanes. A told quota that raises the requests in
// flight begins more windows at once.
import { describe, expect, it } from 'vitest';
import { slotOf } from '../../../src/api/request-slot.js';
import type { PlannedStream } from '../../../src/sync/backfill.js';
import { initialCheckpoint } from '../../../src/sync/starts.js';
import { LANES_PER_SLOT, nextReady, openLanes } from '../../../src/sync/stream-lanes.js';
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
      asked.push(`${window ?? 'stream'}:end`);
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

/** The parts that asked a page before any part had fetched its last one. */
function beforeFirstEnd(asked: string[]): string[] {
  const end = asked.findIndex((a) => a.endsWith(':end'));
  return [...new Set(asked.slice(0, end).map((a) => a.split(':')[0]!))].sort();
}

/** The lanes of `plan` under `concurrency`. */
const lanesOf = (plan: PlannedStream[], concurrency: number) =>
  openLanes(plan, newSummary([plan[0]!.source]), { concurrency }, new AbortController().signal, () => false);

/** Reads every page the way the engine does; the parts begun before any had fetched its last page. */
async function drain(plan: PlannedStream[], raised: number, asked: string[]) {
  const { states } = lanesOf(plan, 4);
  for (;;) {
    const s = await nextReady(states, raised);
    if (!s) break;
    await s.lane.next();
  }
  return beforeFirstEnd(asked);
}

const pagesOf = (asked: string[]) => asked.filter((a) => !a.endsWith(':end'));
const windows = (n: number) => Array.from({ length: n }, (_, i) => String(i));

describe('a backfill stream read on its slots', () => {
  it(`begins its stream and ${LANES_PER_SLOT} lanes a slot of windows; each other window once a window fetched its last page; reads every page once`, async () => {
    expect(LANES_PER_SLOT).toBe(2);
    const asked: string[] = [];
    const begun = await drain(planned(10, 4, asked), 1, asked);
    // The last of the first windows begins with the others, not once the stream has read its part.
    expect(begun).toEqual([...windows(8), 'stream'].sort());
    expect(pagesOf(asked)).toHaveLength(11 * 3);
    expect(new Set(pagesOf(asked)).size).toBe(11 * 3);
  });

  it('a raised limit of requests in flight (a told quota with requests at stake) begins twice as many', async () => {
    const asked: string[] = [];
    const begun = await drain(planned(18, 4, asked), 2, asked);
    expect(begun).toEqual([...windows(16), 'stream'].sort());
    expect(new Set(pagesOf(asked)).size).toBe(19 * 3);
  });

  it('a window its checkpoint says is done takes no lane', async () => {
    const asked: string[] = [];
    const plan = planned(10, 4, asked);
    plan[0]!.start = { checkpoint: { ...plan[0]!.start.checkpoint, done: true }, resumeFrom: undefined };
    const begun = await drain(plan, 1, asked);
    expect(begun).toEqual([...windows(9).slice(1), 'stream'].sort());
    expect(asked.some((a) => a.startsWith('0:'))).toBe(false);
  });

  it('a window begins once a lane fetched its last page, while that page still waits to be written', async () => {
    const asked: string[] = [];
    // Two slots: four lanes of windows, 0 to 3, the stream beside them; window 4 waits.
    const plan = planned(5, 2, asked);
    const { states } = lanesOf(plan, 2);
    await nextReady(states);
    expect(asked.some((a) => a.startsWith('4:'))).toBe(false);
    // Window 0's three pages taken, its end fetched but not handed on: the engine has not seen it end.
    const first = states[0]!;
    for (let i = 0; i < 3; i++) expect((await first.lane.next()).done).toBe(false);
    await first.lane.whenReady();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(first.lane.done).toBe(false);
    expect(asked).toContain('0:end');
    expect(asked).toContain('4:0');
  });

  it(`asks for ${LANES_PER_SLOT} pages a slot at once: a slot given back once its answer arrived is taken while that page is parsed`, async () => {
    // Each page's answer arrives at once (its slot goes back), then its parsing waits to be let through.
    const parsing: Array<() => void> = [];
    let asked = 0;
    const parsedLater = (window: string | undefined): StreamSource => ({
      ...part(window, 0, []),
      async *pages(_start, signal) {
        for (let i = 0; i < 3; i++) {
          asked++;
          slotOf(signal)?.answered();
          await new Promise<void>((resolve) => parsing.push(resolve));
          yield { docs: [], from: `cursor ${i}`, resume: { cursor: i + 1, paginator: null, createdHighWater: null } };
        }
      },
    });
    const plan = planned(6, 2, []).map((p) => ({ ...p, source: parsedLater(p.source.key.window) }));
    const { states } = lanesOf(plan, 2);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    // Two slots, four lanes of windows and the stream, four pages asked (PageMemory): with the
    // pages asked bounded by the slots alone, two would be, and a slot would idle through each parse.
    expect(asked).toBe(2 * LANES_PER_SLOT);
    expect(states.filter((s) => !s.queued)).toHaveLength(2 * LANES_PER_SLOT + 1);
    for (const s of states) void s.lane.close();
    for (const open of parsing.splice(0)) open();
  });
});
