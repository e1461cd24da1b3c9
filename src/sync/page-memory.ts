// The pages fetched ahead of the writer, all lanes together, as bytes: a lane asks for its next
// page only while the pages that came and wait to be written, and those asked for (counted at the
// size of the last page that came), fit a budget (docs/pull.md, Memory).
//
// Designed here: the budget is --concurrency + 1 pages of some 2 MB (250 NF-e are 1.6 MB). Under
// latency the writer takes each page as it comes, nothing waits, and --concurrency requests stay
// in flight; on a fast service pages come faster than they are written, and the lanes ask for no
// more until the writer took some. Before, each lane held its own pages ahead whatever the others
// held: eight lanes of a split stream at --concurrency 4, eight pages and more. A source's
// generator also kept the documents of the page it last gave (a lane held back asks for no next
// page): the engine empties each page once written (pull-engine.ts).

/** Bytes of pages ahead per request in flight (--concurrency), and one more. */
export const AHEAD_BYTES_PER_REQUEST = 2 * 1024 * 1024;

export class PageMemory<T> {
  /** Bytes of the pages that came and were not taken by the writer yet. */
  private waiting = 0;
  /** Pages asked for whose answer has not come. */
  private asked = 0;
  /** The bytes of the last page that came: what a page asked for is expected to hold. */
  private typical = 0;
  private readonly wakers: Array<() => void> = [];

  constructor(
    private readonly sizeOf: (page: T) => number,
    private readonly max: number,
  ) {}

  /** Whether a lane may ask for a page now: nothing waits nor is asked, or one more fits. */
  get admits(): boolean {
    if (this.waiting === 0 && this.asked === 0) return true;
    return this.waiting + (this.asked + 1) * this.typical <= this.max;
  }

  /** A lane asked for a page. */
  ask(): void {
    this.asked++;
  }

  /** A page asked for came (answers the bytes it counts for, given back by taken()); undefined: none came (the end, a failure, a closed lane). */
  came(page: T | undefined): number {
    this.asked--;
    if (page === undefined) return 0;
    const bytes = this.sizeOf(page);
    this.typical = bytes;
    this.waiting += bytes;
    return bytes;
  }

  /** The writer took a page of `bytes`: lanes waiting for room ask again. */
  taken(bytes: number): void {
    this.waiting -= bytes;
    if (this.admits) for (const wake of this.wakers.splice(0)) wake();
  }

  /** Settles once a page was taken and there is room. */
  room(): Promise<void> {
    return new Promise((resolve) => this.wakers.push(resolve));
  }
}
