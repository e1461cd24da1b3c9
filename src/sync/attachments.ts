// `pull --with-pdf`: a stream whose documents come with their PDF, fetched a few at a time while
// the pages before are being written (the fetches run inside the stream's prefetch). A page is
// handed on in parts as its PDFs come, so that a run stopped inside a page (its time limit, a
// signal) keeps the documents whose PDFs it already has: only the page's last part moves the
// stream's position, and a re-run lists the page again and fetches only the PDFs it lacks.
// Drawings on a pool (`pull --with-pdf local`) start as their page arrives, the page is handed on
// whole once they are drawn, and the next pages are listed meanwhile (two ahead): the pool waits for the listing only when the service is slower
// than the drawing (the pool sat idle through every page's request, a third of such a pull). The
// run's first page drawn goes on in parts as its drawings come (partsAsDrawn).
import type { KnownDocument, PulledDocument, SourcePage, StreamSource } from './source.js';

/** The PDF of a document, or undefined when the service has none for it (said once in a warning). */
export type PdfFetcher = (doc: PulledDocument, signal: AbortSignal) => Promise<Buffer | undefined>;

const PDFS_IN_FLIGHT = 4;
/**
 * Pages listed ahead of the one whose parts are handed on, when drawing on a pool: their drawings
 * are queued as they come, so that the pool has work through a slow answer of the listing (one
 * page ahead left the drawing thread idle whenever the next page came later than the pool drew
 * the one in hand), and the listing is not held while the pool works through a backlog.
 */
const LISTED_AHEAD = 2;

/**
 * The least documents a part of the run's first drawn page holds (its last part aside). That page
 * is drawn by a thread whose code is still warming up (some 0.3 s for 250 DANFes), and handed on
 * whole the engine had nothing to write meanwhile: the main and catalog threads sat idle beside
 * it, the one stretch of a PDF pull with a core to spare. A part is a write and a catalog commit
 * more; the later pages find most of their drawings done, and go on whole.
 */
const FIRST_PAGE_PART = 64;

interface Fetched {
  pdf: Promise<Buffer | undefined>;
  /** The answer has come (or the fetch failed): awaiting it costs nothing. */
  settled: boolean;
}

/**
 * Every document's PDF, `inFlight` at a time, started in order. On the first failure no new
 * fetch starts: the ones waiting fail without a request.
 */
function fetchInOrder(
  docs: readonly PulledDocument[],
  fetchPdf: PdfFetcher,
  signal: AbortSignal,
  inFlight: number,
): Fetched[] {
  const waiting: Array<(go: boolean) => void> = [];
  let free = inFlight;
  const release = () => {
    const next = waiting.shift();
    if (next) next(true);
    else free++;
  };
  const failed = () => {
    for (const stop of waiting.splice(0)) stop(false);
  };
  return docs.map((doc) => {
    const fetched = { settled: false } as Fetched;
    fetched.pdf = (async () => {
      if (free > 0) free--;
      else if (!(await new Promise<boolean>((go) => waiting.push(go)))) throw new Error('not fetched');
      try {
        return await fetchPdf(doc, signal);
      } catch (error) {
        failed();
        throw error;
      } finally {
        release();
      }
    })();
    fetched.pdf.then(
      () => (fetched.settled = true),
      () => (fetched.settled = true),
    );
    return fetched;
  });
}

const withPdf = (doc: PulledDocument, pdf: Buffer | undefined): PulledDocument =>
  pdf ? { ...doc, attachments: [...(doc.attachments ?? []), { suffix: '.pdf', data: pdf }] } : doc;

/**
 * `inFlight`: PDFs asked at a time (requests to the service), or Infinity for drawings queued on a
 * pool: those of the next page are then queued as soon as it is listed.
 */
