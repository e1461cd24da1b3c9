// `fiscal search <type>` of a type searched by its role listing alone and without a search module
// of its own: the listing's pages (GET <the registry's listing path>), each XML read by the type's
// client descriptor (src/api/doc-clients.ts) into the few facts a list shows.
import { LISTING_CLIENTS, type ListingOnlyType } from '../../api/doc-clients.js';
import { listingEndpoint, listingQuery } from '../../api/document-filters.js';
import { docListingPages } from '../../api/doc-listing.js';
import type { ListedXmlItem } from '../../api/wire/common.js';
import type { Context } from '../../context.js';
import { docType } from '../../fiscal/doc-types.js';
import type { Column } from '../../output/writer.js';
import type { OptionsOf } from '../shared/define.js';
import { cnpjOwnersOnly } from '../../api/listing-plan.js';
import { checkRanges, listingMonth } from '../shared/document-options.js';
import { minute, writeRecords } from './listing-output.js';
import { namedKeys } from './named-documents.js';
import { verb } from '../shared/verb.js';
import type { ListingSearchSpec } from './index.js';

type Options = OptionsOf<ListingSearchSpec['flags']>;

interface ListedOutput {
  AccessKey: string;
  Number: string;
  EmissionDate: string;
  EmitterCnpj: string;
  Status: string | null;
}

/** The verb module of `search <type>`, declared by `spec`. */
export function listingSearchVerb(spec: ListingSearchSpec, type: ListingOnlyType) {
  return verb(spec, {
    check(o) {
      checkRanges(o);
      cnpjOwnersOnly(o.owner, `the ${docType(type).name} listing`);
    },
    run: (ctx, o) => run(ctx, type, o),
  });
}

function record(type: ListingOnlyType, item: ListedXmlItem): ListedOutput {
  const f = LISTING_CLIENTS[type].facts(Buffer.from(item.xml, 'base64').toString('latin1'));
  return {
    AccessKey: item.access_key,
    Number: f.number ?? '',
    EmissionDate: f.emissionDate ?? '',
    EmitterCnpj: f.emitter ?? '',
    Status: f.status,
  };
}

async function run(ctx: Context, type: ListingOnlyType, flags: Options): Promise<void> {
  const { options: o, emitted } = listingMonth(flags);
  const query = listingQuery(o, undefined, new Date(ctx.clock.now()));
  const http = await ctx.http();
  const limit = o.all ? undefined : (o.limit ?? 50);
  const role = o.role;
  const endpoint = listingEndpoint(type, role);
  const what = docType(type).name;
  if (o.summary) {
    // The listing gives the XML itself: the summary is read from it.
    async function* items() {
      for await (const page of docListingPages(http, { type, role }, query)) yield { records: page.items };
    }
    await writeRecords(ctx, items(), limit, {
      table: [],
      csv: [],
      summary: (item) => ({ xml: item.xml, source: item.access_key }),
      keep: emitted && ((item) => emitted(record(type, item).EmissionDate)),
      named: o.key && { ...namedKeys(what, o.key, endpoint)!, idOf: (item) => item.access_key },
    });
    return;
  }
  async function* pages() {
    for await (const page of docListingPages(http, { type, role }, query))
      yield { records: page.items.map((item) => record(type, item)) };
  }
  await writeRecords(ctx, pages(), limit, {
    table: TABLE,
    csv: CSV,
    keep: emitted && ((r) => emitted(r.EmissionDate)),
    named: namedKeys(what, o.key, endpoint),
  });
}

const TABLE: Column<ListedOutput>[] = [
  { header: 'KEY', get: (r) => r.AccessKey, truncate: false },
  { header: 'NUMBER', get: (r) => r.Number },
  { header: 'EMITTED', get: (r) => minute(r.EmissionDate) },
  { header: 'EMITTER', get: (r) => r.EmitterCnpj },
  { header: 'STATUS', get: (r) => r.Status },
];

const CSV: Column<ListedOutput>[] = [
  { header: 'access_key', get: (r) => r.AccessKey },
  { header: 'number', get: (r) => r.Number },
  { header: 'emission_date', get: (r) => r.EmissionDate },
  { header: 'emitter_cnpj', get: (r) => r.EmitterCnpj },
  { header: 'status', get: (r) => r.Status },
];
