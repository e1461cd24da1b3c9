// What a renderer is told beside the XML.
import type { DocumentSummary } from '../readers/index.js';

export interface RenderOptions {
  /**
   * Draw the CANCELADA mark: told, or asked of the document once read (the catalog or an event
   * file beside it says so). A file that holds its own cancellation is marked either way.
   */
  canceled?: boolean | ((doc: DocumentSummary) => boolean);
}

/** Whether the page gets the CANCELADA mark. */
export function isCanceled(options: RenderOptions, doc: DocumentSummary): boolean {
  if (doc.canceled) return true;
  return typeof options.canceled === 'function' ? options.canceled(doc) : Boolean(options.canceled);
}
