// `fiscal nfce search`, also `fiscal search nfce`: the NFC-e role listing (GET /v1/nfce/emitted,
// the only NFC-e search), with the few facts a list shows read from each XML.
import { listingQuery } from '../../api/document-filters.js';
import { nfceV1Listing, nfceV1Pages } from '../../api/nfce.js';
import type { NfceV1Item, NfceV1Query } from '../../api/wire/nfce.js';
import type { Context } from '../../context.js';
import { nfeFacts, statusOfProtocol } from '../../fiscal/nfe-facts.js';
import type { Column } from '../../output/writer.js';
import type { OptionsOf } from '../shared/define.js';
import { checkRanges, cnpjOwnersOnly, listingMonth } from '../shared/document-options.js';
import { minute, writeRecords } from '../shared/listing-output.js';
import { namedKeys } from '../shared/named-documents.js';
import { verb } from '../shared/verb.js';
import { nfceSearch } from './index.js';

export type NfceSearchOptions = OptionsOf<typeof nfceSearch.flags>;

export interface NfceOutput {
  AccessKey: string;
  Number: string;
  EmissionDate: string;
  EmitterCnpj: string;
  Status: string | null;
}

export default verb(nfceSearch, {
  check(o) {
    checkRanges(o);
    cnpjOwnersOnly(o.owner, 'the NFC-e listing');
  },
  run,
});

/** The listing's query: pages of the most the listing gives, whatever --limit says (R11, R15-R17). */
export function nfceQuery(o: NfceSearchOptions, now: Date): NfceV1Query {
  return listingQuery(o, undefined, now);
}

export function nfceRecord(item: NfceV1Item): NfceOutput {
  const f = nfeFacts(Buffer.from(item.xml, 'base64').toString('latin1'), {});
  return {
    AccessKey: item.access_key,
    Number: f.number ?? '',
    EmissionDate: f.emissionDate ?? '',
    EmitterCnpj: f.emitter ?? '',
    Status: statusOfProtocol(f.protocolStatus),
  };
}

async function run(ctx: Context, flags: NfceSearchOptions): Promise<void> {
  const { options: o, emitted } = listingMonth(flags);
  const query = nfceQuery(o, new Date(ctx.clock.now()));
  const http = await ctx.http();
  const limit = o.all ? undefined : (o.limit ?? 50);
  if (o.summary) {
    // The listing gives the XML itself: the summary is read from it.
    async function* items() {
      for await (const page of nfceV1Pages(http, 'emitted', query)) yield { records: page.items };
    }
    await writeRecords(ctx, items(), limit, {
      table: [],
      csv: [],
      summary: (item) => ({ xml: item.xml, source: item.access_key }),
      keep: emitted && ((item) => emitted(nfceRecord(item).EmissionDate)),
      named: o.key && { ...namedKeys('NFC-e', o.key, nfceV1Listing('emitted'))!, idOf: (item) => item.access_key },
    });
    return;
  }
  async function* pages() {
    for await (const page of nfceV1Pages(http, 'emitted', query)) yield { records: page.items.map(nfceRecord) };
  }
  await writeRecords(ctx, pages(), limit, {
    table: TABLE,
    csv: CSV,
    keep: emitted && ((r) => emitted(r.EmissionDate)),
    named: namedKeys('NFC-e', o.key, nfceV1Listing('emitted')),
  });
}

const TABLE: Column<NfceOutput>[] = [
  { header: 'KEY', get: (r) => r.AccessKey, truncate: false },
  { header: 'NUMBER', get: (r) => r.Number },
  { header: 'EMITTED', get: (r) => minute(r.EmissionDate) },
  { header: 'EMITTER', get: (r) => r.EmitterCnpj },
  { header: 'STATUS', get: (r) => r.Status },
];

const CSV: Column<NfceOutput>[] = [
  { header: 'access_key', get: (r) => r.AccessKey },
  { header: 'number', get: (r) => r.Number },
  { header: 'emission_date', get: (r) => r.EmissionDate },
  { header: 'emitter_cnpj', get: (r) => r.EmitterCnpj },
  { header: 'status', get: (r) => r.Status },
];
