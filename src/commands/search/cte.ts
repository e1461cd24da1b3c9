// `fiscal search cte` (and, through cteos.ts, `search cteos`): plan the request, stream matching
// records to the output layer.
import type { HttpClient } from '../../api/http.js';
import {
  cteOsPages,
  cteOsV1Pages,
  ctePages,
  cteSearch,
  cteV1Listing,
  cteV1Pages,
  type CteKind,
} from '../../api/cte.js';
import { planCteSearch, type CteSearch, type CteSearchPlan } from '../../api/cte-search.js';
import type { CteField, CteOsRole, CteRecord, CteV1Item } from '../../api/wire/cte.js';
import type { Context } from '../../context.js';
import { readDocuments, type DocumentSummary } from '../../fiscal/readers/index.js';
import type { Column } from '../../output/writer.js';
import { DOCUMENT_PARSERS, summaryFields } from '../shared/document-options.js';
import type { FieldColumn } from './field-columns.js';
import { recordClues, writeRecords, type RecordPage as CommonPage } from './listing-output.js';
import { namedKeys } from './named-documents.js';
import type { OptionsOf } from '../shared/define.js';
import { verb } from '../shared/verb.js';
import { cteSearchOf } from './cte-options.js';
import { searchCte, searchCteos } from './index.js';

/** `search cte` and `search cteos`: the same verb over the type's endpoints. */
function verbFor(kind: CteKind) {
  // Typed as `search cte`'s: CT-e OS differs only in the values --role and --key accept.
  const spec = (kind === 'cte' ? searchCte : searchCteos) as typeof searchCte;
  return verb(spec, {
    parsers: DOCUMENT_PARSERS,
    check: (o) => void cteSearchOf(kind, o),
    run: (ctx, o) => run(ctx, searchOf(kind, o), o.summary),
  });
}

/** The search, with the fields --summary reads (the key names the document when the XML cannot). */
function searchOf(kind: CteKind, o: OptionsOf<typeof searchCte.flags, typeof DOCUMENT_PARSERS>): CteSearch {
  const search = cteSearchOf(kind, o);
  const fields = summaryFields<CteField>(o.summary, search.fields, 'Xml', ['AccessKey']);
  return fields ? { ...search, fields } : search;
}

export default verbFor('cte');
export const cteosVerb = verbFor('cteos');

async function run(ctx: Context, options: CteSearch, summary: boolean): Promise<void> {
  // The XML may not carry a later cancellation; the search's Status and Events do.
  const plan = planCteSearch({ ...options, withStatus: summary }, new Date(ctx.clock.now()));
  const http = await ctx.http();
  const found = plan.api === 'dfe' ? searchDfe(http, plan) : searchV1(http, plan);
  const roles = plan.api === 'dfe' && plan.keepRoles ? new Set<string>(plan.keepRoles) : undefined;
  const takers = options.taker && new Set(options.taker);
  const keep =
    roles || takers
      ? (r: CteRecord) => (!roles || roles.has(r.OwnerRole ?? '')) && (!takers || takers.has(taxId(r.Taker)))
      : undefined;
  await writeRecords(ctx, found, plan.limit, {
    table: TABLE_COLUMNS,
    csv: CSV_COLUMNS,
    fields: options.fields,
    keep,
    summary: summary
      ? (r) => ({ xml: r.Xml ?? '', source: r.AccessKey ?? options.kind, clues: recordClues(r) })
      : undefined,
    named: namedKeys(
      options.kind === 'cte' ? 'CT-e' : 'CT-e OS',
      options.key,
      plan.api === 'dfe' ? cteSearch(plan.kind) : cteV1Listing(plan.kind, plan.role),
    ),
  });
}

type RecordPage = CommonPage<CteRecord>;

type DfePlan = Extract<CteSearchPlan, { api: 'dfe' }>;
type V1Plan = Extract<CteSearchPlan, { api: 'v1' }>;

async function* searchDfe(http: HttpClient, plan: DfePlan): AsyncGenerator<RecordPage> {
  const pages = plan.kind === 'cte' ? ctePages(http, plan.request) : cteOsPages(http, plan.request);
  for await (const page of pages) yield { records: page.items, total: page.total };
}

async function* searchV1(http: HttpClient, plan: V1Plan): AsyncGenerator<RecordPage> {
  const pages =
    plan.kind === 'cte'
      ? cteV1Pages(http, plan.role, plan.query)
      : cteOsV1Pages(http, plan.role as CteOsRole, plan.query);
  for await (const page of pages) yield { records: page.items.map((item) => v1Record(item, plan)) };
}

