// CT-e and CT-e OS streams for the pull engine: the v1 role listings GET /v1/cte/{role} and
// /v1/cte-os/{role}, whose stable cursor is made for incremental sync (R13).
import type { HttpClient } from '../../api/http.js';
import { cteOsV1Pages, cteV1Pages } from '../../api/cte.js';
import type { CteOsRole, CteRole, CteV1Item, CteV1Query } from '../../api/wire/cte.js';
import { cteFacts, cteStatus, type CteFacts } from '../../fiscal/cte-facts.js';
import type { StreamKey } from '../checkpoint.js';
import { filedUnder, type AccountCompanies } from '../role-owners.js';
import { cursorListingSource, fromBase64, type PulledDocument, type StreamSource } from '../source.js';

type CteStreamType = 'cte' | 'cteos';

/**
 * The parties a CT-e or CT-e OS names in `role`, in the XML's order: the taker (toma3, toma4,
 * toma); for not-taker every other party (emit, rem, exped, receb, dest; a CT-e OS names only
 * emit and toma); for authorized the autXML ids.
 */
export function ctePartiesIn(role: string, f: CteFacts): string[] {
  if (role === 'taker') return f.taker ? [f.taker] : [];
  if (role === 'authorized') return f.authorized;
  return [f.emitter, ...f.parties].filter((id): id is string => !!id && id !== f.taker);
}

/**
 * A v1 item as the documents it is filed as: under the stream's owner, else (role-owners.ts)
 * under the taker, or each of the account's `companies` holding the role. The facts come from a
 * string scan of the XML, not a parse.
 */
export function cteV1Documents(
  type: CteStreamType,
  item: CteV1Item,
  role: string,
  owner: string,
  companies: ReadonlySet<string> | undefined,
  bytesOf = fromBase64,
): PulledDocument[] {
  const xml = typeof item.xml === 'string' ? bytesOf(item.xml) : Buffer.from(JSON.stringify(item.xml));
  // latin1 decodes faster than UTF-8, and the facts read are all ASCII tags and digits.
  const f = cteFacts(xml.toString('latin1'));
  const doc = {
    key: item.access_key,
    type,
    role,
    xml,
    status: cteStatus(f),
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
  return owner ? [{ ...doc, owner }] : filedUnder(doc, ctePartiesIn(role, f), companies);
}

function pagesOf(type: CteStreamType, http: HttpClient, role: string, q: CteV1Query, signal: AbortSignal) {
  return type === 'cte'
    ? cteV1Pages(http, role as CteRole, q, { signal })
    : cteOsV1Pages(http, role as CteOsRole, q, { signal });
}

/** The v1 role listing of CT-e (`key.type` 'cte') or CT-e OS ('cteos') as a resumable stream. */
export function cteV1Source(
  http: HttpClient,
  key: StreamKey,
  query: CteV1Query,
  companies: AccountCompanies,
): StreamSource {
  const type: CteStreamType = key.type === 'cteos' ? 'cteos' : 'cte';
  return cursorListingSource(http, key, query, {
    type,
    pages: (h, q, signal) => pagesOf(type, h, key.role, q, signal),
    documents: (item, h, ids) => cteV1Documents(type, item, key.role, key.owner, ids, h.bytesOf),
    // Only the taker is one party: not-taker and authorized are the account's companies among several.
    companies: key.owner || key.role === 'taker' ? undefined : companies,
  });
}
