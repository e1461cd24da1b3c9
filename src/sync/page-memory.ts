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

export class PageMemory<T> {
  /** Bytes of the pages that came and were not taken by the writer yet. */
  private waiting = 0;
  /** Pages asked for whose answer has not come. */
  private asked = 0;
  private readonly wakers: Array<() => void> = [];

  constructor(
    private readonly sizeOf: (page: T) => number,
    /** Pages asked for at once at most (the lanes of the --concurrency slots). */
    private readonly maxAsked: number,
    private readonly max = AHEAD_BYTES,
  ) {}

  /** Whether a lane may ask for a page now. */
  get admits(): boolean {
    return this.asked < this.maxAsked && this.waiting < this.max;
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
    this.wake();
    return bytes;
  }

  /** The writer took a page of `bytes`: lanes waiting for room ask again. */
  taken(bytes: number): void {
    this.waiting -= bytes;
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
