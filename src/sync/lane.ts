// A stream's pages fetched ahead (PAGES_AHEAD): the next pages download while the current one is
// written. Fetches of all lanes share a limit (--concurrency); the engine takes whichever lane's
// page came first (ready, whenReady).
import type { RequestSlot } from '../api/request-slot.js';
import type { PageMemory } from './page-memory.js';

export class Semaphore {
  private waiting: Array<() => void> = [];
  private used = 0;
  private readonly capacity: () => number;

  /** `capacity`: slots at once, or what says how many now (it may rise: see admit()). */
  constructor(capacity: number | (() => number)) {
    this.capacity = typeof capacity === 'number' ? () => capacity : capacity;
  }

  async acquire(): Promise<() => void> {
    if (this.waiting.length === 0 && this.used < this.capacity()) this.used++;
    // Woken by a release or admit(), which counted the slot it hands over.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used--;
      this.admit();
    };
  }

  /** Slots at once now. */
  get size(): number {
    return this.capacity();
  }

  /** Lets waiters in while there is room: after a release, or when the capacity may have risen. */
  admit(): void {
    while (this.waiting.length > 0 && this.used < this.capacity()) {
      this.used++;
      this.waiting.shift()!();
    }
  }
}

/**
 * Pages fetched ahead per stream: while one waits to be written, the next downloads. Two, not one:
 * the pages of all lanes are written one at a time, and with one page ahead a lane whose page
 * waits behind another lane's stops fetching until it is written. A lane that is ahead of the
 * writer holds these pages and fetches no more: a far-ahead stream waits on memory, never on
 * another stream. A page of 250 documents is some 2 MB: four streams hold 16 MB at most.
 */
export const PAGES_AHEAD = 2;

/**
 * Pages fetched past PAGES_AHEAD, all lanes together, while `open()` says so: a pull under a rate
 * limit lets its lanes fetch on while the writer is behind, as long as the quota's current window
 * has requests left, so that the window is used to its last request (the pages wait in memory,
 * written while the next window has not opened yet). `max` bounds the memory that costs.
 */
export class PageBudget {
  private lent = 0;
  constructor(
    private readonly max: number,
    private readonly open: () => boolean,
  ) {}

  take(): boolean {
    if (this.lent >= this.max || !this.open()) return false;
    this.lent++;
    return true;
  }

  give(): void {
    this.lent = Math.max(0, this.lent - 1);
  }
}

interface Ahead<T> {
  page: Promise<IteratorResult<T>>;
  /** When its page came, as a number in the order pages of all lanes came; 0 while on its way. */
  arrived: number;
  /** The bytes it counts for in the lanes' PageMemory, once it came. */
  bytes: number;
  /** It came, and is the iterator's end. */
  end?: boolean;
}

/** Pages of all lanes that came so far: their order of arrival. */
let arrivals = 0;

export class Lane<T> {
  private readonly iterator: AsyncIterator<T>;
  /** Pages fetched or on their way, in order. */
  private readonly ahead: Array<Ahead<T>> = [];
  private fetching = false;
  /** Pages held past `depth`, taken from `extra`. */
  private borrowed = 0;
  /** The iterator ended or failed: nothing more is fetched. */
  private exhausted = false;
  private finished = false;

  constructor(
    iterable: AsyncIterable<T>,
    private readonly limit: Semaphore,
    private readonly depth = PAGES_AHEAD,
    private readonly extra?: PageBudget,
    /** Called once the iterator has ended (or failed): the lane fetches nothing more. */
    private readonly onFetchedAll?: () => void,
    /** The slot its iterator's requests name (slotSignal): given back once an answer arrived. */
    private readonly slot?: RequestSlot,
    /** The bytes of the pages of all lanes waiting to be written: none is asked for past its budget. */
    private readonly memory?: PageMemory<T>,
  ) {
    this.iterator = iterable[Symbol.asyncIterator]();
  }

  get done(): boolean {
    return this.finished;
  }