function summaryOf(xml: string): DocumentSummary | undefined {
  try {
    return readDocuments(Buffer.from(xml, 'utf8'), 'listing').find((d) => d.kind === 'cte' || d.kind === 'cteos');
  } catch {
    return undefined;
  }
}

const party = (taxId: string | undefined, name: string | undefined, uf: string | undefined) => ({
  Cnpj: taxId?.length === 14 ? taxId : '',
  Cpf: taxId?.length === 11 ? taxId : '',
  Name: name ?? '',
  TradingName: '',
  Inscription: '',
  Uf: uf ?? '',
});

/** A role-listing item carries only the XML: read the record fields the listing shows from it. */
function v1Record(item: CteV1Item, plan: Pick<V1Plan, 'role' | 'fields' | 'owner'>): CteRecord {
  const xml = typeof item.xml === 'string' ? Buffer.from(item.xml, 'base64').toString('utf8') : undefined;
  const s = xml ? summaryOf(xml) : undefined;
  const full: CteRecord = {
    AccessKey: item.access_key,
    OwnerRole: plan.role,
    ...(plan.owner && { Owner: plan.owner }),
    ...(s && {
      Number: s.number ?? '',
      EmissionDate: s.emittedAt ?? '',
      Emitter: party(s.emitter.taxId, s.emitter.name, s.emitter.uf),
      Taker: s.counterpart.role === 'taker' ? party(s.counterpart.taxId, s.counterpart.name, s.counterpart.uf) : null,
      Status: s.canceled ? 'canceled' : 'authorized',
    }),
    ...(typeof item.xml === 'string' && { Xml: item.xml }),
  };
  const out: Record<string, unknown> = {};
  for (const f of plan.fields) if (f in full) out[f] = full[f as keyof CteRecord];
  return out as CteRecord;
}

const taxId = (p: CteRecord['Taker'] | undefined) => p?.Cnpj || p?.Cpf || '';
const who = (p: CteRecord['Taker'] | undefined) => p?.Name || taxId(p);

/** As for NF-e: the key, date, value and status stay on a narrow terminal; the rest goes first. */
const TABLE_COLUMNS: Column<CteRecord>[] = [
  { header: 'KEY', get: (r) => r.AccessKey, truncate: false, priority: 5 },
  { header: 'NUMBER', get: (r) => r.Number, priority: 2 },
  { header: 'EMITTED', get: (r) => r.EmissionDate?.slice(0, 10), priority: 4 },
  { header: 'EMITTER', get: (r) => who(r.Emitter), priority: 3 },
  { header: 'TAKER', get: (r) => who(r.Taker), priority: 3 },
  { header: 'VALUE', get: (r) => r.Document?.TotalValue, truncate: false, priority: 4, kind: 'money' },
  { header: 'STATUS', get: (r) => r.Status, priority: 4 },
  { header: 'ROLE', get: (r) => r.OwnerRole, priority: 1 },
];

const CSV_COLUMNS: FieldColumn<CteRecord>[] = [
  { header: 'access_key', field: 'AccessKey', get: (r) => r.AccessKey, kind: 'id' },
  { header: 'number', field: 'Number', get: (r) => r.Number },
  { header: 'emission_date', field: 'EmissionDate', get: (r) => r.EmissionDate },
  { header: 'created_at', field: 'CreatedAt', get: (r) => r.CreatedAt },
  { header: 'emitter_cnpj_cpf', field: 'Emitter', get: (r) => taxId(r.Emitter), kind: 'id' },
  { header: 'emitter_name', field: 'Emitter', get: (r) => r.Emitter?.Name },
  { header: 'taker_cnpj_cpf', field: 'Taker', get: (r) => taxId(r.Taker), kind: 'id' },
  { header: 'taker_name', field: 'Taker', get: (r) => r.Taker?.Name },
  { header: 'total_value', field: 'Document', get: (r) => r.Document?.TotalValue, kind: 'money' },
  { header: 'status', field: 'Status', get: (r) => r.Status, kind: 'word' },
  { header: 'owner', field: 'Owner', get: (r) => r.Owner, kind: 'id' },
  { header: 'owner_role', field: 'OwnerRole', get: (r) => r.OwnerRole, kind: 'word' },
];
