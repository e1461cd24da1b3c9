// The pages fetched ahead of the writer, all lanes together, as bytes: a lane asks for its next
// page only while the pages that came and wait to be written stay under a budget, and while fewer
// than the slots' lanes are asked for (stream-lanes.ts; docs/pull.md, Memory).
//
// Designed here: only the pages that came count against the budget (AHEAD_BYTES, some four pages
// of 250 NF-e), not those on their way. Under latency a page asked for holds nothing
// until its answer comes, and the writer takes each page as it comes: --concurrency requests stay
// in flight as long as the writer is not pages behind. On a fast service pages come faster than
// they are written: they wait, and the lanes stop asking (at most the budget, and the
// --concurrency pages then on their way). Before, each lane held its own pages ahead whatever the
// others held: eight lanes of a split stream at --concurrency 4, eight pages, and the requests
// queued behind the in-flight ones. A source's generator also kept the documents of the page it
// last gave (a lane held back asks for no next page): the engine empties each page once written
// (pull-streams.ts).

/** Bytes of pages waiting to be written past which no lane asks for another. */
const AHEAD_BYTES = 6 * 1024 * 1024;

/**
 * Bytes a page occupies from its request to its row in the catalog, all pages together, past
 * which no lane asks for another: the pages waiting to be written, those on their way (at the
 * size of the last ones), and the files the catalog's thread keeps for rows not inserted yet
 * (`elsewhere`). Designed here (issue 22): where the catalog's thread is the slower end (a local
 * pull), each stage filled its own budget (6 MB waiting, and up to eight pages then on their way;
 * 12 MB of files at the thread, and the pages written while a commit ran), some 15 page-sized
 * buffers at the peak of a 1M pull; a page that waits behind a full thread does not make the pull
 * faster. Some seven pages of 250 NF-e: 12 MB, not the 16 first chosen, with the thread's 8
 * (HELD_BYTES), a 50k pull's peak 137 to 140 MB against 143 to 150 (docs/bench.md, Issue 28: a
 * leaner peak); under latency the budget does not bind (a page a slot whenever none waits). 10 MB
 * since (with the pools keeping one answer, one slab and two jobs' buffers): a 1M pull's peak
 * 146.5 against 151.8 MB, the local and PDF pulls as fast (docs/bench.md, Issue 28: the last
 * megabytes of the 1M peak).
 */
const TOTAL_BYTES = 10 * 1024 * 1024;

export class PageMemory<T> {
  /** Bytes of the pages that came and were not taken by the writer yet. */
  private waiting = 0;
  /** Pages asked for whose answer has not come. */
  private asked = 0;
  /** The bytes of the last pages that came, on average: what a page on its way will hold. */
  private page = 0;
  private readonly wakers: Array<() => void> = [];

  constructor(
    private readonly sizeOf: (page: T) => number,
    /** Pages asked for at once at most (the lanes of the --concurrency slots). */
    private readonly maxAsked: number,
    private readonly max = AHEAD_BYTES,
    /** Bytes of pages written and not catalogued yet (CatalogWriter.held), counted in TOTAL_BYTES. */
    private readonly elsewhere: () => number = () => 0,
    private readonly total = TOTAL_BYTES,
  ) {}

  /**
   * Whether a lane may ask for a page now. While no page waits (the writer waits for one), half
   * of maxAsked (the --concurrency slots) may be on their way whatever the budgets: under latency
   * the catalog's thread may be a commit behind while the requests are what the pull waits on.
   */
  get admits(): boolean {
    if (this.asked >= this.maxAsked) return false;
    if (this.waiting === 0 && this.asked < Math.ceil(this.maxAsked / 2)) return true;
    return this.waiting < this.max && this.waiting + this.asked * this.page + this.elsewhere() < this.total;
  }

  /** A lane asked for a page. */
  ask(): void {
    this.asked++;
  }

  /** A page asked for came (answers the bytes it counts for, given back by taken()); undefined: none came (the end, a failure, a closed lane). */
  came(page: T | undefined): number {
    this.asked--;
    const bytes = page === undefined ? 0 : this.sizeOf(page);
    this.waiting += bytes;
    if (bytes > 0) this.page = this.page === 0 ? bytes : (this.page * 3 + bytes) / 4;
    this.wake();
    return bytes;
  }

  /** The writer took a page of `bytes`: lanes waiting for room ask again. */
  taken(bytes: number): void {
    this.waiting -= bytes;
    this.wake();
  }

  /** Bytes counted elsewhere were let go: lanes waiting for room ask again. */
  released(): void {
    this.wake();
  }

  private wake(): void {
    if (this.admits) for (const wake of this.wakers.splice(0)) wake();
  }

  /** Settles once there is room (a page was taken, or one asked for came). */
  room(): Promise<void> {
    return new Promise((resolve) => this.wakers.push(resolve));
  }
}
