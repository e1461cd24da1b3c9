// NFC-e streams for the pull engine: GET /v1/nfce/emitted (R13 cursor). An NFC-e is an nfeProc of
// model 65, so the NF-e fact scan reads it.
import type { HttpClient } from '../../api/http.js';
import { nfceV1Pages } from '../../api/nfce.js';
import type { NfceRole, NfceV1Item, NfceV1Query } from '../../api/wire/nfce.js';
import { nfeFacts, statusOfProtocol } from '../../fiscal/nfe-facts.js';
import type { StreamKey } from '../checkpoint.js';
import { cursorListingSource, fromBase64, type PulledDocument, type StreamSource } from '../source.js';

export function nfceDocument(item: NfceV1Item, owner: string, bytesOf = fromBase64): PulledDocument {
  const xml = bytesOf(item.xml);
  const f = nfeFacts(xml.toString('latin1'), {});
  return {
    key: item.access_key,
    type: 'nfce',
    role: 'emitted',
    owner: owner || (f.emitter ?? ''),
    xml,
    status: statusOfProtocol(f.protocolStatus),
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
}

export function nfceV1Source(http: HttpClient, key: StreamKey, query: NfceV1Query): StreamSource {
  const role = key.role as NfceRole;
  return cursorListingSource(http, key, query, {
    type: 'nfce',
    pages: (h, q, signal) => nfceV1Pages(h, role, q, { signal }),
    documents: (item, h) => [nfceDocument(item, key.owner, h.bytesOf)],
  });
}
