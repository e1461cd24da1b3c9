// Finding an account's NFS-e by any id the service writes for it (R10 with or without the owner,
// or the 40-hex id of /v2/nfse/received), optionally in one role.
import { nfseIdOwner } from '../../../fiscal/nfse-id.js';
import { nfseId } from '../../data/nfse.js';
import type { DocIndex } from '../../doc-index.js';
import type { StoredNfse } from '../../model-docs.js';
import type { RequestContext } from '../../router.js';
import { NFSE_V2_ID } from './query.js';
import { nfseV2Id } from './records.js';

/** The 40-hex ids of an index, made once and brought up to date as notes arrive. */
interface Seen {
  doc: StoredNfse;
  owner: string;
}
const hexIds = new WeakMap<DocIndex<StoredNfse>, { size: number; byHex: Map<string, Seen> }>();

function byHex(index: DocIndex<StoredNfse>): Map<string, Seen> {
  let cache = hexIds.get(index);
  if (!cache) hexIds.set(index, (cache = { size: 0, byHex: new Map() }));
  for (; cache.size < index.entries.length; cache.size++) {
    const doc = index.entries[cache.size]!.doc;
    for (const r of doc.roles) cache.byHex.set(nfseV2Id(nfseId(r.owner, doc)), { doc, owner: r.owner });
  }
  return cache.byHex;
}

/** The note with this id, if the account holds it (in `role`, when given). */
export function findNfse(ctx: RequestContext, id: string, role?: string): StoredNfse | undefined {
  const index = ctx.store.docsOf(ctx.account.id, 'nfse');
  const seen = NFSE_V2_ID.test(id) ? byHex(index).get(id) : undefined;
  const doc = seen?.doc ?? index.find(id);
  const owner = seen?.owner ?? nfseIdOwner(id);
  if (!doc || (role !== undefined && !doc.roles.some((r) => r.role === role && (!owner || r.owner === owner))))
    return undefined;
  return doc;
}
