// A pull's PDFs: drawn here from the XML on the render pool (`--with-pdf local`), or the
// service's, where a document it has none for is written without one (`--with-pdf`).
import type { EventDocType } from '../../api/wire/events.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import type { RenderType } from '../../fiscal/render/index.js';
import type { RenderPool } from '../../fiscal/render/pool.js';
import type { PdfFetcher } from '../../sync/attachments.js';
import type { CanceledRedraw } from '../../sync/redraw-canceled.js';
import type { StreamSource } from '../../sync/source.js';

export interface LocalPdfDrawer extends CanceledRedraw {
  /**
   * The streams whose events phase takes the listing's statuses (a first pull's): the first answer
   * of their canceled notes is asked as the run starts, and those notes drawn CANCELADA at once.
   */
  learnCanceled(sources: readonly StreamSource[]): void;
  /** Starts the pool and loads the renderer now, while the pull waits for its first page. */
  start(signal: AbortSignal): void;
  close(): Promise<void>;
}

/**
 * `--with-pdf local`: each document's PDF drawn from its XML on the render pool's worker threads
 * while the pages before are written, CANCELADA when the service lists it canceled. The pool (and the
 * drawing code, in the workers) starts with the run, before its first page comes; an XML that cannot be
 * drawn is written without its PDF, with a warning, as a 422 of the API is.
 */
export function localPdfDrawer(ctx: Context, type: EventDocType): LocalPdfDrawer {
  let pool: Promise<RenderPool> | undefined;
  const started = () =>
    (pool ??= import('../../fiscal/render/pool.js').then(async (p) => {
      // A type of the registry without a drawing of its own (RENDER_TYPES) has no local PDF.
      const { RENDER_TYPES } = await import('../../fiscal/render/index.js');
      if (!(RENDER_TYPES as readonly string[]).includes(type))
        throw new UsageError(`--with-pdf local: ${type} has no local PDF`);
      // One drawing thread, and one per core at most while pages back up and cores are idle
      // (pool-size.ts): on a busy machine one thread draws as fast as two, with a fifth less CPU,
      // but beside a pull that leaves a core partly idle (reading pages, writing files) a single
      // thread was the pull's bottleneck.
      const created = p.createRenderPool({ log: (m) => ctx.log.debug(m) });
      void created.preload(type as RenderType).catch(() => undefined);
      return created;
    }));
  let aheads: Array<(signal: AbortSignal) => Promise<readonly string[]>> = [];
  /** Keys the listings said canceled as the run started; the empty set when none was asked (or it failed). */
  let listedCanceled: Promise<ReadonlySet<string>> = Promise.resolve(new Set());
  /** Keys this run drew CANCELADA from that answer: their copies are not drawn again (redraw-canceled.ts). */
  const drawnCanceled = new Set<string>();
  const draw: PdfFetcher = async (doc) => {
    try {
      const pool = await started();
      // Waited for with the pool's start: the first page's documents come at about the same time.
      const canceled = doc.status === 'canceled' || (await listedCanceled).has(doc.key);
      if (canceled && doc.status !== 'canceled') drawnCanceled.add(doc.key);
      return await pool.render(type as RenderType, doc.xml, { canceled });
    } catch (error) {
      if ((error as Error).name !== 'RenderError') throw error;
      ctx.log.warn(`${type} ${doc.key}: written without its PDF (${(error as Error).message})`);
      return undefined;
    }
  };
  return {
    draw,
    drawnCanceled: (key) => drawnCanceled.has(key),
    learnCanceled: (sources) => void (aheads = sources.flatMap((s) => (s.canceledAhead ? [s.canceledAhead] : []))),
    start: (signal) => {
      // Its failure (a type without a local PDF) is the first document's to throw.
      void started().catch(() => undefined);
      if (aheads.length === 0) return;
      // A listing that cannot be read now is read by the events phase as before: its notes are drawn again then.
      listedCanceled = Promise.all(aheads.map((a) => a(signal))).then(
        (lists) => new Set(lists.flat()),
        () => new Set(),
      );
    },
    close: async () => (await pool?.catch(() => undefined))?.close(),
  };
}

/** A document's PDF, or undefined (with a warning) when the service has none for it (404, 422). */
export async function pdfOrNothing(
  ctx: Context,
  type: string,
  key: string,
  fetch: () => Promise<Buffer>,
): Promise<Buffer | undefined> {
  try {
    return await fetch();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      ctx.log.warn(`${type} ${key}: written without its PDF (${error.message})`);
      return undefined;
    }
    throw error;
  }
}