  /** Every page was fetched (or the iterator failed): what is left is to hand them on. */
  get fetchedAll(): boolean {
    return this.exhausted || this.finished;
  }

  /** Nothing is left to hand on but the iterator's end, come already. */
  get drained(): boolean {
    return this.finished || (this.exhausted && this.ahead.every((e) => e.end === true));
  }

  /** next() would answer at once: its page (or the end, or a failure) has come. */
  get ready(): boolean {
    return (this.ahead[0]?.arrived ?? 0) > 0;
  }

  /** When the page next() answers came, in the order of all lanes' pages; 0 while it has not. */
  get readySince(): number {
    return this.ahead[0]?.arrived ?? 0;
  }

  /** Settles (never rejects) once next() would answer at once. */
  async whenReady(): Promise<void> {
    this.prefetch();
    const first = this.ahead[0];
    if (first) await first.page.catch(() => undefined);
    // Held back by the pages of other lanes waiting to be written: one of them is taken first.
    else if (!this.fetchedAll && this.memory) await this.memory.room();
  }

  /**
   * Starts fetching the next page unless one is on its way, enough are waiting in this lane, or
   * the pages of all lanes waiting to be written are over their budget (`force`: none is ahead,
   * and the writer asks for this lane's next page).
   */
  prefetch(force = false): void {
    if (this.fetching || this.exhausted || this.finished) return;
    const full = this.ahead.length >= this.depth + this.borrowed || !(force || (this.memory?.admits ?? true));
    if (full) {
      if (!this.extra?.take()) return;
      this.borrowed++;
    }
    this.fetching = true;
    this.memory?.ask();
    const page = this.limit.acquire().then(async (release) => {
      if (this.slot) return this.slot.hold(release, () => this.iterator.next());
      try {
        return await this.iterator.next();
      } finally {
        release();
      }
    });
    const entry: Ahead<T> = { page, arrived: 0, bytes: 0 };
    this.ahead.push(entry);
    page.then(
      (result) => {
        // (A page that comes after its lane was closed is never written: it waits for nothing.)
        entry.bytes = this.memory?.came(this.finished || result.done ? undefined : result.value) ?? 0;
        entry.arrived = ++arrivals;
        entry.end = result.done === true;
        this.fetching = false;
        if (!result.done) return this.prefetch();
        this.exhausted = true;
        this.onFetchedAll?.();
      },
      () => {
        // The error is delivered by next(); until then it must not count as unhandled.
        this.memory?.came(undefined);
        entry.arrived = ++arrivals;
        this.fetching = false;
        this.exhausted = true;
        this.onFetchedAll?.();
      },
    );
  }

  /** The next page, in order. One caller at a time: the engine awaits each page before asking again. */
  async next(): Promise<IteratorResult<T>> {
    this.prefetch(this.ahead.length === 0);
    const entry = this.ahead.shift()!;
    const result = await entry.page;
    this.memory?.taken(entry.bytes);
    this.giveBack(result.done ? 0 : this.depth);
    if (result.done) this.finished = true;
    else this.prefetch();
    return result;
  }

  /** Returns the borrowed pages the lane no longer holds past `depth`. */
  private giveBack(depth: number): void {
    for (; this.borrowed > 0 && this.ahead.length < depth + this.borrowed; this.borrowed--) this.extra?.give();
  }

  /**
   * Stops the underlying iterator. The promise settles once a page on its way has ended too (a
   * generator's return() waits for its pending fetch, which the abort signal ends): await it
   * when nothing may still run afterwards.
   */
  close(): Promise<void> {
    this.finished = true;
    this.giveBack(0);
    // Its pages that came are never written: their bytes no longer wait (the others' when they come).
    for (const a of this.ahead) {
      this.memory?.taken(a.bytes);
      a.bytes = 0;
    }
    const ended = Promise.allSettled([...this.ahead.map((a) => a.page), this.iterator.return?.()]);
    return ended.then(() => undefined);
  }
}
