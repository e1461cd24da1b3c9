// `pull --with-pdf`: a stream whose documents come with their PDF, fetched while the page before
// is being written (the fetches run inside the stream's prefetch) and a few at a time.
import type { PulledDocument, StreamSource } from './source.js';

/** The PDF of a document, or undefined when the service has none for it (said once in a warning). */
export type PdfFetcher = (doc: PulledDocument, signal: AbortSignal) => Promise<Buffer | undefined>;

const PDFS_IN_FLIGHT = 4;

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function withPdfs(source: StreamSource, fetchPdf: PdfFetcher): StreamSource {
  return {
    ...source,
    label: `${source.label} +pdf`,
    async *pages(start, signal) {
      for await (const page of source.pages(start, signal)) {
        const pdfs = await mapLimited(page.docs, PDFS_IN_FLIGHT, (doc) => fetchPdf(doc, signal));
        yield {
          ...page,
          docs: page.docs.map((doc, i) => {
            const pdf = pdfs[i];
            return pdf ? { ...doc, attachments: [...(doc.attachments ?? []), { suffix: '.pdf', data: pdf }] } : doc;
          }),
        };
      }
    },
  };
}
