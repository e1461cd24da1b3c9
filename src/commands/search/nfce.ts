// `fiscal search nfce`: the NFC-e role listing (GET /v1/nfce/emitted, the only NFC-e search),
// with the few facts a list shows read from each XML.
import { z } from 'zod';
import { nfceV1Pages } from '../../api/nfce.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import type { NfceV1Item, NfceV1Query } from '../../api/wire/nfce.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { brasiliaDateTime } from '../../fiscal/dates.js';
import { nfeFacts, statusOfProtocol } from '../../fiscal/nfe-facts.js';
import type { Column } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { checkRanges, createdTo, date, accessKeys, limit, propertyExpression, taxIds } from '../shared/values.js';
import { minute, writeRecords } from './write-records.js';
import { namedKeys } from './named.js';

const schema = z
  .object({
    owner: taxIds.optional(),
    key: accessKeys(['65']).optional(),
    createdFrom: date.optional(),
    createdTo: createdTo.optional(),
    filter: propertyExpression.optional(),
    limit: limit.optional(),
    all: z.boolean().optional(),
  })
  .strict()
  .superRefine(checkRanges);

export type NfceSearchOptions = z.infer<typeof schema>;

export interface NfceOutput {
  AccessKey: string;
  Number: string;
  EmissionDate: string;
  EmitterCnpj: string;
  Status: string | null;
}

export function parseOptions(raw: Record<string, unknown>): NfceSearchOptions & { summary?: boolean } {
  const { summary, ...rest } = raw;
  const o = parseWith(schema, rest);
  const cpf = o.owner?.find((v) => v.length !== 14);
  if (cpf) throw new UsageError(`--owner: the NFC-e listing takes 14-digit CNPJs only, got "${cpf}"`);
  return summary ? { ...o, summary: true } : o;
}

export function nfceQuery(o: NfceSearchOptions, now: Date): NfceV1Query {
  const query: NfceV1Query = { limit: V1_LIMIT_MAX };
  if (o.owner) query.cnpjs = o.owner;
  if (o.key) query.accessKeys = o.key;
  if (o.filter) query.filter = o.filter;
  // R15: the two created_at bounds go together; an open side becomes the epoch or now.
  if (o.createdFrom || o.createdTo) {
    query.createdFrom = o.createdFrom ?? '2000-01-01';
    query.createdTo = o.createdTo ?? brasiliaDateTime(now);
  }
  return query;
}

export function nfceRecord(item: NfceV1Item): NfceOutput {
  const f = nfeFacts(Buffer.from(item.xml, 'base64').toString('latin1'), {});
  return {
    AccessKey: item.access_key, Number: f.number ?? '', EmissionDate: f.emissionDate ?? '', EmitterCnpj: f.emitter ?? '',
    Status: statusOfProtocol(f.protocolStatus),
  };
}

export async function run(ctx: Context, o: NfceSearchOptions & { summary?: boolean }): Promise<void> {
  const query = nfceQuery(o, new Date(ctx.clock.now()));
  const http = await ctx.http();
  const limit = o.all ? undefined : (o.limit ?? 50);
  if (o.summary) {
    // The listing gives the XML itself: the summary is read from it.
    async function* items() {
      for await (const page of nfceV1Pages(http, 'emitted', query)) yield { records: page.items };
    }
    await writeRecords(ctx, items(), limit, {
      table: [], csv: [], summary: (item) => ({ xml: item.xml, source: item.access_key }),
      named: o.key && { ...namedKeys('NFC-e', o.key, 'GET', '/v1/nfce/emitted')!, idOf: (item) => item.access_key },
    });
    return;
  }
  async function* pages() {
    for await (const page of nfceV1Pages(http, 'emitted', query)) yield { records: page.items.map(nfceRecord) };
  }
  await writeRecords(ctx, pages(), limit, { table: TABLE, csv: CSV, named: namedKeys('NFC-e', o.key, 'GET', '/v1/nfce/emitted') });
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
