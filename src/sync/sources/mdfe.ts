// MDF-e streams for the pull engine: GET /v1/mdfe/{role} (R13 cursor). The status comes from the
// events each item carries (closing, cancellation) and the protocol.
import type { HttpClient } from '../../api/http.js';
import { withSignal } from '../../api/http-views.js';
import { mdfeV1Pages } from '../../api/mdfe.js';
import type { MdfeRole, MdfeV1Item, MdfeV1Query } from '../../api/wire/mdfe.js';
import { mdfeFacts, mdfeStatus, type MdfeFacts } from '../../fiscal/mdfe-facts.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import { filedUnder, type AccountCompanies } from '../role-owners.js';
import type { PulledDocument, StreamSource } from '../source.js';

/** The parties an MDF-e names in `role`, in the XML's order: its emitter, its infContratante or its autXML ids. */
function partiesIn(role: MdfeRole, f: MdfeFacts): string[] {
  if (role === 'emitted') return f.emitter ? [f.emitter] : [];
  return role === 'contractor' ? f.contractors : f.authorized;
}

/**
 * A v1 item as the documents it is filed as: under the stream's owner, else (role-owners.ts) under
 * the emitter, or each of the account's `companies` among the contractors or the autXML ids.
 */
export function mdfeDocuments(
  item: MdfeV1Item,
  role: MdfeRole,
  owner: string,
  companies: ReadonlySet<string> | undefined,
): PulledDocument[] {
  const xml = Buffer.from(item.xml, 'base64');
  const f = mdfeFacts(xml.toString('latin1'), owner ? {} : { [role]: true });
  const doc = {
    key: item.access_key,
    type: 'mdfe',
    role,
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
  return owner ? [{ ...doc, owner }] : filedUnder(doc, partiesIn(role, f), companies);
}

export function mdfeV1Source(
  http: HttpClient,
  key: StreamKey,
  query: MdfeV1Query,
  companies: AccountCompanies,
): StreamSource {
  const role = key.role as MdfeRole;
  // Only the emitter is one party: an MDF-e may list several contractors and autXML ids.
  const companiesOf = key.owner || role === 'emitted' ? undefined : companies;
  const { cursor: _c, limit: _l, ...filters } = query;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson(filters),
    label: `mdfe ${role}${key.owner ? ` ${key.owner}` : ''}`,
    async *pages(start, signal) {
      const q = { ...query, cursor: start?.cursor ?? 0, limit: 50 };
      const ids = await companiesOf?.(signal);
      for await (const page of mdfeV1Pages(withSignal(http, signal), role, q, { signal })) {
        yield {
          docs: page.items.flatMap((item) => mdfeDocuments(item, role, key.owner, ids)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}
