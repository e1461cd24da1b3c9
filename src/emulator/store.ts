// The emulator's document store: per-account indexes kept in stream-position order (R13), so that
// a v1 cursor is a binary search and a v2 Paginator resumes without re-reading the whole stream.
import { NFE_ROLES, type NfeRole } from '../api/wire/nfe.js';
import { DOC_TYPES, DocIndex, docIdOf, type DocType, type DocTypes } from './doc-index.js';
import {
  applyEvent,
  checkRenderable,
  eventFor,
  EventIndex,
  EventInputError,
  type EventDoc,
  type EventDocType,
  type NewEvent,
  type StreamEvent,
} from './event-index.js';
import type { Account, Dataset, StoredNfe } from './model.js';

/** A stored document with the values the filters need, computed once. */
interface NfeEntry {
  doc: StoredNfe;
  createdMs: number;
  emissionMs: number;
}

/** One v2 record: a document as seen by one owner in one role (designed: one record per owner role). */
export interface NfeRecord {
  entry: NfeEntry;
  /** Index in `doc.roles`; with the position it orders records and anchors the Paginator. */
  roleIndex: number;
  owner: string;
  role: NfeRole;
}

interface AccountNfes {
  /** Every document of the account, by position. */
  readonly entries: readonly NfeEntry[];
  /** The documents in which one of the account's companies has the role, by position. */
  readonly byRole: Readonly<Record<NfeRole, readonly NfeEntry[]>>;
  /** Every (document, owner role) record, by position then role index. */
  readonly records: readonly NfeRecord[];
  /** Whether `records` are also in createdAt order, as R13 has the stream (see `nfeRecordsCreated`). */
  readonly createdInOrder: boolean;
}

interface MutableAccountNfes extends AccountNfes {
  entries: NfeEntry[];
  byRole: Record<NfeRole, NfeEntry[]>;
  records: NfeRecord[];
  createdInOrder: boolean;
  byKey: Map<string, NfeEntry>;
}

export type NewNfe = Omit<StoredNfe, 'position'> & { position?: number };

/** What changed in the store after it started: a document added, or an event added to one. */
export type StoreChange =
  | { kind: 'document'; accountId: string; type: EventDocType; doc: EventDoc }
  | { kind: 'event'; accountId: string; type: EventDocType; doc: EventDoc; event: StreamEvent['event'] };

function emptyIndex(): MutableAccountNfes {
  const byRole = Object.fromEntries(NFE_ROLES.map((r) => [r, [] as NfeEntry[]])) as Record<NfeRole, NfeEntry[]>;
  return { entries: [], byRole, records: [], createdInOrder: true, byKey: new Map() };
}

