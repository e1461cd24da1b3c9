// `pull --with-pdf local` draws on a pool several pages ahead of what it writes (src/sync/
// attachments.ts, Infinity in flight): a drawing that fails (not an XML the renderer refuses,
// which is written without its PDF: a thread lost, a bug) stops the run with that error, keeps
// the documents handed on before it, each with its PDF, and a re-run ends as one run that never
// failed: every document once in the index, each beside its PDF.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPdfs, type PdfFetcher } from '../../../src/sync/attachments.js';
import { runPull } from '../../../src/sync/pull-engine.js';
import type { PulledDocument, StreamSource } from '../../../src/sync/source.js';
import { OWNER, pulledDoc, pullOptions } from '../../helpers/pulled.js';
import { readNdjson, tempDir } from '../../helpers/tree.js';

const PAGES = [1, 2, 3, 4, 5].map((p) => Array.from({ length: 6 }, (_, i) => pulledDoc(p * 10 + i)));

/** A listing of PAGES by cursor; `listed` records each page as it is asked. */
function listing(listed: number[] = []): StreamSource {
  return {
    key: { account: 'acc', baseUrl: 'emulator', type: 'nfe', role: 'received', owner: '' },
    endpoint: 'v1',
    filters: '{}',
    label: 'nfe received',
    async *pages(start) {
      for (let i = start?.cursor ?? 0; i < PAGES.length; i++) {
        listed.push(i);
        yield {
          docs: PAGES[i]!,
          from: `cursor ${i}`,
          resume: { cursor: i + 1, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}

const pdfOf = (d: PulledDocument) => Buffer.from(`%PDF-1.3 ${d.number}\n%%EOF\n`);

/** Draws on a later turn of the event loop, as a pool's thread answers. */
const drawn =
  (fail?: (d: PulledDocument) => Error | undefined): PdfFetcher =>
  async (d) => {
    await new Promise((resolve) => setImmediate(resolve));
    const error = fail?.(d);
    if (error) throw error;
    return pdfOf(d);
  };

const pull = (dir: string, draw: PdfFetcher) => runPull(pullOptions(dir, [withPdfs(listing(), draw, Infinity)]));

function pdfsIn(dir: string): string[] {
  const folder = join(dir, OWNER, 'nfe', 'received', '2026-01');
  return existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.pdf')) : [];
}

describe('pull --with-pdf local: a drawing that fails mid-pull', () => {
  it('stops the run naming the error, keeps what was handed on before it with its PDFs, and a re-run ends as one run', async () => {
    const clean = tempDir();
    await pull(clean, drawn());
    const dir = tempDir();
    const lost = new Error('a render worker stopped (exit 1)');
    // The first document of the fourth page: pages 1 to 3 are handed on before it, some drawn ahead.
    await expect(
      pull(
        dir,
        drawn((d) => (d.number === '40' ? lost : undefined)),
      ),
    ).rejects.toThrow('a render worker stopped (exit 1)');
    const kept = readNdjson(join(dir, 'index.ndjson'));
    expect(kept.map((l) => l.key)).toEqual(PAGES.slice(0, 3).flatMap((p) => p.map((d) => d.key)));
    // Every document kept has its PDF beside it, and no PDF lies beside a document not kept.
    expect(pdfsIn(dir).sort()).toEqual(kept.map((l) => `${l.key}.pdf`).sort());
    for (const l of kept)
      expect(readFileSync(join(dir, l.path.replace(/\.xml$/, '.pdf')), 'utf8')).toContain('%PDF-1.3');
    const again = await pull(dir, drawn());
    expect(again.documents).toBe(PAGES.length * 6 - kept.length);
    const lines = readNdjson(join(dir, 'index.ndjson'));
    expect(lines).toEqual(readNdjson(join(clean, 'index.ndjson')));
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
    expect(pdfsIn(dir).sort()).toEqual(pdfsIn(clean).sort());
  });

  it('lists two pages ahead of the one handed on, each drawn as it comes', async () => {
    const listed: number[] = [];
    const asked: string[] = [];
    const pages = withPdfs(
      listing(listed),
      async (d) => {
        asked.push(d.number);
        return pdfOf(d);
      },
      Infinity,
    ).pages(undefined, new AbortController().signal);
    const it = pages[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.value.docs[0].number).toBe('10');
    for (let i = 0; i < 20 && listed.length < 3; i++) await new Promise((r) => setImmediate(r));
    // Pages 2 and 3 are listed, their drawings queued, while page 1 is still being handed on.
    expect(listed).toEqual([0, 1, 2]);
    expect(asked).toContain('30');
    expect(asked).not.toContain('40');
    await it.return!(undefined);
  });
});
