// The documents the write endpoints annotate (flagerp, properties, labels), whatever their type:
// each is found by the account that holds it (R3), by the doc_type and id flagerp names it with.
import { DOC_TYPE_NAMES, docType, type DocTypeName, type FlagDocType } from '../fiscal/doc-types.js';
import { DOC_TYPES } from './doc-index.js';
import type { Store } from './store.js';

/** What flags, properties and labels change on a stored document. */
interface Annotatable {
  roles: readonly { owner: string; role: string }[];
  tags: string[];
  properties: Record<string, string>;
  flagErp: Record<string, string>;
}

/** The store type of a flagerp doc_type (the registry's flagType); CF-e SAT is not held by the emulator. */
const storeTypeOf = (flagType: FlagDocType): DocTypeName | undefined =>
  DOC_TYPE_NAMES.find((t) => docType(t).flagType === flagType);

/** The account's document of that type and id (NFS-e: R10 id, with or without the owner). */
export function findAnnotatable(
  store: Store,
  accountId: string,
  docType: FlagDocType,
  id: string,
): Annotatable | undefined {
  const type = storeTypeOf(docType);
  if (type === undefined) return undefined;
  return type === 'nfe' ? store.findNfe(accountId, id) : store.findDoc(accountId, type, id);
}

/** Every document of the account, every type. */
export function* annotatablesOf(store: Store, accountId: string): Iterable<Annotatable> {
  for (const entry of store.nfesOf(accountId).entries) yield entry.doc;
  for (const type of DOC_TYPES) for (const entry of store.docsOf(accountId, type).entries) yield entry.doc;
}

/** Names and how many documents carry each, sorted by name. */
export function countNames(names: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
