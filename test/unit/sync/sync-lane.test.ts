// A stream's lane (src/sync/lane.ts): pages fetched ahead while the current one waits its turn,
// fetches of all lanes bounded by one limit (--concurrency).
import { describe, expect, it } from 'vitest';
import { RequestSlot } from '../../../src/api/request-slot.js';
import { Lane, PAGES_AHEAD, PageBudget, Semaphore } from '../../../src/sync/lane.js';
import { PageMemory } from '../../../src/sync/page-memory.js';

/** Pages 1..n, counting how many were asked for. */
function pages(n: number) {
  const s = { asked: 0 };
  const iterable = (async function* () {
    for (let i = 1; i <= n; i++) {
      s.asked++;
      await Promise.resolve();
      yield i;
    }
  })();
  return { s, iterable };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Three lanes sharing `memory`, of three pages each, every page coming only when let through (in
 * the order asked), each lane prefetching once made.
 */
async function gatedLanes(memory: PageMemory<number>) {
  const gates: Array<() => void> = [];
  const asked = [0, 0, 0];
  const lanes = [1, 2, 3].map((lane) => {
    const iterable = (async function* () {
      for (let i = 1; i <= 3; i++) {
        asked[lane - 1]!++;
        await new Promise<void>((resolve) => gates.push(resolve));
        yield lane * 100 + i;
      }
    })();
    return new Lane(iterable, new Semaphore(8), PAGES_AHEAD, undefined, undefined, undefined, memory);
  });
  for (const lane of lanes) lane.prefetch();
  await settle();
  return {
    asked,
    /** The first page asked comes, and every lane may prefetch again. */
    async oneComes() {
      gates.shift()!();
      await settle();
      for (const lane of lanes) lane.prefetch();
      await settle();
    },
    close() {
      for (const lane of lanes) void lane.close();
      for (const open of gates.splice(0)) open();
    },
  };
}

describe('Lane', () => {
  it(`fetches up to ${PAGES_AHEAD} pages ahead of the one taken, in order, then stops at the end`, async () => {
    expect(PAGES_AHEAD).toBe(2);
    const { s, iterable } = pages(5);
    const lane = new Lane(iterable, new Semaphore(4));
    lane.prefetch();
    await settle();
    expect(s.asked).toBe(PAGES_AHEAD);
    expect((await lane.next()).value).toBe(1);
    await settle();
    // One taken: another is fetched, so two are waiting again.
    expect(s.asked).toBe(PAGES_AHEAD + 1);
    const rest = [];
    for (let r = await lane.next(); !r.done; r = await lane.next()) rest.push(r.value);
    expect(rest).toEqual([2, 3, 4, 5]);
    expect(lane.done).toBe(true);
  });

  it('fetches past PAGES_AHEAD while its page budget is open (quota left), up to the budget, and returns the pages as they are taken', async () => {
    let quotaLeft = 5;
    const budget = new PageBudget(3, () => quotaLeft > 0);
    const { s, iterable } = pages(20);
    const lane = new Lane(iterable, new Semaphore(4), PAGES_AHEAD, budget);
    lane.prefetch();
    await settle();
    expect(s.asked).toBe(PAGES_AHEAD + 3);
    // The budget is spent: another lane borrows nothing.
    const other = pages(20);
    const second = new Lane(other.iterable, new Semaphore(4), PAGES_AHEAD, budget);
    second.prefetch();
    await settle();
    expect(other.s.asked).toBe(PAGES_AHEAD);
    // The quota is used up: a page taken gives its borrowed place back, and it is not borrowed again.
    quotaLeft = 0;
    expect((await lane.next()).value).toBe(1);
    await settle();
    expect(s.asked).toBe(PAGES_AHEAD + 3);
    second.prefetch();
    await settle();
    expect(other.s.asked).toBe(PAGES_AHEAD);
    // Quota again: the place given back is borrowed by the other lane.
    quotaLeft = 5;
    second.prefetch();
    await settle();
    expect(other.s.asked).toBe(PAGES_AHEAD + 1);
  });

  it('lanes sharing a limit of one fetch one page at a time between them', async () => {
    const limit = new Semaphore(1);
    let inFlight = 0;
    let most = 0;
    const slow = async function* () {
      for (let i = 0; i < 3; i++) {
        inFlight++;
        most = Math.max(most, inFlight);
        await settle();
        inFlight--;
        yield i;
      }
    };
    const a = new Lane(slow(), limit);
    const b = new Lane(slow(), limit);
    a.prefetch();
    b.prefetch();
    const taken = [];
    for (let n = 0; n < 3; n++) taken.push((await a.next()).value, (await b.next()).value);
    expect(taken).toEqual([0, 0, 1, 1, 2, 2]);
    expect(most).toBe(1);
  });

  it('a lane gives its slot back once its answer arrived: another lane sends while the first still reads its page', async () => {
    const log: string[] = [];
    let parsed!: () => void;
    const parsing = new Promise<void>((resolve) => (parsed = resolve));
    const slot = new RequestSlot();
    const first = (async function* () {
      log.push('a sent');
      await Promise.resolve();
      // The answer's bytes are in (the HTTP core says so); its parsing takes a while longer.
      slot.answered();
      await parsing;
      log.push('a parsed');
      yield 'a';
    })();
    const second = (async function* () {
      log.push('b sent');
      await Promise.resolve();
      yield 'b';
    })();
    const limit = new Semaphore(1);
    const a = new Lane(first, limit, PAGES_AHEAD, undefined, undefined, slot);
    const b = new Lane(second, limit);
    a.prefetch();
    b.prefetch();
    await settle();
    expect(log).toEqual(['a sent', 'b sent']);
    parsed();
    expect((await a.next()).value).toBe('a');
    expect((await b.next()).value).toBe('b');
    expect(log).toEqual(['a sent', 'b sent', 'a parsed']);
  });

  it('without an answer arrived, a lane holds its slot until its page is read', async () => {
    const log: string[] = [];
    const limit = new Semaphore(1);
    const slow = (async function* () {
      log.push('a sent');
      await settle();
      log.push('a read');
      yield 'a';
    })();
    const other = (async function* () {
      log.push('b sent');
      yield 'b';
    })();
    new Lane(slow, limit).prefetch();
    new Lane(other, limit).prefetch();
    await settle();
    await settle();
    expect(log.slice(0, 3)).toEqual(['a sent', 'a read', 'b sent']);
  });

  it('R5: a semaphore whose capacity rises (a quota window with requests at stake) lets waiters in on admit(), and falls back without ending any', async () => {
    let capacity = 2;
    const limit = new Semaphore(() => capacity);
    const held: Array<() => void> = [];
    let waiting = 0;
    const take = () => {
      waiting++;
      void limit.acquire().then((release) => {
        waiting--;
        held.push(release);
      });
    };
    for (let i = 0; i < 5; i++) take();
    await settle();
    expect(held).toHaveLength(2);
    capacity = 4;
    limit.admit();
    await settle();
    expect(held).toHaveLength(4);
    // Back to 2: the four in flight go on; the fifth waits until fewer than 2 are.
    capacity = 2;
    held.shift()!();
    held.shift()!();
    await settle();
    expect(held).toHaveLength(2);
    expect(waiting).toBe(1);
    held.shift()!();
    await settle();
    expect(waiting).toBe(0);
  });

  it('is ready once its next page came, and whenReady() settles then; a failure makes it ready without rejecting', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const gated = (async function* () {
      await held;
      yield 1;
      throw new Error('boom');
    })();
    const lane = new Lane(gated, new Semaphore(2));
    let settled = false;
    const ready = lane.whenReady().then(() => (settled = true));
    await settle();
    expect(lane.ready).toBe(false);
    expect(settled).toBe(false);
    release();
    await ready;
    expect(lane.ready).toBe(true);
    expect((await lane.next()).value).toBe(1);
    await lane.whenReady();
    expect(lane.ready).toBe(true);
    await expect(lane.next()).rejects.toThrow('boom');
  });

  it('is drained once only its end is left to hand on: not while a page waits, nor after a failure not yet delivered', async () => {
    const { iterable } = pages(2);
    const lane = new Lane(iterable, new Semaphore(4));
    lane.prefetch();
    await settle();
    // Both pages came; the end is asked for once one is taken.
    expect(lane.drained).toBe(false);
    expect((await lane.next()).value).toBe(1);
    await settle();
    expect([lane.fetchedAll, lane.drained]).toEqual([true, false]);
    expect((await lane.next()).value).toBe(2);
    expect(lane.drained).toBe(true);
    expect(lane.done).toBe(false);
    expect((await lane.next()).done).toBe(true);
    expect(lane.drained).toBe(true);
    const failing = new Lane(
      (async function* () {
        yield* [];
        throw new Error('boom');
      })(),
      new Semaphore(1),
    );
    failing.prefetch();
    await settle();
    expect([failing.fetchedAll, failing.drained]).toEqual([true, false]);
    await expect(failing.next()).rejects.toThrow('boom');
  });

  it('a failed fetch is delivered by next(), and nothing more is fetched after it', async () => {
    let asked = 0;
    const failing = (async function* () {
      asked++;
      yield 1;
      asked++;
      throw new Error('boom');
    })();
    const lane = new Lane(failing, new Semaphore(2));
    expect((await lane.next()).value).toBe(1);
    await expect(lane.next()).rejects.toThrow('boom');
    await settle();
    expect(asked).toBe(2);
  });
});

