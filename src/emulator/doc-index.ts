// The emulator's indexes of the document types other than NF-e (CT-e, CT-e OS, MDF-e, NFC-e,
// NFS-e): one per account and type, in stream-position order (R13) like the NF-e store, so that
// every v1 cursor is a binary search and every body-based Paginator resumes where it stopped.
import type {
  RoleOf,
  StoredCte,
  StoredCteOs,
  StoredDocBase,
  StoredMdfe,
  StoredNfce,
  StoredNfse,
} from './model-docs.js';
import { DOC_TYPE_NAMES, type DocTypeName } from '../fiscal/doc-types.js';

/** The stored shape of each document type the index serves. */
export interface DocTypes {
  cte: StoredCte;
  cteos: StoredCteOs;
  mdfe: StoredMdfe;
  nfce: StoredNfce;
  nfse: StoredNfse;
}

export type DocType = keyof DocTypes;
/** Every registry type but NF-e, which has a store of its own (store.ts); in the registry's order. */
export const DOC_TYPES: readonly DocType[] = DOC_TYPE_NAMES.filter((t): t is DocType => t !== 'nfe');
// A type of the registry without a stored shape here, or the reverse, does not compile.
const _sameTypes: [Exclude<DocTypeName, 'nfe'>, DocType] = ['' as DocType, '' as Exclude<DocTypeName, 'nfe'>];

/** Every document of every type, ordered by account then position. */
export type DocLists = { [T in DocType]: DocTypes[T][] };

export type AnyStoredDoc = DocTypes[DocType];
type RoleOfDoc<D> = D extends StoredDocBase<infer R> ? R : never;

/** A stored document with the values the filters need, computed once. */
export interface DocEntry<D> {
  doc: D;
  createdMs: number;
  emissionMs: number;
}

/** One document as seen by one owner in one role (R24: the CT-e OS listing returns every role). */
export interface DocRecord<D> {
  entry: DocEntry<D>;
  roleIndex: number;
  owner: string;
  role: RoleOfDoc<D>;
}

/**
 * The identifier a document is found by: its access key, or for NFS-e the R10 id without the
 * owner (`<emitter_cnpj>:<yyyy-mm-dd>:<number>`, as flagerp names it).
 */
export function docIdOf(doc: AnyStoredDoc): string {
  return 'accessKey' in doc ? doc.accessKey : doc.documentId;
}

/** NFS-e: an R10 id with the owner (`<owner>:<emitter>:<date>:<number>`) is also accepted. */
function lookupId(type: DocType, id: string): { id: string; owner?: string } {
  if (type !== 'nfse') return { id };
  const parts = id.split(':');
  return parts.length === 4 ? { id: parts.slice(1).join(':'), owner: parts[0]! } : { id };
}

export class DocIndex<D extends AnyStoredDoc> {
  readonly entries: DocEntry<D>[] = [];
  readonly records: DocRecord<D>[] = [];
  private readonly byRoleMap = new Map<string, DocEntry<D>[]>();
  private readonly byId = new Map<string, DocEntry<D>>();

  constructor(readonly type: DocType) {}

  /** The documents in which one of the account's companies has `role`, by position. */
  byRole(role: string): readonly DocEntry<D>[] {
    return this.byRoleMap.get(role) ?? [];
  }

  /** A document by access key (NFS-e: R10 id, with or without the owner). */
  find(id: string): D | undefined {
    const { id: plain, owner } = lookupId(this.type, id);
    const entry = this.byId.get(plain);
    if (!entry) return undefined;
    if (owner !== undefined && !(entry.doc.roles as RoleOf<string>[]).some((r) => r.owner === owner)) return undefined;
    return entry.doc;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  nextPosition(): number {
    const last = this.entries[this.entries.length - 1];
    return last ? last.doc.position + 1 : 0;
  }

  add(doc: D): void {
    const last = this.entries[this.entries.length - 1];
    const id = docIdOf(doc);
    if (last && last.doc.position >= doc.position)
      throw new Error(`position ${doc.position} of ${this.type} ${id} is not after ${last.doc.position}`);
    if (this.byId.has(id)) throw new Error(`account ${doc.accountId} holds ${this.type} ${id} twice`);
    const entry: DocEntry<D> = { doc, createdMs: Date.parse(doc.createdAt), emissionMs: Date.parse(doc.emissionDate) };
    if (Number.isNaN(entry.createdMs) || Number.isNaN(entry.emissionMs))
      throw new Error(`${this.type} ${id} has an unreadable createdAt or emissionDate`);
    this.entries.push(entry);
    this.byId.set(id, entry);
    const roles = new Set<string>();
    (doc.roles as RoleOf<string>[]).forEach(({ owner, role }, roleIndex) => {
      roles.add(role);
      this.records.push({ entry, roleIndex, owner, role: role as RoleOfDoc<D> });
    });
    for (const role of roles) {
      let list = this.byRoleMap.get(role);
      if (!list) this.byRoleMap.set(role, (list = []));
      list.push(entry);
    }
  }
}
