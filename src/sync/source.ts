// What the pull engine consumes: streams of pages of documents, one stream per (type, role,
// owner), each able to start again from its checkpoint. A document type plugs in by providing
// a StreamSource; the engine knows nothing of NF-e, CT-e or NFS-e.
import type { HttpClient } from '../api/http.js';
import { releaseLifted } from '../api/binary-fields.js';
import { withBinaryFields, withSignal, type BinaryFieldsClient } from '../api/http-views.js';
import type { CursorPage } from '../api/paginate.js';
import type { StatusRecord } from '../catalog/store.js';
import { canonicalJson, type Checkpoint, type CreatedRange, type StreamKey } from './checkpoint.js';
import type { AccountCompanies } from './role-owners.js';

/**
 * The pull is done with `doc` (written, or known and skipped): its bytes may be reused for a page
 * read later (PageSlabs, binary-fields.ts). Called once a document, after which nothing reads them.
 */
export function doneWith(doc: PulledDocument): void {
  releaseLifted(doc.xml);
}

/** A base64 value of an answer as bytes: what a document is made of where no page client lifted it. */
export const fromBase64 = (value: string): Buffer => Buffer.from(value, 'base64');

/**
 * The client a stream reads its pages with: its requests end with the stream (`signal`), and the
 * base64 XML of each item (`xml`, `Xml`) is decoded straight from the answer's bytes, its
 * `bytesOf` giving the document (binary-fields.ts). Not for items that carry other `xml` values
 * than the one the stream writes (MDF-e items list their events'): those would be kept unread.
 */
export function pageClient(http: HttpClient, signal: AbortSignal): BinaryFieldsClient {
  return withBinaryFields(withSignal(http, signal), ['xml', 'Xml']);
}

export interface PulledDocument {
  key: string;
  type: string;
  role: string;
  owner: string;
  xml: Buffer;
  status: string | null;
  createdAt: string | null;
  /** ISO date-time of emission: files are grouped by its year and month. */
  emissionDate: string;
  number: string;
  emitter: string;
  /** Files written next to the document, named like it with another ending (`.pdf`). */
  attachments?: Attachment[];
  /**
   * Set on the items of an events stream: `xml` is the event, written next to the document `key`
   * already in the folder as `<key>-<type>-<seq>.xml`; `role` and `owner` ('' for any) say which
   * of the document's copies it goes with.
   */
  event?: PulledEvent;
  /** Why the document cannot be filed (role-owners.ts): it is refused, with this reason, not written. */
  refusal?: string;
}

interface Attachment {
  /** Replaces the document's `.xml` ending: `.pdf`. */
  suffix: string;
  data: Buffer;
}

interface PulledEvent {
  /** Six-digit event code (110111, 101101, 610110...). */
  type: string;
  seq: number;
  /** When the service received it (ISO 8601). */
  createdAt: string;
}

/** Where the stream continues once this page is committed. */
export interface ResumePoint {
  cursor: number;
  paginator: string | null;
  createdHighWater: string | null;
  /** An events stream: the document streams whose past it has taken from then on (checkpoint.ts). */
  covers?: string[];
}

/** Whether the folder has the document already: what a stream adds to it (a PDF) need not be fetched. */
export type KnownDocument = (doc: PulledDocument) => boolean;

export interface SourcePage {
  docs: PulledDocument[];
  /** Position this page was asked for (cursor or Paginator), for the summary. */
  from: string;
  resume: ResumePoint;
  /** How many documents the listing holds in all, when the endpoint says. */
  total?: number;
  /** The listing says this page is its last: a backfill window is then done with it. */
  last?: boolean;
  /**
   * A part of a listed page that goes on in the next one (`pull --with-pdf` hands a page on as
   * its PDFs come): its documents are kept, but the stream's position moves only with the last part.
   */
  continued?: boolean;
  /** Statuses learnt without a file (a listing's Status): journaled with the page's commit. */
  statuses?: StatusRecord[];
}

