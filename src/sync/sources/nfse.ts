// NFS-e streams for the pull engine: GET /v1/nfse/{role}, whose stable cursor is made for
// incremental sync (R13). Documents are keyed by the R10 id without the owner.
import type { HttpClient } from '../../api/http.js';
import { nfseV1Pages } from '../../api/nfse.js';
import type { NfseRole, NfseV1Item, NfseV1Query } from '../../api/wire/nfse.js';
import { documentStatus } from '../../fiscal/doc-status.js';
import { nfseDocumentId, nfseFacts, type NfseFacts } from '../../fiscal/nfse-facts.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import { fromBase64, pageClient, type PulledDocument, type StreamSource } from '../source.js';

/** Who owns a document listed by role, when neither the stream nor the id says. */
function ownerFromFacts(role: NfseRole, f: NfseFacts): string {
  return (role === 'emitted' ? f.emitter : role === 'received' ? f.taker : f.intermediary) ?? '';
}

export function nfseDocument(item: NfseV1Item, role: NfseRole, owner: string, bytesOf = fromBase64): PulledDocument {
  const xml = bytesOf(item.xml);
  const f = nfseFacts(xml.toString('latin1'));
  // R10: `<owner>:<emitter>:<date>:<number>`; the key is the part after the owner.
  const parts = item.id.split(':');
  const key = parts.length === 4 ? parts.slice(1).join(':') : (nfseDocumentId(f) ?? item.id);
  return {
    key,
    type: 'nfse',
    role,
    owner: owner || (parts.length === 4 ? parts[0]! : ownerFromFacts(role, f)),
    xml,
    status: documentStatus({ type: 'nfse', canceledInXml: f.canceled }) ?? 'authorized',
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
}

export function nfseV1Source(http: HttpClient, key: StreamKey, query: NfseV1Query): StreamSource {
  const role = key.role as NfseRole;
  const { cursor: _c, limit: _l, ...filters } = query;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson(filters),
    label: `nfse ${role}${key.owner ? ` ${key.owner}` : ''}`,
    async *pages(start, signal) {
      const q = { ...query, cursor: start?.cursor ?? 0, limit: 50 };
      const h = pageClient(http, signal);
      for await (const page of nfseV1Pages(h, role, q, { signal })) {
        yield {
          docs: page.items.map((item) => nfseDocument(item, role, key.owner, h.bytesOf)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}
