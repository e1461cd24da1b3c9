// `fiscal search nfe`: plan the request, stream matching records to the output layer.
import type { HttpClient } from '../../api/http.js';
import { NFE_V2_SEARCH, nfeV1Listing, nfeV1Pages, nfeV2Pages } from '../../api/nfe.js';
import { planNfeSearch, type NfeSearch, type NfeSearchPlan } from '../../api/nfe-search.js';
import type { NfeV1Item, NfeV2Field, NfeV2Record } from '../../api/wire/nfe.js';
import type { Context } from '../../context.js';
import { summarizeNfeXml } from '../../fiscal/nfe-summary.js';
import type { Column } from '../../output/writer.js';
import type { FieldColumn } from './field-columns.js';
import { recordClues, writeRecords, type RecordPage } from './listing-output.js';
import { namedKeys, type NamedDocuments } from './named-documents.js';
import { NFE_PARSERS, nfeSearchOf } from '../shared/nfe-options.js';
import {
  isV2NotEnabled,
  noV2Note,
  rememberNoV2,
  v1PlansFor,
  v2KnownMissing,
  whoIs,
} from '../shared/nfe-v2-fallback.js';
import { verb } from '../shared/verb.js';
import { searchNfe } from './index.js';

export default verb(searchNfe, {
  parsers: NFE_PARSERS,
  check: (o) => void nfeSearchOf(o),
  async run(ctx, o) {
    const search = nfeSearchOf(o);
    // The summary is read from the XML, so the XML is asked for whatever --fields says.
    if (o.summary && search.fields && !search.fields.includes('Xml')) search.fields = [...search.fields, 'Xml'];
    await run(ctx, search, o.summary);
  },
});

async function run(ctx: Context, options: NfeSearch, summary: boolean): Promise<void> {
  // The XML keeps the protocol it was authorized with: a later cancellation is in Status and Events.
  const planned = summary ? { ...options, fields: options.fields ?? SUMMARY_FIELDS, withStatus: true } : options;
  const now = new Date(ctx.clock.now());
  const plan = planNfeSearch(planned, now);
  // R39: v2 is only preferred; an account known to have none goes to v1 at once.
  const preferred = plan.api === 'v2' && options.api === undefined;
  const v1Instead = preferred && (await v2KnownMissing(ctx)) ? v1PlansFor(planned, now) : undefined;
  if (v1Instead) ctx.log.info(noV2Note(await whoIs(ctx), false));
  // Credentials first: a note before a usage error would only be noise.
  const http = await ctx.http();
  if (plan.api === 'v2' && plan.defaultWindow && !v1Instead) {
    ctx.log.info('note: searching emissions of the last 30 days (the API default); widen with --from/--to');
  }
  const found = v1Instead
    ? searchV1All(http, v1Instead)
    : plan.api === 'v2'
      ? preferred
        ? searchV2OrV1(ctx, http, plan, () => v1PlansFor(planned, now))
        : searchV2(http, plan)
      : searchV1(http, plan);
  await writeRecords(ctx, found, plan.limit, {
    table: TABLE_COLUMNS,
    csv: CSV_COLUMNS,
    fields: options.fields,
    summary: summary ? (r) => ({ xml: r.Xml ?? '', source: r.AccessKey ?? 'nfe', clues: recordClues(r) }) : undefined,
    named: namedOf(options, plan),
  });
}

/** The documents the flags name: keys, or a number (range). */
function namedOf(o: NfeSearch, plan: NfeSearchPlan): NamedDocuments<NfeV2Record> | undefined {
  const endpoint = plan.api === 'v2' ? NFE_V2_SEARCH : nfeV1Listing(plan.role);
  const keys = namedKeys<NfeV2Record>('NF-e', o.key, endpoint);
  if (keys || !o.number) return keys;
  const { from, to } = o.number;
  return {
    what: 'NF-e',
    ids: [],
    described: `numbered ${from === to ? from : `${from}..${to}`}`,
    idOf: (r) => r.AccessKey,
    endpoint,
  };
}

const SUMMARY_FIELDS: NfeV2Field[] = ['AccessKey', 'Xml'];

async function* searchV2(
  http: HttpClient,
  plan: Extract<NfeSearchPlan, { api: 'v2' }>,
): AsyncGenerator<RecordPage<NfeV2Record>> {
  for await (const page of nfeV2Pages(http, plan.request)) yield { records: page.items, total: page.total };
}

/**
 * R39: the v2 search, or, when its first page answers that the account has no v2, the v1 listings
 * of `fallback()` (nothing was written yet: the 404 is the first answer). Remembered for the profile.
 */
async function* searchV2OrV1(
  ctx: Context,
  http: HttpClient,
  plan: Extract<NfeSearchPlan, { api: 'v2' }>,
  fallback: () => Extract<NfeSearchPlan, { api: 'v1' }>[],
): AsyncGenerator<RecordPage<NfeV2Record>> {
  let pages = 0;
  try {
    for await (const page of searchV2(http, plan)) {
      pages++;
      yield page;
    }
  } catch (error) {
    if (pages > 0 || !isV2NotEnabled(error)) throw error;
    const plans = fallback();
    await rememberNoV2(ctx);
    ctx.log.info(noV2Note(await whoIs(ctx), true));
    yield* searchV1All(http, plans);
  }
}