/** The statuses a listing gives now for a stream's documents, and the service's time when it answered. */
export interface ListedStatuses {
  /** Page by page, as the listing answers: never all of them at once. */
  pages: AsyncIterable<StatusRecord[]>;
  /** Milliseconds since the epoch, by the service's clock (its Date header) where it says. */
  at: number;
}

/** How many documents a created_at range holds, and when the first one its listing gives was created (ms), where it says. */
export interface Counted {
  total: number;
  first?: number | undefined;
}

export interface StreamSource {
  key: StreamKey;
  endpoint: 'v1' | 'v2';
  /** Canonical JSON of the request's filters, compared with the checkpoint's. */
  filters: string;
  label: string;
  /**
   * 'events' streams place events next to documents already pulled: they start once every
   * document stream of the run has reached its end, so that the documents are in the index.
   */
  phase?: 'documents' | 'events';
  /**
   * Pages from `start` (undefined: the beginning). A `start.range` restricts the listing to that
   * created_at window: a backfill reads several windows of one stream at once.
   */
  pages(start: Checkpoint | undefined, signal: AbortSignal, known?: KnownDocument): AsyncIterable<SourcePage>;
  /**
   * The statuses the listing gives now of the stream's documents (canceled; received NF-e's latest
   * manifestation), where it can say so in a few requests (NF-e: the v2 listing's Status and
   * Manifestations): the stream's events stream takes them from here instead of reading the
   * account's whole history of events (sources/events.ts).
   */
  listed?(signal: AbortSignal): Promise<ListedStatuses>;
  /**
   * The keys of the first answer `listed` gives canceled, asked now (once; `listed` then starts
   * from that answer): a pull that draws its PDFs draws those notes CANCELADA at once instead of
   * drawing them again when its events phase learns it (commands/pull/pdfs.ts).
   */
  canceledAhead?(signal: AbortSignal): Promise<readonly string[]>;
  /**
   * Streams that can be split into created_at windows: the range they read, and how many
   * documents a part of it holds (undefined when the service cannot say).
   */
  split?: {
    range: CreatedRange;
    /** `once`: asked ahead on a guess, sent once with no retry (RequestOptions.once). */
    count(range: CreatedRange, signal: AbortSignal, once?: boolean): Promise<Counted | undefined>;
    /**
     * How many times as many documents per request a window (`start.stream.window`) is read with
     * as the stream itself: a v1 stream reads its windows on v2, 500 per page. The plan gives the
     * stream's own part that much fewer documents.
     */
    windowSpeedup?: number;
    /**
     * Documents per request of a window: the plan gives its windows whole pages (window-pages.ts,
     * wholePages). Without it, equal shares.
     */
    pageSize?: number;
  };
}

/**
 * A v1 role listing read page after page from its cursor (R11-R14) as a resumable stream: the
 * filters it is checked against are the query's but cursor and limit, pages are of 50, and each
 * page's base64 documents are decoded from its bytes (pageClient).
 */
export function cursorListingSource<Q extends { cursor?: number; limit?: number }, I>(
  http: HttpClient,
  key: StreamKey,
  query: Q,
  listing: {
    type: string;
    pages: (h: HttpClient, q: Q, signal: AbortSignal) => AsyncIterable<CursorPage<I>>;
    /** The documents an item is filed as: one, or one per owner (role-owners.ts). */
    documents: (item: I, h: BinaryFieldsClient, companies: ReadonlySet<string> | undefined) => PulledDocument[];
    /** Set when the stream files a document under the account's companies among its parties. */
    companies?: AccountCompanies | undefined;
  },
): StreamSource {
  const { cursor: _c, limit: _l, ...filters } = query;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson(filters),
    label: `${listing.type} ${key.role}${key.owner ? ` ${key.owner}` : ''}`,
    async *pages(start, signal) {
      const q = { ...query, cursor: start?.cursor ?? 0, limit: 50 };
      const h = pageClient(http, signal);
      const companies = await listing.companies?.(signal);
      for await (const page of listing.pages(h, q, signal)) {
        yield {
          docs: page.items.flatMap((item) => listing.documents(item, h, companies)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}
