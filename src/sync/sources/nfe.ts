// NF-e streams for the pull engine: the v1 cursor listing (default: its stable cursor is made for
// incremental sync, R13) and the v2 listing (when a flag only v2 has is used).
import type { HttpClient } from '../../api/http.js';
import { sentOnce, withSignal } from '../../api/http-views.js';
import { nfeV1Pages, nfeV2Pages, searchNfeV2 } from '../../api/nfe.js';
import type { NfeRole, NfeV1Item, NfeV1Query, NfeV2Field, NfeV2Record, NfeV2Request } from '../../api/wire/nfe.js';
import { brasiliaDateTime } from '../../fiscal/dates.js';
import { nfeFacts, statusOfProtocol, type NfeFacts } from '../../fiscal/nfe-facts.js';
import type { CreatedRange, StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import { filedUnder, type AccountCompanies } from '../role-owners.js';
import { listedNfes } from './nfe-listed.js';
import { fromBase64, pageClient, type Counted, type PulledDocument, type StreamSource } from '../source.js';

/**
 * Documents per v2 page in a pull: the maximum, ten v1 pages per round trip. A page with XML is
 * some 5 MB of JSON, held once per stream fetching (--concurrency bounds them): memory depends on
 * the page and the concurrency, not on how many documents the account holds.
 */
const V2_PULL_LIMIT = 500;

/** What an open created_at range reads: every document the service can have. */
const ALL_CREATED = { from: '2000-01-01 00:00:00', to: '2099-12-31 23:59:59' };

/**
 * How many documents of the v2 listing `filters` selects in `range` (a one-record page's Total),
 * and when that record was created: the listing's first, which the plan takes for the earliest
 * (backfill.ts). The run's signal ends it: a plan's counts go out together, and one left
 * unanswered must not hold a run past --max-duration.
 */
async function countV2(
  http: HttpClient,
  filters: NfeV2Request['Filters'],
  range: CreatedRange,
  signal: AbortSignal,
  once = false,
): Promise<Counted | undefined> {
  const page = await searchNfeV2(withSignal(once ? sentOnce(http) : http, signal), {
    Fields: ['CreatedAt'],
    Filters: { ...filters, CreatedAt: { From: range.from, To: range.to } },
    Limit: 1,
  });
  if (page.Total === undefined || page.Total === null) return undefined;
  const first = Date.parse(page.Nfes[0]?.CreatedAt ?? '');
  return { total: page.Total, ...(Number.isFinite(first) ? { first } : {}) };
}

/** A filter date with its time: a bare date stands for its first (`from`) or last (`to`) second. */
const withTime = (value: string, bound: 'from' | 'to') =>
  value.length === 10 ? `${value} ${bound === 'from' ? '00:00:00' : '23:59:59'}` : value;

const V2_PULL_FIELDS: NfeV2Field[] = [
  'AccessKey',
  'Xml',
  'Owner',
  'OwnerRole',
  'Status',
  'CreatedAt',
  'EmissionDate',
  'Number',
  'Emitter',
];

const PARTY_OF_ROLE = {
  received: 'receiver',
  emitted: 'emitter',
  transporter: 'transporter',
  authorized: 'authorized',
} as const;

/** The parties an NF-e names in `role`: dest, emit or transporta; autXML may list several. */
function partiesIn(role: NfeRole, f: NfeFacts): string[] {
  const one = (id: string | undefined) => (id ? [id] : []);
  switch (role) {
    case 'received':
      return one(f.receiver);
    case 'emitted':
      return one(f.emitter);
    case 'transporter':
      return one(f.transporter);
    case 'authorized':
      return f.authorized;
  }
}

/**
 * A listed NF-e as the documents it is filed as: under `owner` (the stream's, or the record's
 * Owner), else (role-owners.ts) under the role's party, or each of the account's `companies`
 * among the autXML ids.
 */
function v1Documents(
  item: Pick<NfeV1Item, 'access_key' | 'xml'>,
  role: NfeRole,
  owner: string,
  companies: ReadonlySet<string> | undefined,
  bytesOf = fromBase64,
): PulledDocument[] {
  const xml = typeof item.xml === 'string' ? bytesOf(item.xml) : Buffer.from(JSON.stringify(item.xml));
  // latin1 decodes faster than UTF-8, and the facts read are all ASCII tags and digits.
  const f = nfeFacts(xml.toString('latin1'), owner ? {} : { [PARTY_OF_ROLE[role]]: true });
  const doc = {
    key: item.access_key,
    type: 'nfe',
    role,
    xml,
    status: statusOfProtocol(f.protocolStatus),
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
  return owner ? [{ ...doc, owner }] : filedUnder(doc, partiesIn(role, f), companies);
}

/**
 * A v2 page's fields a v1 stream's window needs: the owner the record is about (one record per
 * owner), the rest read from the XML, as v1 does.
 */
const V2_WINDOW_FIELDS: NfeV2Field[] = ['AccessKey', 'Xml', 'Owner'];

/**
 * Documents per v2 page in a v1 stream's backfill window: five v1 pages per round trip. Not 500:
 * every window holds a page being fetched and one waiting to be written, and three windows of 500-doc
 * pages (25 MB of JSON, text and decoded XML in flight) put a pull's peak memory near 150 MB where
 * 250 keeps it near 130 MB (docs/pull.md).
 */
const V2_WINDOW_LIMIT = 250;

/** How many more documents a v1 stream's window reads per request on v2 than on v1. */
const V2_WINDOW_SPEEDUP = V2_WINDOW_LIMIT / 50;

export function nfeV1Source(
  http: HttpClient,
  key: StreamKey,
  query: NfeV1Query,
  now: number,
  companies: AccountCompanies,
): StreamSource {
  const role = key.role as NfeRole;
  // Only autXML may name several parties (role-owners.ts).
  const companiesOf = key.owner || role !== 'authorized' ? undefined : companies;
  const { cursor: _c, limit: _l, ...filters } = query;
  // A v1 listing splits where v2 can select the same documents: the same role and owners, no
  // property filter (R17), no list of keys. v2 then counts it for the plan and reads its windows.
  const v2Filters: NfeV2Request['Filters'] | undefined =
    query.filter === undefined && !query.accessKeys?.length && query.formatType !== 'json'
      ? {
          EmissionDate: { From: '2000-01-01' },
          OwnerRoles: [role],
          ...(query.cnpjs?.length ? { Owners: query.cnpjs } : {}),
        }
      : undefined;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson(filters),
    label: `nfe ${role}${key.owner ? ` ${key.owner}` : ''}`,
    ...(v2Filters
      ? {
          ...listedNfes(http, role, v2Filters, now),
          split: {
            range:
              query.createdFrom && query.createdTo
                ? { from: withTime(query.createdFrom, 'from'), to: withTime(query.createdTo, 'to') }
                : ALL_CREATED,
            count: (range: CreatedRange, signal, once) => countV2(http, v2Filters, range, signal, once),
            windowSpeedup: V2_WINDOW_SPEEDUP,
            pageSize: V2_WINDOW_LIMIT,
          },
        }
      : {}),
    async *pages(start, signal) {
      const h = pageClient(http, signal);
      const ids = await companiesOf?.(signal);
      if (v2Filters && start?.range && start.stream.window !== undefined && start.cursor === 0) {
        // A backfill window (a closed created_at range, read once): 250 documents per request on
        // v2, written as the v1 listing's documents (the same XML; status, owner and the rest
        // read from it, no created_at), so the index is the same as a v1 read's. Its Paginator is
        // its position. (A window a v1 read had begun, cursor > 0, goes on on v1.)
        const req: NfeV2Request = {
          Fields: V2_WINDOW_FIELDS,
          Limit: V2_WINDOW_LIMIT,
          Filters: { ...v2Filters, CreatedAt: { From: start.range.from, To: start.range.to } },
          ...(start.paginator ? { Paginator: start.paginator } : {}),
        };
        for await (const page of nfeV2Pages(h, req, { signal })) {
          const docs = page.items.flatMap((r) =>
            v1Documents(
              { access_key: r.AccessKey ?? '', xml: r.Xml ?? '' },
              role,
              key.owner || (r.Owner ?? ''),
              ids,
              h.bytesOf,
            ),
          );
          // The base64 text (as large as the documents) is not kept while the page waits to be written.
          page.items.length = 0;
          yield {
            docs,
            from: page.token ? `paginator ${page.token}` : 'start',
            resume: { cursor: 0, paginator: page.next || null, createdHighWater: null },
            ...(page.next ? {} : { last: true }),
          };
        }
        return;
      }
      const window = start?.range ? { createdFrom: start.range.from, createdTo: start.range.to } : {};
      const q = { ...query, ...window, cursor: start?.cursor ?? 0, limit: 50 };
      for await (const page of nfeV1Pages(h, role, q, { signal })) {
        const docs = page.items.flatMap((item) => v1Documents(item, role, key.owner, ids, h.bytesOf));
        page.items.length = 0;
        yield {
          docs,
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}

function v2Document(r: NfeV2Record, role: NfeRole, bytesOf: (value: string) => Buffer): PulledDocument {
  return {
    key: r.AccessKey ?? '',
    type: 'nfe',
    role,
    owner: r.Owner ?? '',
    xml: bytesOf(r.Xml ?? ''),
    status: r.Status ?? null,
    createdAt: r.CreatedAt ?? null,
    emissionDate: r.EmissionDate ?? '',
    number: r.Number ?? '',
    emitter: r.Emitter?.EmitterCnpj || r.Emitter?.EmitterCpf || '',
  };
}

const later = (a: string | null, b: string | null | undefined) =>
  !b ? a : !a || Date.parse(b) > Date.parse(a) ? b : a;

export function nfeV2Source(http: HttpClient, key: StreamKey, request: NfeV2Request, now: number): StreamSource {
  const role = key.role as NfeRole;
  const plain: NfeV2Request = { ...request, Fields: V2_PULL_FIELDS, Limit: V2_PULL_LIMIT };
  const own = request.Filters?.CreatedAt;
  return {
    key,
    endpoint: 'v2',
    filters: canonicalJson(request.Filters ?? {}),
    label: `nfe ${role}${key.owner ? ` ${key.owner}` : ''}`,
    ...listedNfes(http, role, request.Filters, now),
    split: {
      range: {
        from: own?.From ? withTime(own.From, 'from') : ALL_CREATED.from,
        to: own?.To ? withTime(own.To, 'to') : ALL_CREATED.to,
      },
      count: (range, signal, once) => countV2(http, request.Filters, range, signal, once),
      pageSize: V2_PULL_LIMIT,
    },
    async *pages(start, signal) {
      let base = plain;
      if (start?.range)
        base = { ...plain, Filters: { ...plain.Filters, CreatedAt: { From: start.range.from, To: start.range.to } } };
      let req = base;
      if (start?.paginator) req = { ...base, Paginator: start.paginator };
      else if (start?.createdHighWater) {
        // The listing was read to its end: ask only for what was received since (overlap is
        // deduplicated by the index).
        const from = brasiliaDateTime(new Date(start.createdHighWater));
        const own = base.Filters?.CreatedAt?.From;
        req = {
          ...base,
          Filters: { ...base.Filters, CreatedAt: { ...base.Filters?.CreatedAt, From: own && own > from ? own : from } },
        };
      }
      let high = start?.createdHighWater ?? null;
      const h = pageClient(http, signal);
      for await (const page of nfeV2Pages(h, req, { signal })) {
        for (const r of page.items) high = later(high, r.CreatedAt);
        const docs = page.items.map((r) => v2Document(r, role, h.bytesOf));
        page.items.length = 0;
        yield {
          docs,
          from: page.token ? `paginator ${page.token}` : 'start',
          resume: { cursor: 0, paginator: page.next || null, createdHighWater: high },
          ...(page.total !== undefined ? { total: page.total } : {}),
          ...(page.next ? {} : { last: true }),
        };
      }
    },
  };
}