describe('PageMemory (the pages of all lanes fetched ahead, in bytes)', () => {
  /** Pages 1..n of `lane` (numbers), each counting 10 bytes, counting how many were asked for. */
  const lanePages = (lane: number, n: number) => {
    const s = { asked: 0 };
    const iterable = (async function* () {
      for (let i = 1; i <= n; i++) {
        s.asked++;
        await Promise.resolve();
        yield lane * 100 + i;
      }
    })();
    return { s, iterable };
  };

  it('stops every lane asking once the pages waiting to be written reach the budget, and lets them on as pages are taken', async () => {
    const memory = new PageMemory<number>(() => 10, 8, 30);
    const sources = [1, 2, 3].map((l) => lanePages(l, 6));
    const lanes = sources.map(
      ({ iterable }) => new Lane(iterable, new Semaphore(8), PAGES_AHEAD, undefined, undefined, undefined, memory),
    );
    const asked = () => sources.reduce((n, x) => n + x.s.asked, 0);
    for (const lane of lanes) {
      lane.prefetch();
      await settle();
    }
    // Three lanes of two pages ahead each would hold six; the budget holds three.
    expect(asked()).toBe(3);
    expect(lanes[2]!.ready).toBe(false);
    // The writer's loop (as nextReady): the ready page that came first, else wait for one; every
    // page comes, each lane's in order, and no more than the budget ever waits.
    const taken: number[] = [];
    for (;;) {
      for (const lane of lanes) lane.prefetch();
      const lane = lanes.filter((l) => !l.done && l.ready).sort((a, b) => a.readySince - b.readySince)[0];
      if (!lane) {
        const waiting = lanes.filter((l) => !l.done);
        if (waiting.length === 0) break;
        await Promise.race(waiting.map((l) => l.whenReady()));
        continue;
      }
      const waitingNow = lanes.filter((l) => l.ready).length;
      expect(waitingNow).toBeLessThanOrEqual(3);
      const r = await lane.next();
      if (!r.done) taken.push(r.value);
    }
    expect(taken.length).toBe(18);
    for (const l of [1, 2, 3])
      expect(taken.filter((p) => Math.floor(p / 100) === l)).toEqual([1, 2, 3, 4, 5, 6].map((i) => l * 100 + i));
  });

  it('lets a lane ask while what waits is under the budget, whatever its page weighs', async () => {
    const memory = new PageMemory<number>(() => 1000, 4, 10);
    const { s, iterable } = lanePages(1, 3);
    const lane = new Lane(iterable, new Semaphore(4), PAGES_AHEAD, undefined, undefined, undefined, memory);
    lane.prefetch();
    await settle();
    expect(s.asked).toBe(1);
    expect((await lane.next()).value).toBe(101);
    await settle();
    expect(s.asked).toBe(2);
  });

  it('asks for at most --concurrency pages at once, all lanes together, whatever the budget leaves', async () => {
    const memory = new PageMemory<number>(() => 1, 2, 1000);
    const g = await gatedLanes(memory);
    expect(g.asked).toEqual([1, 1, 0]);
    // One comes: one more may be asked for (two on their way again), not two.
    await g.oneComes();
    expect(g.asked.reduce((n, a) => n + a)).toBe(3);
    g.close();
  });

  it('counts the bytes the catalog keeps and the pages on their way in one budget: no lane asks past it while pages wait, and lanes ask again once the catalog lets bytes go', async () => {
    // Pages of 10 bytes; the catalog keeps 25 of a total of 40; up to 4 asked (2 while none waits).
    let kept = 25;
    const memory = new PageMemory<number>(
      () => 10,
      4,
      1000,
      () => kept,
      40,
    );
    const sources = [1, 2, 3].map((l) => lanePages(l, 6));
    const lanes = sources.map(
      ({ iterable }) => new Lane(iterable, new Semaphore(8), PAGES_AHEAD, undefined, undefined, undefined, memory),
    );
    const asked = () => sources.reduce((n, x) => n + x.s.asked, 0);
    for (const lane of lanes) {
      lane.prefetch();
      await settle();
    }
    // Pages come at once here: 25 kept and 10 waiting are under 40, a second is asked for; with
    // 20 waiting, no other (45 would be over 40 with no page on its way).
    expect(asked()).toBe(2);
    expect(memory.admits).toBe(false);
    // The catalog inserted rows: its bytes went down, the lanes may ask for another page.
    kept = 0;
    memory.released();
    for (const lane of lanes) lane.prefetch();
    await settle();
    // 20 waiting: room for two more pages of 10 (the first lane holds its two ahead already).
    expect(asked()).toBe(4);
    expect(memory.admits).toBe(false);
    for (const lane of lanes) void lane.close();
  });

  it('lets a page a slot be asked for while none waits, whatever the catalog keeps', async () => {
    const memory = new PageMemory<number>(
      () => 10,
      4,
      1000,
      () => 1000,
      40,
    );
    const g = await gatedLanes(memory);
    // Half of the four asked at most, none waiting: two on their way though the budget is spent.
    expect(g.asked).toEqual([1, 1, 0]);
    // One came and waits: the budget is spent, no other is asked for.
    await g.oneComes();
    expect(g.asked.reduce((n, a) => n + a)).toBe(2);
    g.close();
  });
});