/** The first index in `items` (sorted by `key`) whose key is >= `target`. */
export function lowerBound<T>(items: readonly T[], target: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index in `items` (sorted by `key`) whose key is > `target`. */
function upperBound<T>(items: readonly T[], target: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Store {
  readonly accounts: readonly Account[];
  /**
   * `fiscal emulator --adopt-parties`: an upload whose parties are none of the account's companies
   * makes its emitter one of them (upload/ingest.ts), so that anyone's real XML can be tried offline.
   */
  adoptParties = false;
  private readonly byApiId = new Map<string, Account>();
  private readonly nfes = new Map<string, MutableAccountNfes>();
  private readonly others = new Map<string, { [T in DocType]: DocIndex<DocTypes[T]> }>();
  /** Uploads of the types no endpoint lists (CF-e, NF3e, NFCom, NFAg, NFGas): `<account>/<kind>/<key>` -> XML. */
  private readonly unlisted = new Map<string, string>();
  /** Event streams by `<account>/<type>`, built on first use (most runs never read them). */
  private readonly events = new Map<string, EventIndex>();
  private readonly listeners = new Set<(change: StoreChange) => void>();

  constructor(dataset: Dataset) {
    this.accounts = dataset.accounts;
    for (const account of dataset.accounts) {
      if (this.byApiId.has(account.apiId)) throw new Error(`two accounts share the API id ${account.apiId}`);
      this.byApiId.set(account.apiId, account);
      this.nfes.set(account.id, emptyIndex());
      this.others.set(
        account.id,
        Object.fromEntries(DOC_TYPES.map((type) => [type, new DocIndex(type)])) as {
          [T in DocType]: DocIndex<DocTypes[T]>;
        },
      );
    }
    const sorted = [...dataset.nfes].sort((a, b) => a.position - b.position);
    for (const doc of sorted) this.index(doc);
    for (const type of DOC_TYPES) {
      const docs = [...(dataset.docs?.[type] ?? [])].sort((a, b) => a.position - b.position);
      for (const doc of docs) (this.docsOf(doc.accountId, type) as DocIndex<typeof doc>).add(doc);
    }
  }

  /**
   * Keeps an uploaded document of a type the service takes (R25) but no endpoint serves; false
   * when the account already has it (the same document twice is stored once).
   */
  keepUnlisted(accountId: string, kind: string, key: string, xml: string): boolean {
    const id = `${accountId}/${kind}/${key}`;
    if (this.unlisted.has(id)) return false;
    this.unlisted.set(id, xml);
    return true;
  }

  /** The account's index of one document type other than NF-e (R3: only its own). */
  docsOf<T extends DocType>(accountId: string, type: T): DocIndex<DocTypes[T]> {
    const indexes = this.others.get(accountId);
    if (!indexes) throw new Error(`no account ${accountId}`);
    return indexes[type] as DocIndex<DocTypes[T]>;
  }

  /** A document by access key (NFS-e: R10 id, with or without the owner). */
  findDoc<T extends DocType>(accountId: string, type: T, id: string): DocTypes[T] | undefined {
    return this.docsOf(accountId, type).find(id);
  }

  /**
   * Adds a document of another type at the end of its stream (R13), like addNfe: a document the
   * account already holds is not added twice and the stored one is returned.
   */
  addDoc<T extends DocType>(type: T, input: Omit<DocTypes[T], 'position'>): { doc: DocTypes[T]; created: boolean } {
    const index = this.docsOf(input.accountId, type);
    const existing = index.find(docIdOf(input as DocTypes[T]));
    if (existing) return { doc: existing, created: false };
    const doc = { ...input, position: index.nextPosition() } as DocTypes[T];
    index.add(doc);
    this.appendEventsOf(doc.accountId, type, doc);
    this.emit({ kind: 'document', accountId: doc.accountId, type, doc });
    return { doc, created: true };
  }

  accountByApiId(apiId: string): Account | undefined {
    return this.byApiId.get(apiId);
  }

  /** The account's NF-e indexes (R3: an account only ever reads its own). */
  nfesOf(accountId: string): AccountNfes {
    return this.indexOf(accountId);
  }

  /**
   * The account's records that a CreatedAt window (in ms, bounds included) can match: those in
   * the window when the records are in createdAt order, found by bisection, else all of them. A
   * search filters them all the same; Total counts every match, and this spares it the rest of
   * the account's stream.
   */
  nfeRecordsCreated(accountId: string, from: number | undefined, to: number | undefined): readonly NfeRecord[] {
    const { records, createdInOrder } = this.indexOf(accountId);
    if (!createdInOrder || (from === undefined && to === undefined)) return records;
    const created = (r: NfeRecord) => r.entry.createdMs;
    const start = from === undefined ? 0 : lowerBound(records, from, created);
    const end = to === undefined ? records.length : upperBound(records, to, created);
    return records.slice(start, Math.max(start, end));
  }

  findNfe(accountId: string, accessKey: string): StoredNfe | undefined {
    return this.indexOf(accountId).byKey.get(accessKey)?.doc;
  }

  /** The position the next document of the account gets. */
  nextPosition(accountId: string): number {
    const entries = this.indexOf(accountId).entries;
    return entries.length === 0 ? 0 : entries[entries.length - 1]!.doc.position + 1;
  }

  /**
   * Adds a document at the end of its account's stream (uploads, arrivals): it gets the next
   * position, so saved cursors stay valid and resume with it (R13). A document whose access key
   * the account already holds is not added twice; the stored one is returned.
   */
  addNfe(input: NewNfe): { doc: StoredNfe; created: boolean } {
    const existing = this.indexOf(input.accountId).byKey.get(input.accessKey);
    if (existing) return { doc: existing.doc, created: false };
    const doc: StoredNfe = { ...input, position: this.nextPosition(input.accountId) };
    this.index(doc);
    this.appendEventsOf(doc.accountId, 'nfe', doc);
    this.emit({ kind: 'document', accountId: doc.accountId, type: 'nfe', doc });
    return { doc, created: true };
  }

  /** The account's stream of events of one document type, in reception order (R13-like positions). */
  eventsOf(accountId: string, type: EventDocType): EventIndex {
    const key = `${accountId}/${type}`;
    let index = this.events.get(key);
    if (!index) {
      const entries = type === 'nfe' ? this.nfesOf(accountId).entries : this.docsOf(accountId, type).entries;
      this.events.set(key, (index = EventIndex.of(entries.map((e) => e.doc))));
    }
    return index;
  }

  /**
   * Adds an event to a document and at the end of its account's event stream; the document's
   * status follows (110111 / 101101 cancel, 110112 closes an MDF-e). Throws EventInputError: field
   * `id` for a document the account does not hold, else the bad part of the event.
   */
  addEvent(accountId: string, type: EventDocType, id: string, input: NewEvent): StreamEvent {
    const doc: EventDoc | undefined = type === 'nfe' ? this.findNfe(accountId, id) : this.findDoc(accountId, type, id);
    if (!doc) throw new EventInputError('id', `account ${accountId} holds no ${type} "${id}"`);
    const event = eventFor(doc, input);
    checkRenderable(type, doc, event);
    // Built before the document changes, so the event is appended once, not also read from the document.
    const stream = this.eventsOf(accountId, type);
    applyEvent(type, doc, event);
    const appended = stream.append(doc, event);
    this.emit({ kind: 'event', accountId, type, doc, event });
    return appended;
  }

  /** Calls `listener` after every later change (webhooks); answers the function that stops it. */
  onChange(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: StoreChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** A document added later brings its events to the end of the stream, if the stream exists yet. */
  private appendEventsOf(accountId: string, type: EventDocType, doc: EventDoc): void {
    const stream = this.events.get(`${accountId}/${type}`);
    if (!stream) return;
    for (const event of [...doc.events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)))
      stream.append(doc, event);
  }

  private indexOf(accountId: string): MutableAccountNfes {
    const index = this.nfes.get(accountId);
    if (!index) throw new Error(`no account ${accountId}`);
    return index;
  }

  private index(doc: StoredNfe): void {
    const index = this.indexOf(doc.accountId);
    const last = index.entries[index.entries.length - 1];
    if (last && last.doc.position >= doc.position) {
      throw new Error(`position ${doc.position} of ${doc.accessKey} is not after ${last.doc.position}`);
    }
    if (index.byKey.has(doc.accessKey)) throw new Error(`account ${doc.accountId} holds ${doc.accessKey} twice`);
    const entry: NfeEntry = { doc, createdMs: Date.parse(doc.createdAt), emissionMs: Date.parse(doc.emissionDate) };
    if (Number.isNaN(entry.createdMs) || Number.isNaN(entry.emissionMs)) {
      throw new Error(`${doc.accessKey} has an unreadable createdAt or emissionDate`);
    }
    if (last && entry.createdMs < last.createdMs) index.createdInOrder = false;
    index.entries.push(entry);
    index.byKey.set(doc.accessKey, entry);
    const roles = new Set<NfeRole>();
    doc.roles.forEach(({ owner, role }, roleIndex) => {
      roles.add(role);
      index.records.push({ entry, roleIndex, owner, role });
    });
    for (const role of roles) index.byRole[role].push(entry);
  }
}
