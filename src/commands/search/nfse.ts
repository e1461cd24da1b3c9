// `fiscal search nfse`: plan the request, stream matching records to the output layer.
import type { HttpClient } from '../../api/http.js';
import { NFSE_SEARCH, nfseSearchPages, nfseV1Pages } from '../../api/nfse.js';
import { planNfseSearch, type NfseSearch, type NfseSearchPlan } from '../../api/nfse-search.js';
import {
  OWNER_ROLE_OF,
  type NfseDocument,
  type NfseField,
  type NfseRecord,
  type NfseRole,
  type NfseV1Item,
} from '../../api/wire/nfse.js';
import type { Context } from '../../context.js';
import { nfseFacts } from '../../fiscal/nfse-facts.js';
import type { Column } from '../../output/writer.js';
import { summaryFields } from '../shared/document-options.js';
import type { FieldColumn } from './field-columns.js';
import { minute, writeRecords, type RecordPage } from './listing-output.js';
import { verb } from '../shared/verb.js';
import { searchNfse } from './index.js';
import { NFSE_PARSERS, nfseSearchOf } from './nfse-options.js';

/** A record as printed: the listing's records know less of the document than the search's. */
type NfseOutput = Omit<NfseRecord, 'document'> & { document?: Partial<NfseDocument> };

export default verb(searchNfse, {
  parsers: NFSE_PARSERS,
  check: (o) => void nfseSearchOf(o),
  async run(ctx, o) {
    const search = nfseSearchOf(o);
    // `document` carries isCanceled, which the XML may not say.
    const fields = summaryFields<NfseField>(o.summary, search.fields, 'xmlAbrasf', ['document']);
    await run(ctx, fields ? { ...search, fields } : search, o.summary);
  },
});

async function run(ctx: Context, options: NfseSearch, summary: boolean): Promise<void> {
  const plan = planNfseSearch(options, new Date(ctx.clock.now()));
  const http = await ctx.http();
  await writeRecords(ctx, plan.api === 'search' ? fromSearch(http, plan) : fromListing(http, plan), plan.limit, {
    table: TABLE,
    csv: CSV,
    fields: options.fields,
    summary: summary
      ? (r) => ({ xml: r.xmlAbrasf ?? '', source: r.id, clues: { api: r.document?.isCanceled } })
      : undefined,
    named: options.id
      ? {
          what: 'NFS-e',
          ids: [options.id],
          described: `with id ${options.id}`,
          idOf: (r) => r.id,
          endpoint: NFSE_SEARCH,
        }
      : undefined,
  });
}

async function* fromSearch(
  http: HttpClient,
  plan: Extract<NfseSearchPlan, { api: 'search' }>,
): AsyncGenerator<RecordPage<NfseOutput>> {
  for await (const page of nfseSearchPages(http, plan.request)) yield { records: page.items, total: page.total };
}

async function* fromListing(
  http: HttpClient,
  plan: Extract<NfseSearchPlan, { api: 'v1' }>,
): AsyncGenerator<RecordPage<NfseOutput>> {
  for await (const page of nfseV1Pages(http, plan.role, plan.query)) {
    yield { records: page.items.map((item) => v1Record(item, plan.role, plan.fields)) };
  }
}

/** A listing item carries the XML and the R10 id: the document summary is read from the XML. */
function v1Record(item: NfseV1Item, role: NfseRole, fields: NfseField[]): NfseOutput {
  const out: NfseOutput = { id: item.id };
  if (fields.includes('document')) {
    const f = nfseFacts(Buffer.from(item.xml, 'base64').toString('utf8'));
    out.document = {
      number: f.number ?? '',
      emissionDate: f.emissionDate ?? '',
      emitterCnpj: f.emitter ?? '',
      takerCnpj: f.taker ?? '',
      intermediaryCnpj: f.intermediary ?? '',
      isCanceled: f.canceled,
      owner: item.id.split(':')[0] ?? '',
      ownerRole: OWNER_ROLE_OF[role],
    };
  }
  if (fields.includes('xmlAbrasf')) out.xmlAbrasf = item.xml;
  return out;
}

const canceled = (r: NfseOutput) => (r.document?.isCanceled === undefined ? '' : r.document.isCanceled ? 'yes' : 'no');

const TABLE: Column<NfseOutput>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'NUMBER', get: (r) => r.document?.number },
  { header: 'EMITTED', get: (r) => minute(r.document?.emissionDate) },
  { header: 'COMPETENCE', get: (r) => r.document?.competence },
  { header: 'EMITTER', get: (r) => r.document?.emitterName || r.document?.emitterCnpj },
  { header: 'TAKER', get: (r) => r.document?.takerName || r.document?.takerCnpj },
  { header: 'VALUE', get: (r) => r.document?.serviceValue, kind: 'money' },
  { header: 'CANCELED', get: canceled },
  { header: 'ROLE', get: (r) => r.document?.ownerRole },
];

const CSV: FieldColumn<NfseOutput>[] = [
  { header: 'id', field: null, get: (r) => r.id, kind: 'id' },
  { header: 'number', field: 'document', get: (r) => r.document?.number },
  { header: 'emission_date', field: 'document', get: (r) => r.document?.emissionDate },
  { header: 'competence', field: 'document', get: (r) => r.document?.competence },
  { header: 'emitter_cnpj_cpf', field: 'document', get: (r) => r.document?.emitterCnpj, kind: 'id' },
  { header: 'taker_cnpj_cpf', field: 'document', get: (r) => r.document?.takerCnpj, kind: 'id' },
  { header: 'service_value', field: 'document', get: (r) => r.document?.serviceValue, kind: 'money' },
  { header: 'iss_value', field: 'document', get: (r) => r.document?.issValue, kind: 'money' },
  { header: 'net_value', field: 'document', get: (r) => r.document?.netValue, kind: 'money' },
  { header: 'is_canceled', field: 'document', get: (r) => r.document?.isCanceled },
  { header: 'owner', field: 'document', get: (r) => r.document?.owner, kind: 'id' },
  { header: 'owner_role', field: 'document', get: (r) => r.document?.ownerRole, kind: 'word' },
  { header: 'origin', field: 'origin', get: (r) => r.origin },
];
