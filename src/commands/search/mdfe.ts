// `fiscal search mdfe`, also `fiscal mdfe search`: plan the request, stream matching records to
// the output layer.
import type { HttpClient } from '../../api/http.js';
import { mdfeSearchPages, mdfeV1Pages } from '../../api/mdfe.js';
import { planMdfeSearch, type MdfeSearch, type MdfeSearchPlan } from '../../api/mdfe-search.js';
import type { MdfeField, MdfeRecord, MdfeRole, MdfeV1Item } from '../../api/wire/mdfe.js';
import type { Context } from '../../context.js';
import { mdfeFacts, mdfeStatus } from '../../fiscal/mdfe-facts.js';
import type { Column } from '../../output/writer.js';
import { summaryFields } from '../shared/document-options.js';
import type { FieldColumn } from './field-columns.js';
import { minute, recordClues, writeRecords, type RecordPage } from './listing-output.js';
import { verb } from '../shared/verb.js';
import { searchMdfe } from './index.js';
import { MDFE_PARSERS, mdfeSearchOf } from './mdfe-options.js';

export default verb(searchMdfe, {
  parsers: MDFE_PARSERS,
  check: (o) => void mdfeSearchOf(o),
  async run(ctx, o) {
    const search = mdfeSearchOf(o);
    // Status and Events: a cancellation or closing after the XML was authorized is only there.
    const fields = summaryFields<MdfeField>(o.summary, search.fields, 'Xml', ['AccessKey', 'Status', 'Events']);
    await run(ctx, fields ? { ...search, fields } : search, o.summary);
  },
});

async function run(ctx: Context, options: MdfeSearch, summary: boolean): Promise<void> {
  const plan = planMdfeSearch(options, new Date(ctx.clock.now()));
  const http = await ctx.http();
  await writeRecords(ctx, plan.api === 'search' ? fromSearch(http, plan) : fromListing(http, plan), plan.limit, {
    table: TABLE,
    csv: CSV,
    fields: options.fields,
    summary: summary ? (r) => ({ xml: r.Xml ?? '', source: r.AccessKey ?? 'mdfe', clues: recordClues(r) }) : undefined,
  });
}

async function* fromSearch(
  http: HttpClient,
  plan: Extract<MdfeSearchPlan, { api: 'search' }>,
): AsyncGenerator<RecordPage<MdfeRecord>> {
  for await (const page of mdfeSearchPages(http, plan.request)) yield { records: page.items, total: page.total };
}

async function* fromListing(
  http: HttpClient,
  plan: Extract<MdfeSearchPlan, { api: 'v1' }>,
): AsyncGenerator<RecordPage<MdfeRecord>> {
  for await (const page of mdfeV1Pages(http, plan.role, plan.query)) {
    yield { records: page.items.map((item) => v1Record(item, plan.role, plan.fields)) };
  }
}

/** A listing item carries the XML and its events: the fields a list shows are read from them. */
function v1Record(item: MdfeV1Item, role: MdfeRole, fields: MdfeField[]): MdfeRecord {
  const f = mdfeFacts(Buffer.from(item.xml, 'base64').toString('latin1'));
  const status = mdfeStatus(
    item.events.map((e) => e.type),
    f.protocolStatus,
  );
  const full: MdfeRecord = {
    AccessKey: item.access_key,
    Number: f.number ?? '',
    EmissionDate: f.emissionDate ?? '',
    OwnerRole: role,
    Emitter: { EmitterCnpj: f.emitter ?? '', EmitterCpf: '', EmitterName: '', EmitterAddressUf: '' },
    ...(status && { Status: status }),
    Events: item.events,
    Xml: item.xml,
  };
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field in full) out[field] = full[field as keyof MdfeRecord];
  return out as MdfeRecord;
}

const route = (r: MdfeRecord) => (r.Document ? `${r.Document.StartUf}->${r.Document.EndUf}` : '');

const TABLE: Column<MdfeRecord>[] = [
  { header: 'KEY', get: (r) => r.AccessKey, truncate: false },
  { header: 'NUMBER', get: (r) => r.Number },
  { header: 'EMITTED', get: (r) => minute(r.EmissionDate) },
  { header: 'EMITTER', get: (r) => r.Emitter?.EmitterName || r.Emitter?.EmitterCnpj || r.Emitter?.EmitterCpf },
  { header: 'ROUTE', get: route },
  { header: 'PLATE', get: (r) => r.Document?.Plate },
  { header: 'STATUS', get: (r) => r.Status },
  { header: 'ROLE', get: (r) => r.OwnerRole },
];

const CSV: FieldColumn<MdfeRecord>[] = [
  { header: 'access_key', field: 'AccessKey', get: (r) => r.AccessKey },
  { header: 'number', field: 'Number', get: (r) => r.Number },
  { header: 'emission_date', field: 'EmissionDate', get: (r) => r.EmissionDate },
  { header: 'created_at', field: 'CreatedAt', get: (r) => r.CreatedAt },
  { header: 'emitter_cnpj_cpf', field: 'Emitter', get: (r) => r.Emitter?.EmitterCnpj || r.Emitter?.EmitterCpf },
  { header: 'start_uf', field: 'Document', get: (r) => r.Document?.StartUf },
  { header: 'end_uf', field: 'Document', get: (r) => r.Document?.EndUf },
  { header: 'plate', field: 'Document', get: (r) => r.Document?.Plate },
  { header: 'status', field: 'Status', get: (r) => r.Status },
  { header: 'owner', field: 'Owner', get: (r) => r.Owner },
  { header: 'owner_role', field: 'OwnerRole', get: (r) => r.OwnerRole },
];
