// A summary read from a document's XML, settled with what else is known about the document: the
// API's status, the events the API lists with it, event files beside it, the pull index. The XML
// alone cannot say a note was canceled after it was authorized (doc-status.ts).
import { documentStatus, type KnownEvent } from './doc-status.js';
import { attached, knownEvent } from './readers/events.js';
import { inFieldOrder, readDocuments, type AttachedEvent, type DocumentSummary } from './readers/index.js';
import { statusTypeOf } from './readers/common.js';

export interface StatusClues {
  /** The API's `Status` (authorized, canceled, closed), or an NFS-e's `isCanceled`. */
  api?: string | boolean | null | undefined;
  /** The status the pull folder's index.ndjson gives the document. */
  index?: string | null | undefined;
  /** Events about the document, as XML: listed by the API with it, or files beside it. */
  events?: readonly { type: string; xml: Uint8Array }[] | undefined;
}

/** `doc` with `canceled` decided from all the clues, and the events read from them listed in `events`. */
export function settleStatus(doc: DocumentSummary, clues: StatusClues): DocumentSummary {
  const type = statusTypeOf(doc.kind);
  if (!type) return doc;
  const events = [...(doc.events ?? [])];
  const known: KnownEvent[] = events.map(knownEvent);
  for (const item of clues.events ?? []) {
    const event = readEventXml(item.xml);
    if (event === undefined) {
      // Unreadable, but listed as an event of this document: its code is still evidence.
      known.push({ type: item.type });
      continue;
    }
    if (event.refKey && doc.key && event.refKey !== doc.key) continue;
    known.push(knownEvent(event));
    if (!events.some((e) => e.type === event.type && e.seq === event.seq)) events.push(event);
  }
  const status = documentStatus({
    type,
    protocol: doc.protocol?.status,
    canceledInXml: doc.canceled,
    api: clues.api,
    index: clues.index,
    events: known,
  });
  return inFieldOrder({ ...doc, canceled: status === 'canceled', ...(events.length > 0 && { events }) });
}

function readEventXml(xml: Uint8Array): AttachedEvent | undefined {
  try {
    const found = readDocuments(xml, 'event').find((d) => d.event);
    return found?.event && attached(found.event, found);
  } catch {
    return undefined;
  }
}
