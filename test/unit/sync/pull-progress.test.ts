import { describe, expect, it } from 'vitest';
import { pullProgress } from '../../../src/commands/pull/shared.js';
import { EVENTS_ROLE } from '../../../src/sync/sources/events.js';
import type { PullSummary, StreamSummary } from '../../../src/sync/summary.js';

const stream = (o: Partial<StreamSummary>): StreamSummary => ({
  label: 'nfe received',
  type: 'nfe',
  role: 'received',
  owner: '',
  endpoint: 'v2',
  documents: 0,
  events: 0,
  attachments: 0,
  bytes: 0,
  skipped: 0,
  refused: [],
  refusedCount: 0,
  ...o,
});
const zero = { documents: 0, events: 0, attachments: 0, bytes: 0 };
const summary = (streams: StreamSummary[], counts: Partial<typeof zero> = {}): PullSummary => ({
  ...zero,
  ...counts,
  durationMs: 0,
  kept: zero,
  streams,
});

describe('pullProgress', () => {
  it('counts documents listed against the listing total, events apart, and PDFs with their bytes', () => {
    const s = summary(
      [
        stream({ documents: 90, skipped: 10, total: 400, firstFrom: 'start' }),
        stream({ role: 'emitted', documents: 50, total: 100, firstFrom: 'start' }),
        stream({ role: EVENTS_ROLE, endpoint: 'v1', events: 7 }),
      ],
      { events: 7, attachments: 140, bytes: 6_000_000 },
    );
    expect(pullProgress(s)).toEqual({ done: 150, total: 500, events: 7, pdfs: 140, bytes: 6_000_000 });
  });

  it('has no total when a stream does not say it, or resumed its listing in the middle', () => {
    expect(pullProgress(summary([stream({ endpoint: 'v1', documents: 5 })])).total).toBeUndefined();
    const resumed = summary([
      stream({ documents: 5, total: 400, firstFrom: 'paginator abc' }),
      stream({ role: 'emitted', total: 9, firstFrom: 'start' }),
    ]);
    expect(pullProgress(resumed)).toMatchObject({ done: 5, total: undefined });
    const resumedV1 = summary([stream({ endpoint: 'v1', documents: 5, total: 400, firstFrom: 'cursor 250' })]);
    expect(pullProgress(resumedV1).total).toBeUndefined();
  });

  it("a backfill planned in this run: its stream's total from the plan's count, its windows' documents toward it", () => {
    // Before the stream itself has a page of its own (its windows' pages come first).
    const planned = summary([stream({ endpoint: 'v1', documents: 2500, total: 11186, counted: true })]);
    expect(pullProgress(planned)).toMatchObject({ done: 2500, total: 11186 });
    // Then from its own first page, a v1 cursor at 0 of its range.
    const reading = summary([
      stream({ endpoint: 'v1', documents: 9000, total: 11186, counted: true, firstFrom: 'cursor 0' }),
    ]);
    expect(pullProgress(reading)).toMatchObject({ done: 9000, total: 11186 });
    // A total no plan counted, on a listing not read from its start, is no run's total.
    expect(pullProgress(summary([stream({ documents: 9, total: 11186 })])).total).toBeUndefined();
  });
});
