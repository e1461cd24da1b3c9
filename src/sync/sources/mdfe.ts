// MDF-e streams for the pull engine: GET /v1/mdfe/{role} (R13 cursor). The status comes from the
// events each item carries (closing, cancellation) and the protocol.
import type { HttpClient } from '../../api/http.js';
import { withSignal } from '../../api/http-views.js';
import { mdfeV1Pages } from '../../api/mdfe.js';
import type { MdfeRole, MdfeV1Item, MdfeV1Query } from '../../api/wire/mdfe.js';
import { mdfeFacts, mdfeStatus } from '../../fiscal/mdfe-facts.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import type { PulledDocument, StreamSource } from '../source.js';

export function mdfeDocument(item: MdfeV1Item, role: MdfeRole, owner: string): PulledDocument {
  const xml = Buffer.from(item.xml, 'base64');
  const f = mdfeFacts(xml.toString('latin1'), owner ? {} : { [role]: true });
  const ownerOfRole = role === 'emitted' ? f.emitter : role === 'contractor' ? f.contractor : f.authorized;
  return {
    key: item.access_key,
    type: 'mdfe',
    role,
    owner: owner || (ownerOfRole ?? ''),
    xml,
    status: mdfeStatus(
      item.events.map((e) => e.type),
      f.protocolStatus,
    ),
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
}

export function mdfeV1Source(http: HttpClient, key: StreamKey, query: MdfeV1Query): StreamSource {
  const role = key.role as MdfeRole;
  const { cursor: _c, limit: _l, ...filters } = query;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson(filters),
    label: `mdfe ${role}${key.owner ? ` ${key.owner}` : ''}`,
    async *pages(start, signal) {
      const q = { ...query, cursor: start?.cursor ?? 0, limit: 50 };
      for await (const page of mdfeV1Pages(withSignal(http, signal), role, q, { signal })) {
        yield {
          docs: page.items.map((item) => mdfeDocument(item, role, key.owner)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}