export function withPdfs(source: StreamSource, fetchPdf: PdfFetcher, inFlight = PDFS_IN_FLIGHT): StreamSource {
  const started = (page: SourcePage, signal: AbortSignal, known: KnownDocument | undefined) =>
    startFetches(page, fetchPdf, signal, known, inFlight);
  return {
    ...source,
    label: `${source.label} +pdf`,
    async *pages(start, signal, known) {
      if (inFlight !== Infinity) {
        for await (const page of source.pages(start, signal, known)) yield* inParts(started(page, signal, known));
        return;
      }
      const pages = source.pages(start, signal, known)[Symbol.asyncIterator]();
      const listed = () => {
        const next = pages.next().then((r) => (r.done ? undefined : started(r.value, signal, known)));
        // Its failure is thrown where it is awaited, after the parts of the pages before it.
        next.catch(() => undefined);
        return next;
      };
      const ahead = [listed()];
      try {
        let first = true;
        for (let page = await ahead.shift(); page; page = await ahead.shift()) {
          while (ahead.length < LISTED_AHEAD) ahead.push(listed());
          if (first && page.fetches.length > 0) {
            first = false;
            yield* inParts(page, FIRST_PAGE_PART);
          } else yield* whole(page);
        }
      } finally {
        // A stopped pull leaves no listing nor drawing running: the pages on their way are awaited
        // (the stream's signal ends their requests), their drawings with them.
        for (const next of ahead.splice(0)) {
          const page = await next.catch(() => undefined);
          if (page) await Promise.allSettled(page.fetches.map((f) => f.pdf));
        }
        await pages.return?.();
      }
    },
  };
}

/** A page whose PDFs are asked (or queued), each document's on its way. */
interface StartedPage {
  page: SourcePage;
  fetches: Fetched[];
  pdfOf: Map<PulledDocument, Fetched>;
}

/** Asks the PDF of every document of `page` the folder does not have: the engine skips the others anyway. */
function startFetches(
  page: SourcePage,
  fetchPdf: PdfFetcher,
  signal: AbortSignal,
  known: KnownDocument | undefined,
  inFlight: number,
): StartedPage {
  const wanted = page.docs.filter((doc) => !known?.(doc));
  const fetches = fetchInOrder(wanted, fetchPdf, signal, inFlight);
  return { page, fetches, pdfOf: new Map(wanted.map((doc, i) => [doc, fetches[i]!])) };
}

/**
 * The page's documents with their drawings, whole: a page's drawings take a tenth of a second, so
 * a run stopped inside one draws them again at most, and a page handed on in parts (the first as
 * soon as its first drawing came, one document) cost the engine a write and a catalog commit per
 * part: some four per page.
 */
async function* whole({ page, fetches, pdfOf }: StartedPage): AsyncGenerator<SourcePage> {
  try {
    await Promise.all(fetches.map((f) => f.pdf));
    const docs: PulledDocument[] = [];
    for (const doc of page.docs) {
      const drawn = pdfOf.get(doc);
      docs.push(drawn ? withPdf(doc, await drawn.pdf) : doc);
    }
    yield { ...page, docs };
  } finally {
    await Promise.allSettled(fetches.map((f) => f.pdf));
  }
}

/**
 * The page's documents with their PDFs, in parts: each part is every document from the last
 * part on whose PDF has come, at least `least` of them (or all that are left), waiting for the
 * next PDF while fewer have come.
 */
async function* inParts({ page, fetches, pdfOf }: StartedPage, least = 1): AsyncGenerator<SourcePage> {
  try {
    let from = 0;
    do {
      const part: PulledDocument[] = [];
      for (let i = from; i < page.docs.length; i++) {
        const doc = page.docs[i]!;
        const fetched = pdfOf.get(doc);
        if (fetched && !fetched.settled && part.length >= least) break;
        part.push(withPdf(doc, fetched ? await fetched.pdf : undefined));
      }
      from += part.length;
      if (from === page.docs.length) {
        yield { ...page, docs: part };
      } else {
        // What the page says of its listing (statuses learnt) goes with its last part, once.
        const { statuses: _statuses, ...rest } = page;
        yield { ...rest, docs: part, continued: true };
      }
    } while (from < page.docs.length);
  } finally {
    // A stopped pull has no fetch left running (nor warning left to print) after it reports.
    await Promise.allSettled(fetches.map((f) => f.pdf));
  }
}
