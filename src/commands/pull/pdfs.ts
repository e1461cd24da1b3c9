// A pull's PDFs: drawn here from the XML on the render pool (`--with-pdf local`), or the
// service's, where a document it has none for is written without one (`--with-pdf`).
import type { EventDocType } from '../../api/wire/events.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import type { RenderType } from '../../fiscal/render/index.js';
import type { RenderPool } from '../../fiscal/render/pool.js';
import type { PdfFetcher } from '../../sync/attachments.js';

export interface LocalPdfDrawer {
  draw: PdfFetcher;
  /** Starts the pool and loads the renderer now, while the pull waits for its first page. */
  start(): void;
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
  const draw: PdfFetcher = async (doc) => {
    try {
      return await (await started()).render(type as RenderType, doc.xml, { canceled: doc.status === 'canceled' });
    } catch (error) {
      if ((error as Error).name !== 'RenderError') throw error;
      ctx.log.warn(`${type} ${doc.key}: written without its PDF (${(error as Error).message})`);
      return undefined;
    }
  };
  return {
    draw,
    // Its failure (a type without a local PDF) is the first document's to throw.
    start: () => void started().catch(() => undefined),
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
