// What the pull engine consumes: streams of pages of documents, one stream per (type, role,
// owner), each able to start again from its checkpoint. A document type plugs in by providing
// a StreamSource; the engine knows nothing of NF-e, CT-e or NFS-e.
import type { Checkpoint, StreamKey } from './checkpoint.js';

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
}

/** Where the stream continues once this page is committed. */
export interface ResumePoint {
  cursor: number;
  paginator: string | null;
  createdHighWater: string | null;
}

export interface SourcePage {
  docs: PulledDocument[];
  /** Position this page was asked for (cursor or Paginator), for the summary. */
  from: string;
  resume: ResumePoint;
  /** How many documents the listing holds in all, when the endpoint says. */
  total?: number;
}

export interface StreamSource {
  key: StreamKey;
  endpoint: 'v1' | 'v2';
  /** Canonical JSON of the request's filters, compared with the checkpoint's. */
  filters: string;
  label: string;
  pages(start: Checkpoint | undefined, signal: AbortSignal): AsyncIterable<SourcePage>;
}