async function* searchV1All(
  http: HttpClient,
  plans: Extract<NfeSearchPlan, { api: 'v1' }>[],
): AsyncGenerator<RecordPage<NfeV2Record>> {
  for (const plan of plans) yield* searchV1(http, plan);
}

async function* searchV1(
  http: HttpClient,
  plan: Extract<NfeSearchPlan, { api: 'v1' }>,
): AsyncGenerator<RecordPage<NfeV2Record>> {
  for await (const page of nfeV1Pages(http, plan.role, plan.query)) {
    yield { records: page.items.map((item) => v1Record(item, plan.role, plan.fields)) };
  }
}

/** A v1 item carries only the XML: read the v2-named fields the listing shows from it. */
function v1Record(item: NfeV1Item, role: string, fields: NfeV2Field[]): NfeV2Record {
  const xml = typeof item.xml === 'string' ? Buffer.from(item.xml, 'base64').toString('utf8') : undefined;
  const s = xml ? summarizeNfeXml(xml) : undefined;
  const full: NfeV2Record = {
    AccessKey: item.access_key,
    OwnerRole: role as NfeV2Record['OwnerRole'],
    ...(s && {
      Number: s.number ?? '',
      EmissionDate: s.emissionDate ?? '',
      Cfops: s.cfops,
      Emitter: {
        EmitterAddressUf: s.emitter.uf ?? '',
        EmitterCnpj: s.emitter.cnpj ?? '',
        EmitterCpf: s.emitter.cpf ?? '',
        EmitterInscription: '',
        EmitterName: s.emitter.name ?? '',
        EmitterTradingName: '',
      },
      Receiver: {
        ReceiverAddressUf: s.receiver.uf ?? '',
        ReceiverCnpj: s.receiver.cnpj ?? '',
        ReceiverCpf: s.receiver.cpf ?? '',
        ReceiverInscription: '',
        ReceiverName: s.receiver.name ?? '',
        ReceiverTradingName: '',
      },
    }),
    ...(typeof item.xml === 'string' && { Xml: item.xml }),
  };
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in full) out[f] = full[f as keyof NfeV2Record];
  return out as NfeV2Record;
}

const party = (cnpj?: string, cpf?: string) => cnpj || cpf || '';

/**
 * What a person needs per NF-e, in the order of what is left out first on a narrow terminal
 * (priority): the key, date, value and status stay; names, the number and the role go first.
 */
const TABLE_COLUMNS: Column<NfeV2Record>[] = [
  { header: 'KEY', get: (r) => r.AccessKey, truncate: false, priority: 5 },
  { header: 'NUMBER', get: (r) => r.Number, priority: 2 },
  { header: 'EMITTED', get: (r) => r.EmissionDate?.slice(0, 10), priority: 4 },
  {
    header: 'EMITTER',
    get: (r) => r.Emitter?.EmitterName || party(r.Emitter?.EmitterCnpj, r.Emitter?.EmitterCpf),
    priority: 3,
  },
  {
    header: 'RECEIVER',
    get: (r) => r.Receiver?.ReceiverName || party(r.Receiver?.ReceiverCnpj, r.Receiver?.ReceiverCpf),
    priority: 3,
  },
  { header: 'VALUE', get: (r) => r.Document?.TotalValue, truncate: false, priority: 4, kind: 'money' },
  { header: 'STATUS', get: (r) => r.Status, priority: 4 },
  { header: 'ROLE', get: (r) => r.OwnerRole, priority: 1 },
];

const CSV_COLUMNS: FieldColumn<NfeV2Record>[] = [
  { header: 'access_key', field: 'AccessKey', get: (r) => r.AccessKey, kind: 'id' },
  { header: 'number', field: 'Number', get: (r) => r.Number },
  { header: 'emission_date', field: 'EmissionDate', get: (r) => r.EmissionDate },
  { header: 'created_at', field: 'CreatedAt', get: (r) => r.CreatedAt },
  {
    header: 'emitter_cnpj_cpf',
    field: 'Emitter',
    get: (r) => party(r.Emitter?.EmitterCnpj, r.Emitter?.EmitterCpf),
    kind: 'id',
  },
  { header: 'emitter_name', field: 'Emitter', get: (r) => r.Emitter?.EmitterName },
  { header: 'emitter_uf', field: 'Emitter', get: (r) => r.Emitter?.EmitterAddressUf },
  {
    header: 'receiver_cnpj_cpf',
    field: 'Receiver',
    get: (r) => party(r.Receiver?.ReceiverCnpj, r.Receiver?.ReceiverCpf),
    kind: 'id',
  },
  { header: 'receiver_name', field: 'Receiver', get: (r) => r.Receiver?.ReceiverName },
  { header: 'receiver_uf', field: 'Receiver', get: (r) => r.Receiver?.ReceiverAddressUf },
  { header: 'total_value', field: 'Document', get: (r) => r.Document?.TotalValue, kind: 'money' },
  { header: 'status', field: 'Status', get: (r) => r.Status, kind: 'word' },
  { header: 'owner', field: 'Owner', get: (r) => r.Owner, kind: 'id' },
  { header: 'owner_role', field: 'OwnerRole', get: (r) => r.OwnerRole, kind: 'word' },
];
