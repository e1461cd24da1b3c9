// Which of the account's companies see an uploaded document, and in which role. Designed (the
// spec does not say): a company that is a party of the document gets that party's role; a company
// named in `owner` that is not a party gets the type's "named" role where the type has one (NF-e,
// CT-e, MDF-e: authorized; CT-e OS: not-taker). With `owner`, only the named companies are used.
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import type { UploadType } from './stored-doc.js';

export type { UploadType };

export interface OwnerRole {
  owner: string;
  role: string;
}

/** The role each party of a document gives the company that is that party. */
function partyRoles(type: UploadType, doc: DocumentSummary): OwnerRole[] {
  const emitter = doc.emitter.taxId;
  const other = doc.counterpart.taxId;
  const pairs: [string | undefined, string][] = {
    nfe: [
      [emitter, 'emitted'],
      [other, 'received'],
    ],
    nfce: [[emitter, 'emitted']],
    cte: [
      [other, 'taker'],
      [emitter, 'not-taker'],
    ],
    cteos: [
      [other, 'taker'],
      [emitter, 'not-taker'],
    ],
    mdfe: [[emitter, 'emitted']],
    nfse: [
      [emitter, 'emitted'],
      [other, 'received'],
    ],
  }[type] as [string | undefined, string][];
  return pairs.filter((p): p is [string, string] => p[0] !== undefined).map(([owner, role]) => ({ owner, role }));
}

const NAMED_ROLE: Partial<Record<UploadType, string>> = {
  nfe: 'authorized',
  cte: 'authorized',
  mdfe: 'authorized',
  cteos: 'not-taker',
};

/**
 * The roles of `candidates` (the account's companies, or the named owners) in the document, one
 * per company and role, in the order the parties appear.
 */
export function rolesOf(
  type: UploadType,
  doc: DocumentSummary,
  candidates: readonly string[],
  named: boolean,
): OwnerRole[] {
  const out: OwnerRole[] = [];
  const parties = partyRoles(type, doc);
  for (const owner of candidates) {
    const roles = parties.filter((p) => p.owner === owner);
    if (roles.length > 0) {
      for (const r of roles) if (!out.some((o) => o.owner === owner && o.role === r.role)) out.push(r);
    } else if (named && NAMED_ROLE[type]) {
      out.push({ owner, role: NAMED_ROLE[type] });
    }
  }
  return out;
}
