// The pull engine's events phase and attachments, with in-memory streams: events are placed
// beside the documents already in the folder, a cancellation shows in index.ndjson, an event of a
// document the run has not seen is skipped when old and kept for the next run when recent, and
// `--with-pdf` attachments are written beside their document.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPdfs } from '../../../src/sync/attachments.js';
import { runPull } from '../../../src/sync/pull-engine.js';
import type { PulledDocument, SourcePage, StreamSource } from '../../../src/sync/source.js';
import { OWNER, pulledDoc, pulledKey, pullOptions } from '../../helpers/pulled.js';
import { readNdjson, snapshot, tempDir } from '../../helpers/tree.js';

const key = pulledKey;
const doc = (n: number) => pulledDoc(n);

function event(n: number, type: string, createdAt: string, seq = 1): PulledDocument {
  return {
    ...doc(n),
    role: '',
    owner: '',
    xml: Buffer.from(`<procEventoNFe n="${n}" t="${type}"/>`),
    status: null,
    event: { type, seq, createdAt },
  };
}

/** A stream over fixed pages; a run resumes after the pages its checkpoint counts. */
function source(name: string, pages: PulledDocument[][], phase?: 'events'): StreamSource {
  return {
    key: { account: 'acc', baseUrl: 'emulator', type: 'nfe', role: phase ? 'events' : 'received', owner: '' },
    endpoint: 'v1',
    filters: '{}',
    label: name,
    ...(phase ? { phase } : {}),
    async *pages(start) {
      for (let i = start?.cursor ?? 0; i < pages.length; i++) {
        const page: SourcePage = {
          docs: pages[i]!,
          from: `cursor ${i}`,
          resume: { cursor: i + 1, paginator: null, createdHighWater: null },
        };
        yield page;
      }
    },
  };
}

function pull(dir: string, sources: StreamSource[]) {
  return runPull(pullOptions(dir, sources));
}

const OLD = '2026-01-20T10:00:00-03:00';

describe('pull events phase', () => {
  it('writes each event beside its document and the cancellation status into the index', async () => {
    const dir = tempDir();
    const docs = source('docs', [[doc(1), doc(2)], [doc(3)]]);
    const events = source(
      'events',
      [[event(2, '110111', OLD), event(3, '110110', OLD)], [event(9, '110111', OLD)]],
      'events',
    );
    const summary = await pull(dir, [docs, events]);
    const lines = readNdjson(join(dir, 'index.ndjson'));
    // Documents first (the events phase starts after them), then one line per event placed.
    expect(lines.map((l) => l.event ?? 'doc')).toEqual(['doc', 'doc', 'doc', '110111', '110110']);
    const cancel = lines[3]!;
    expect(cancel).toMatchObject({ key: key(2), role: 'received', owner: OWNER, status: 'canceled', seq: 1 });
    expect(cancel.path).toBe(`${OWNER}/nfe/received/2026-01/${key(2)}-110111-1.xml`);
    expect(readFileSync(join(dir, cancel.path), 'utf8')).toContain('t="110111"');
    expect(lines[4]).toMatchObject({ key: key(3), status: 'authorized', event: '110110' });
    // The event of a document that is not here, older than the run, is skipped.
    expect(summary.streams[1]).toMatchObject({ documents: 0, events: 2, skipped: 1 });
    // Documents and events are counted apart.
    expect(summary).toMatchObject({ documents: 3, events: 2, attachments: 0 });
  });

  it('is idempotent: a second run writes nothing new and leaves the folder byte-identical', async () => {
    const dir = tempDir();
    const make = () => [source('docs', [[doc(1), doc(2)]]), source('events', [[event(1, '110111', OLD)]], 'events')];
    const first = await pull(dir, make());
    expect(first).toMatchObject({ documents: 2, events: 1 });
    const before = snapshot(dir);
    const again = await pull(dir, make());
    expect(again).toMatchObject({ documents: 0, events: 0 });
    expect(snapshot(dir)).toEqual(before);
  });

  it('keeps a recent event of a document not pulled yet for the next run, which places it', async () => {
    const dir = tempDir();
    const recent = new Date().toISOString();
    const eventPages = [[event(1, '110110', OLD)], [event(5, '110111', recent)]];
    await pull(dir, [source('docs', [[doc(1)]]), source('events', eventPages, 'events')]);
    expect(readNdjson(join(dir, 'index.ndjson')).map((l) => l.event ?? 'doc')).toEqual(['doc', '110110']);
    // Next run: the document arrived (a second page of its listing), and the held page is read again.
    await pull(dir, [source('docs', [[doc(1)], [doc(5)]]), source('events', eventPages, 'events')]);
    const lines = readNdjson(join(dir, 'index.ndjson'));
    expect(lines.map((l) => `${l.key.slice(-12)}:${l.event ?? 'doc'}`)).toEqual([
      `${key(1).slice(-12)}:doc`,
      `${key(1).slice(-12)}:110110`,
      `${key(5).slice(-12)}:doc`,
      `${key(5).slice(-12)}:110111`,
    ]);
    expect(lines[3]!.status).toBe('canceled');
  });
});

describe('pull attachments', () => {
  it('writes the PDF beside its document; a document without one is still written', async () => {
    const dir = tempDir();
    const asked: string[] = [];
    const pdfs = withPdfs(source('docs', [[doc(1), doc(2)]]), async (d) => {
      asked.push(d.key);
      return d.key === key(2) ? undefined : Buffer.from(`%PDF-1.4 ${d.number}`);
    });
    const summary = await pull(dir, [pdfs]);
    const folder = join(dir, OWNER, 'nfe', 'received', '2026-01');
    expect(asked).toEqual([key(1), key(2)]);
    expect(readFileSync(join(folder, `${key(1)}.pdf`), 'utf8')).toBe('%PDF-1.4 1');
    expect(existsSync(join(folder, `${key(2)}.pdf`))).toBe(false);
    expect(existsSync(join(folder, `${key(2)}.xml`))).toBe(true);
    // PDFs are companions of the documents: the index lists the XML files only.
    expect(readNdjson(join(dir, 'index.ndjson')).map((l) => l.path.slice(-4))).toEqual(['.xml', '.xml']);
    // ... but they are counted, apart, and their bytes with the rest.
    const xmlBytes = doc(1).xml.length + doc(2).xml.length;
    expect(summary).toMatchObject({ documents: 2, attachments: 1, bytes: xmlBytes + '%PDF-1.4 1'.length });
    expect(summary.kept).toEqual({ documents: 2, events: 0, attachments: 1, bytes: xmlBytes + '%PDF-1.4 1'.length });
  });

  it('a failing PDF fetch fails the page only once the fetches already running have ended', async () => {
    let running = 0;
    const pdfs = withPdfs(source('docs', [[doc(1), doc(2), doc(3), doc(4)]]), async (d) => {
      running++;
      try {
        if (d.key === key(1)) throw new Error('boom');
        await new Promise((r) => setTimeout(r, 50));
        return Buffer.from('%PDF');
      } finally {
        running--;
      }
    });
    const pages = pdfs.pages(undefined, new AbortController().signal)[Symbol.asyncIterator]();
    await expect(pages.next()).rejects.toThrow('boom');
    // Nothing is left running after the failure is known (a stopped pull reports after it).
    expect(running).toBe(0);
  });
});
