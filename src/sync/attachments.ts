// `pull --with-pdf`: a stream whose documents come with their PDF, fetched while the page before
// is being written (the fetches run inside the stream's prefetch) and a few at a time.
import type { PulledDocument, StreamSource } from './source.js';

/** The PDF of a document, or undefined when the service has none for it (said once in a warning). */
export type PdfFetcher = (doc: PulledDocument, signal: AbortSignal) => Promise<Buffer | undefined>;

const PDFS_IN_FLIGHT = 4;

/**
 * `fn` over every item, `limit` at a time. On the first failure no new item starts, and the
 * failure is thrown only once the calls already running have ended: a stopped pull then has no
 * fetch left running (nor warning left to print) after it reports.
 */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return out;
}

/** `inFlight`: PDFs asked at a time (requests to the service; Infinity for drawings queued on a pool). */
export function withPdfs(source: StreamSource, fetchPdf: PdfFetcher, inFlight = PDFS_IN_FLIGHT): StreamSource {
  return {
    ...source,
    label: `${source.label} +pdf`,
    async *pages(start, signal) {
      for await (const page of source.pages(start, signal)) {
        const pdfs = await mapLimited(page.docs, inFlight, (doc) => fetchPdf(doc, signal));
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
