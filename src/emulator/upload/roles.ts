// Which of the account's companies see an uploaded document, and in which role. Every party the
// roles of spec 1 (and our designed ones, doc-types.ts) make an owner counts: an NF-e's emitter,
// dest, transporta and each autXML; a CT-e's taker, its emitter and other parties (rem, exped,
// receb, dest) as not-taker, and each autXML; an MDF-e's emitter, each infContratante and autXML;
// an NFS-e's provider, taker and intermediary. Designed (the spec does not say): a company named
// in `owner` that is not a party gets the type's "named" role where the type has one (NF-e, CT-e,
// MDF-e: authorized; CT-e OS: not-taker). With `owner`, only the named companies are used.
import { docType } from '../../fiscal/doc-types.js';
import { cteFacts } from '../../fiscal/cte-facts.js';
import { nfeFacts } from '../../fiscal/nfe-facts.js';
import { nfseFacts } from '../../fiscal/nfse-facts.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import { PREFIXED, taxIdsIn } from '../../fiscal/xml-scan.js';
import type { UploadType } from './stored-doc.js';

export type { UploadType };

export interface OwnerRole {
  owner: string;
  role: string;
}

/** The tags that name the parties of each type, as a refusal names them. */
export const PARTY_TAGS: Record<UploadType, string> = {
  nfe: 'emit/dest/transporta/autXML',
  nfce: 'emit',
  cte: 'emit/toma/rem/exped/receb/dest/autXML',
  cteos: 'emit/toma',
  mdfe: 'emit/infContratante/autXML',
  nfse: 'Prestador/Tomador/Intermediario (emit/toma/interm)',
};

/**
 * The document's own element in the file (its infNFe, infCte or infMDFe, found by the key in its
 * Id), or the whole file for an NFS-e alone in it, namespace prefixes dropped. Undefined where it
 * cannot be told apart (an NFS-e of a list, a document inside escaped XML): the reader's emitter
 * and counterpart are then its only parties.
 */
function ownXml(type: UploadType, doc: DocumentSummary, file: string, alone: boolean): string | undefined {
  const idTag = type === 'nfse' ? undefined : docType(type).idTag;
  let own: string | undefined = alone && type === 'nfse' ? file : undefined;
  if (idTag && doc.key) {
    const element = idTag.split('/')[0]!;
    for (let at = file.indexOf(doc.key); at !== -1 && own === undefined; at = file.indexOf(doc.key, at + 1)) {
      const start = file.lastIndexOf('<', at);
      const name = /^<([\w.-]+:)?([\w.-]+)/.exec(file.slice(start, at))?.[2];
      const end = name === element ? file.indexOf(`${element}>`, at) : -1;
      if (end !== -1) own = file.slice(start, end + element.length + 1);
    }
  }
  return own?.replace(PREFIXED, (m) => (m[1] === '/' ? '</' : '<'));
}

/** The role each party of a document gives the company that is that party. */
function partyRoles(type: UploadType, doc: DocumentSummary, own: string | undefined): [string | undefined, string][] {
  const emitter = doc.emitter.taxId;
  const other = doc.counterpart.taxId;
  const each = (ids: readonly string[], role: string) => ids.map((id): [string, string] => [id, role]);
  switch (type) {
    case 'nfe': {
      const f = own === undefined ? undefined : nfeFacts(own);
      return [
        [emitter, 'emitted'],
        [other, 'received'],
        [f?.transporter, 'transporter'],
        ...each(f?.authorized ?? [], 'authorized'),
      ];
    }
    case 'nfce':
      return [[emitter, 'emitted']];
    case 'cte':
    case 'cteos': {
      const f = own === undefined ? undefined : cteFacts(own);
      const others = [emitter, ...(f?.parties ?? [])].filter((id): id is string => id !== undefined && id !== other);
      // A CT-e OS has no autXML role (spec 1).
      return [
        [other, 'taker'],
        ...each(others, 'not-taker'),
        ...each(type === 'cte' ? (f?.authorized ?? []) : [], 'authorized'),
      ];
    }
    case 'mdfe':
      return [
        [emitter, 'emitted'],
        ...each(own === undefined ? [] : taxIdsIn(own, 'infContratante'), 'contractor'),
        ...each(own === undefined ? [] : taxIdsIn(own, 'autXML'), 'authorized'),
      ];
    case 'nfse':
      return [
        [emitter, 'emitted'],
        [other, 'received'],
        [own === undefined ? undefined : nfseFacts(own).intermediary, 'intermediate'],
      ];
  }
}

const NAMED_ROLE: Partial<Record<UploadType, string>> = {
  nfe: 'authorized',
  cte: 'authorized',
  mdfe: 'authorized',
  cteos: 'not-taker',
};

/**
 * The roles of `candidates` (the account's companies, or the named owners) in the document, one
 * per company and role, in the order of `candidates`. `file` is the uploaded XML, `alone` whether
 * the document is the only one in it.
 */
export function rolesOf(
  type: UploadType,
  doc: DocumentSummary,
  file: { xml: string; alone: boolean },
  candidates: readonly string[],
  named: boolean,
): OwnerRole[] {
  const out: OwnerRole[] = [];
  const parties = partyRoles(type, doc, ownXml(type, doc, file.xml, file.alone))
    .filter((p): p is [string, string] => p[0] !== undefined)
    .map(([owner, role]) => ({ owner, role }));
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
