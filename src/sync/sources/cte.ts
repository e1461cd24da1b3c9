// CT-e and CT-e OS streams for the pull engine: the v1 role listings GET /v1/cte/{role} and
// /v1/cte-os/{role}, whose stable cursor is made for incremental sync (R13).
import type { HttpClient } from '../../api/http.js';
import { cteOsV1Pages, cteV1Pages } from '../../api/cte.js';
import type { CteOsRole, CteRole, CteV1Item, CteV1Query } from '../../api/wire/cte.js';
import { cteFacts, cteStatus, type CteFacts } from '../../fiscal/cte-facts.js';
import type { StreamKey } from '../checkpoint.js';
import { cursorListingSource, fromBase64, type PulledDocument, type StreamSource } from '../source.js';

type CteStreamType = 'cte' | 'cteos';

/**
 * Who owns a document listed by role when the stream is not one owner's, read from the XML.
 * `candidates` are the owners the listing was asked for (cnpj[]): a not-taker can be any party
 * but the taker, so one of them is preferred; without them it is the first party not taking.
 */
export function cteOwnerFromFacts(role: string, f: CteFacts, candidates: readonly string[] = []): string {
  if (role === 'taker') return f.taker ?? '';
  if (role === 'authorized') return f.authorized.find((id) => candidates.includes(id)) ?? f.authorized[0] ?? '';
  const others = [f.emitter, ...f.parties].filter((id): id is string => !!id && id !== f.taker);
  return others.find((id) => candidates.includes(id)) ?? others[0] ?? '';
}

/** A v1 item as a PulledDocument: the facts come from a string scan of the XML, not a parse. */
export function cteV1Document(
  type: CteStreamType,
  item: CteV1Item,
  role: string,
  owner: string,
  candidates: readonly string[] = [],
  bytesOf = fromBase64,
): PulledDocument {
  const xml = typeof item.xml === 'string' ? bytesOf(item.xml) : Buffer.from(JSON.stringify(item.xml));
  // latin1 decodes faster than UTF-8, and the facts read are all ASCII tags and digits.
  const f = cteFacts(xml.toString('latin1'));
  return {
    key: item.access_key,
    type,
    role,
    owner: owner || cteOwnerFromFacts(role, f, candidates),
    xml,
    status: cteStatus(f),
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
}

function pagesOf(type: CteStreamType, http: HttpClient, role: string, q: CteV1Query, signal: AbortSignal) {
  return type === 'cte'
    ? cteV1Pages(http, role as CteRole, q, { signal })
    : cteOsV1Pages(http, role as CteOsRole, q, { signal });
}

/** The v1 role listing of CT-e (`key.type` 'cte') or CT-e OS ('cteos') as a resumable stream. */
export function cteV1Source(http: HttpClient, key: StreamKey, query: CteV1Query): StreamSource {
  const type: CteStreamType = key.type === 'cteos' ? 'cteos' : 'cte';
  const candidates = query.cnpjs ?? [];
  return cursorListingSource(http, key, query, {
    type,
    pages: (h, q, signal) => pagesOf(type, h, key.role, q, signal),
    document: (item, h) => cteV1Document(type, item, key.role, key.owner, candidates, h.bytesOf),
  });
}
