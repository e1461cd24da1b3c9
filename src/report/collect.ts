// The documents of a report, each once: those of each pull folder, or of the parts of one named
// (from its catalog, which the pull wrote from the bytes it held), and those of loose XML files
// (read here).
// A document found several times (two roles, two owners, two folders, a loose copy) is one
// document with several copies; its status is decided from every piece of evidence there is
// (documentStatus: its protocol, events in its file or among the inputs, the index's status).
import { readFile, stat } from 'node:fs/promises';
import type { CatalogStore } from '../catalog/store.js';
import { InterruptedError } from '../errors.js';
import { documentStatus, type DocumentStatus, type KnownEvent } from '../fiscal/doc-status.js';
import { statusTypeOf } from '../fiscal/readers/common.js';
import { DocumentReadError, readDocuments } from '../fiscal/readers/index.js';
import { eventFactsOf, factsOf, type DocumentFacts } from './facts.js';
import { findInputs, reason } from './inputs.js';
import { catalogDocuments } from './catalog-documents.js';

/** Where a document was found: a pull folder knows its role and owner; a loose file does not. */
export interface Copy {
  role?: string;
  owner?: string;
}

export interface ReportDocument {
  facts: DocumentFacts;
  status: DocumentStatus | null;
  copies: Copy[];
}

interface Collected {
  documents: ReportDocument[];
  /** Files (or paths) that yielded nothing, with the reason. */
  problems: { path: string; error: string }[];
  /** Loose files read from their XML, and copies of pull folders taken from their catalogs. */
  read: number;
  catalogued: number;
}

interface CollectOptions {
  signal?: AbortSignal;
  /** The catalog of a pull folder among the inputs (its own file, or a shared catalog's rows). */
  catalogOf(dir: string): Promise<CatalogStore>;
  /** Catalogs read besides the inputs' folders: a shared catalog's every profile. */
  catalogs?: readonly CatalogStore[] | undefined;
  /** Called as files are handled, with the running count and the total known so far. */
  progress?(done: number, total: number): void;
}

/** Larger files are not fiscal documents (the largest NF-e allowed is far below this). */
const MAX_BYTES = 64 * 1024 * 1024;
/** Files read ahead of the one being parsed. */
const READ_AHEAD = 16;

/** A copy as found: an index's copy also gives the status its lines say. */
type Seen = Copy & { status?: string | null | undefined };

export async function collectDocuments(paths: readonly string[], options: CollectOptions): Promise<Collected> {
  const inputs = await findInputs(paths);
  const out: Collected = { documents: [], problems: [...inputs.problems], read: 0, catalogued: 0 };
  // A large folder's documents stay in memory until the end: one record each (its copies are the
  // index's own objects), so that the garbage collector has little to move.
  const found = new Map<string, ReportDocument>();
  /** Statuses of further copies of one role and owner (the same pull folder given twice...). */
  const repeated = new Map<string, (string | null | undefined)[]>();
  const events = new Map<string, KnownEvent[]>();
  const add = (facts: DocumentFacts, copy: Seen) => {
    const known = found.get(facts.id);
    if (!known) found.set(facts.id, { facts, copies: [copy], status: null });
    else if (!known.copies.some((c) => c.role === copy.role && c.owner === copy.owner)) known.copies.push(copy);
    else (repeated.get(facts.id) ?? repeated.set(facts.id, []).get(facts.id)!).push(copy.status);
  };
  let done = 0;
  const total = inputs.files.length;
  const tick = () => options.progress?.(++done, total);

  const catalogs = [
    ...inputs.folders.map((f) => ({ open: () => options.catalogOf(f.dir), within: f.within })),
    ...(options.catalogs ?? []).map((c) => ({ open: () => Promise.resolve(c), within: undefined })),
  ];
  for (const { open, within } of catalogs) {
    if (options.signal?.aborted) throw new InterruptedError('report stopped');
    const folder = await catalogDocuments(await open(), within);
    out.problems.push(...folder.problems);
    for (const c of folder.copies) add(c.facts, { role: c.role, owner: c.owner, status: c.status });
    out.catalogued += folder.copies.length;
  }

  for await (const [path, result] of readAhead(inputs.files, readFacts, options.signal)) {
    out.read++;
    tick();
    if ('error' in result.facts) out.problems.push({ path, error: result.facts.error });
    else for (const doc of result.facts.docs) add(doc, {});
    for (const e of result.events) (events.get(e.refKey) ?? events.set(e.refKey, []).get(e.refKey)!).push(e);
  }

  for (const doc of found.values()) {
    doc.status = statusOf(doc, repeated.get(doc.facts.id), events.get(doc.facts.id));
    out.documents.push(doc);
  }
  return out;
}

