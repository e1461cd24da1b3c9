// The pull's summary: documents, events and PDFs counted apart, the folder named, "up to date"
// when nothing was new, and what a stopped run kept (only what its last commit made durable).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPull } from '../../../src/sync/pull-engine.js';
import type { StreamSource } from '../../../src/sync/source.js';
import { formatBytes, newSummary, summaryJson, summaryLine, type PullSummary } from '../../../src/sync/summary.js';
import { pulledDoc, pullOptions } from '../../helpers/pulled.js';
import { readNdjson, tempDir } from '../../helpers/tree.js';

const view = { dir: './fiscal-docs', withEvents: true, withPdf: true };
const HTTP = { requests: 3, retries: 0, rateLimited: 0, pacedMs: 0 };

function summary(over: Partial<PullSummary>): PullSummary {
  const s = { ...newSummary([]), ...over };
  if (!over.kept) s.kept = { documents: s.documents, events: s.events, attachments: s.attachments, bytes: s.bytes };
  return s;
}

describe('summary line', () => {
  it('counts documents, events and PDFs apart and names the folder', () => {
    const s = summary({ documents: 812, events: 204, attachments: 812, bytes: 43_200_000, durationMs: 12_345 });
    expect(summaryLine(s, view)).toBe(
      'pulled 812 documents, 204 events, 812 PDFs (41.2 MB) into ./fiscal-docs in 12.3 s',
    );
  });

  it('names events and PDFs only when the run fetches them; one of a kind is singular', () => {
    const s = summary({ documents: 1, bytes: 5_000, durationMs: 400 });
    expect(summaryLine(s, { dir: '/srv/nfe', withEvents: false, withPdf: false })).toBe(
      'pulled 1 document (5 KB) into /srv/nfe in 0.4 s',
    );
  });

  it("events deferred are said with the machine's time and its zone, never 'up to date'", () => {
    const s = newSummary([]);
    s.streams = [{ ...s.streams[0]!, deferred: { events: 12, until: '2026-06-15T17:05:00.000Z' } } as never];
    const until = new Date('2026-06-15T17:05:00.000Z');
    const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(until)
      .find((p) => p.type === 'timeZoneName')!.value;
    const hhmm = `${String(until.getHours()).padStart(2, '0')}:${String(until.getMinutes()).padStart(2, '0')}`;
    expect(summaryLine(s, { ...view, inFolder: 10 }).endsWith(`; 12 events deferred until ${hhmm} ${zone}`)).toBe(true);
  });

  it('a run that found nothing new says the folder is up to date, with what it holds', () => {
    const s = summary({ durationMs: 200 });
    expect(summaryLine(s, { ...view, inFolder: 1107 })).toBe(
      './fiscal-docs is up to date (1,107 documents; nothing new)',
    );
    expect(summaryJson(s, { ...view, inFolder: 1107 }, HTTP)).toMatchObject({
      up_to_date: true,
      in_folder: 1107,
      documents: 0,
    });
  });

  it('a stopped run says what it kept, not what it had fetched, and how to continue', () => {
    const s = summary({
      documents: 350,
      events: 12,
      bytes: 2_000_000,
      stoppedBy: 'interrupted',
      kept: { documents: 300, events: 12, attachments: 0, bytes: 1_258_291 },
    });
    expect(summaryLine(s, { ...view, withPdf: false })).toBe(
      'pull stopped: kept 300 documents, 12 events (1.2 MB) in ./fiscal-docs; run the same command again to continue',
    );
    expect(summaryJson(s, view, HTTP)).toMatchObject({
      documents: 300,
      events: 12,
      pdfs: 0,
      stopped_by: 'interrupted',
      up_to_date: false,
    });
    expect(summaryLine(summary({ stoppedBy: 'max-duration' }), view)).toBe(
      'pull stopped at --max-duration: nothing new was kept in ./fiscal-docs; run the same command again to continue',
    );
  });

  it('a run stopped by an error the same command would meet again says to fix it first', () => {
    expect(summaryLine(summary({ stoppedBy: 'error', fixFirst: true }), view)).toBe(
      'pull stopped: nothing new was kept in ./fiscal-docs; fix what the error below names, then run the same command again to continue',
    );
    expect(summaryLine(summary({ stoppedBy: 'error' }), view)).toMatch(/; run the same command again to continue$/);
  });

  it('formats sizes for people', () => {
    expect([0, 1, 870 * 1024, 41.2 * 1024 * 1024, 3.4 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 KB',
      '1 KB',
      '870 KB',
      '41.2 MB',
      '3.4 GB',
    ]);
  });
});

const doc = (n: number) => pulledDoc(n);

describe('what a failing run kept', () => {
  it('the summary handed to the engine holds the committed pages when a later page fails', async () => {
    const dir = tempDir();
    const failing: StreamSource = {
      key: { account: 'acc', baseUrl: 'emulator', type: 'nfe', role: 'received', owner: '' },
      endpoint: 'v1',
      filters: '{}',
      label: 'docs',
      async *pages() {
        yield {
          docs: [doc(1), doc(2)],
          from: 'cursor 0',
          resume: { cursor: 1, paginator: null, createdHighWater: null },
        };
        throw new Error('the server went away');
      },
    };
    const s = newSummary([failing]);
    const run = runPull({ ...pullOptions(dir, [failing]), concurrency: 1, summary: s });
    await expect(run).rejects.toThrow('the server went away');
    expect(readNdjson(join(dir, 'index.ndjson'))).toHaveLength(2);
    expect(s.kept).toMatchObject({ documents: 2, events: 0, attachments: 0 });
    expect(s.kept.bytes).toBe(doc(1).xml.length + doc(2).xml.length);
  });
});
