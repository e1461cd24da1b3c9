// What `pull <type>` starts while its modules load, from its flags as given: the drawing thread of
// `--with-pdf local` (render/early-thread.ts), which the run's render pool then draws on. Imported
// here, not on use: an import() made while the pull's modules load waits for them.
import type { Context } from '../../context.js';
import { docType, type DocTypeName, type PdfDocType } from '../../fiscal/doc-types.js';
import { startDrawingThread } from '../../fiscal/render/early-thread.js';

export function prepare(ctx: Context, raw: Record<string, unknown>, type: DocTypeName): Promise<void> {
  // A type without a drawing of its own is the run's to refuse (commands/pull/pdfs.ts).
  if (raw.withPdf === 'local' && docType(type).pdf !== undefined) startDrawingThread(ctx, type as PdfDocType);
  return Promise.resolve();
}
