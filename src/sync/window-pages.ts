// A backfill's windows in whole pages (designed here, issue 28): where the plan (backfill-plan.ts)
// places its boundaries when it knows how many documents a window's request reads.

/**
 * A window planned in whole pages ends at least this share of a page before its last page's end
 * (wholePages): a tenth of a page, 25 documents at 250, covers what an interpolated boundary
 * misses by on the bench's account; 0.05 to 0.15 planned the same pages over 63 accounts of 6k to
 * 26k documents (fake counts, 4,037 pages for 4,141 with windows of equal shares), 0.2 a page more.
 */
const PAGE_MARGIN = 0.1;

/**
 * The boundaries (documents before each) of `n` windows that read `upTo` documents in whole pages
 * of `pageSize` (designed here, issue 28): each window a little short of its last page's end, the
 * first ones a page longer when the pages do not divide evenly. Windows of equal shares end in a
 * part page each, eight of them on the bench's 20k account: 48 pages where 45 hold its
 * documents; so planned, 46. A window is short by at least PAGE_MARGIN of a page, what an
 * interpolated boundary misses by (some 30 documents on that account): a window that misses by
 * more costs the page it would have cost anyway. Undefined with fewer pages than windows.
 */
export function wholePages(upTo: number, n: number, pageSize: number): number[] | undefined {
  const pages = Math.ceil((upTo + n * Math.ceil(pageSize * PAGE_MARGIN)) / pageSize);
  if (n < 2 || pages < n) return undefined;
  // What each window is short of its pages' end: the margin, and the pages' slack shared out.
  const short = (pages * pageSize - upTo) / n;
  const targets: number[] = [];
  let before = 0;
  for (let i = 0; i < n - 1; i++) {
    before += Math.floor(pages / n) + (i < pages % n ? 1 : 0);
    targets.push(Math.round(before * pageSize - (i + 1) * short));
  }
  return targets;
}