const RANK: Record<DocumentStatus, number> = { authorized: 1, closed: 2, canceled: 3 };

/** The status all the evidence gives; copies that disagree: canceled > closed > authorized. */
function statusOf(
  doc: ReportDocument,
  repeated: (string | null | undefined)[] | undefined,
  events: KnownEvent[] = [],
): DocumentStatus | null {
  const f = doc.facts;
  const type = statusTypeOf(f.kind);
  if (!type) return null;
  let best: DocumentStatus | null = null;
  const known = f.events.length === 0 ? events : [...f.events.map((t) => ({ type: t })), ...events];
  const consider = (index: string | null | undefined) => {
    const s = documentStatus({ type, protocol: f.protocol, canceledInXml: f.canceled, index, events: known });
    if (s && (!best || RANK[s] > RANK[best])) best = s;
  };
  for (const copy of doc.copies as Seen[]) consider(copy.status);
  if (repeated) for (const status of repeated) consider(status);
  return best;
}

/** What a loose file gave: its documents, or why it gave none. */
type FileFacts = { docs: DocumentFacts[] } | { error: string };

interface ReadResult {
  facts: FileFacts;
  events: (KnownEvent & { refKey: string })[];
  /** The file could not be opened: not a fact about its content. */
  transient?: boolean;
}

async function readFacts(path: string): Promise<ReadResult> {
  let bytes: Buffer;
  try {
    const size = (await stat(path)).size;
    if (size > MAX_BYTES)
      return { facts: { error: `too large for a fiscal document (${Math.round(size / 1048576)} MiB)` }, events: [] };
    bytes = await readFile(path);
  } catch (error) {
    return { facts: { error: reason(error as NodeJS.ErrnoException) }, events: [], transient: true };
  }
  try {
    const summaries = readDocuments(bytes, path);
    // Through JSON and back: the readers' strings are slices of the file's text, and keeping one
    // name would keep the whole XML alive (V8 sliced strings); a large folder would not fit.
    const docs = JSON.parse(
      JSON.stringify(summaries.map(factsOf).filter((d): d is DocumentFacts => d !== undefined)),
    ) as DocumentFacts[];
    const events = summaries.map(eventFactsOf).filter((e) => e !== undefined);
    return { facts: { docs }, events };
  } catch (error) {
    if (!(error instanceof DocumentReadError)) throw error;
    return { facts: { error: error.message }, events: [] };
  }
}

/** `fn` over `items`, in order, with up to READ_AHEAD calls in flight (file reads overlap parsing). */
async function* readAhead<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  signal?: AbortSignal,
): AsyncGenerator<[T, R]> {
  const inFlight: Promise<R>[] = [];
  let next = 0;
  while (next < items.length && inFlight.length < READ_AHEAD) inFlight.push(fn(items[next++]!));
  for (let i = 0; i < items.length; i++) {
    if (signal?.aborted) throw new InterruptedError('report stopped');
    const result = await inFlight.shift()!;
    if (next < items.length) inFlight.push(fn(items[next++]!));
    yield [items[i]!, result];
  }
}
