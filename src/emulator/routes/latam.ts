// LATAM documents (designed, docs/latam.md): upload, v1 cursor listing (R11-R14), XML and parsed
// JSON by id. Per account (R3: another account's id is a 404). A document that cannot be read is
// a 200 with success false and the problem, like the Brazilian upload (R25).
import {
  LATAM_COUNTRIES,
  LATAM_JSON_PATH,
  LATAM_PATH,
  LATAM_XML_PATH,
  LATAM_UPLOAD_PATH,
  latamJsonResponseSchema,
  latamPageSchema,
  latamUploadRequestSchema,
  latamUploadResponseSchema,
  latamXmlResponseSchema,
  type LatamCountry,
  type LatamDocument,
  type LatamListItem,
  type LatamUploadResult,
} from '../../api/wire/latam.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import { LatamReadError, readLatamDocument } from '../../fiscal/latam/index.js';
import { latamDocsOf, type StoredLatam } from '../latam/docs.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { cursorPage, scalarParam, V1_LIMIT_DEFAULT } from './listing/v1-listing.js';

export function registerLatam(router: Router): void {
  router.add('POST', LATAM_UPLOAD_PATH, upload, { errors: 'v1' });
  router.add('GET', LATAM_PATH, list, { errors: 'v1' });
  router.add('GET', LATAM_XML_PATH, xmlOf, { errors: 'v1' });
  router.add('GET', LATAM_JSON_PATH, (ctx) => okAs(latamJsonResponseSchema, { data: found(ctx).doc }), {
    errors: 'v1',
  });
}

const docsOf = (ctx: RequestContext) => latamDocsOf(ctx.store, ctx.account, ctx.now());

function found(ctx: RequestContext): StoredLatam {
  const stored = docsOf(ctx).find(ctx.params.id!);
  if (!stored) throw new HttpError(v1Error(404, `no LATAM document ${ctx.params.id}`));
  return stored;
}

function xmlOf(ctx: RequestContext): Reply {
  const stored = found(ctx);
  return okAs(latamXmlResponseSchema, { data: { id: stored.id, xml: stored.xml.toString('base64') } });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function upload(ctx: RequestContext): Reply {
  const parsed = latamUploadRequestSchema.safeParse(ctx.json() ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
    throw new HttpError(v1FieldErrors(400, errors));
  }
  const b64 = parsed.data.xml.replace(/\s+/g, '');
  // Like R25: a body that names a document but whose document cannot be read is a 200.
  if (!BASE64.test(b64)) return okAs(latamUploadResponseSchema, { data: failed('xml: not base64') });
  const xml = Buffer.from(b64, 'base64');
  let result: LatamUploadResult;
  try {
    const doc = readLatamDocument(xml, parsed.data.country);
    const { stored, created } = docsOf(ctx).add(xml, doc);
    const message = created
      ? `${doc.doc_type} ${doc.id}: stored at position ${stored.position}`
      : `${doc.doc_type} ${doc.id}: already stored, not added again`;
    result = { id: doc.id, country: doc.country, doc_type: doc.doc_type, success: true, message };
  } catch (error) {
    if (!(error instanceof LatamReadError)) throw error;
    result = failed(error.message);
  }
  return okAs(latamUploadResponseSchema, { data: result });
}

const failed = (message: string): LatamUploadResult => ({
  id: null,
  country: null,
  doc_type: null,
  success: false,
  message,
});

interface LatamQuery {
  cursor: number;
  limit: number;
  country?: LatamCountry;
  issuer?: string;
  from?: string;
  to?: string;
}

/** The listing's query; every problem is reported at once, by parameter. */
function parseQuery(params: URLSearchParams): LatamQuery {
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  const q: LatamQuery = { cursor: 0, limit: V1_LIMIT_DEFAULT };
  const limit = scalarParam(params, 'limit');
  if (limit !== undefined) {
    if (/^\d{1,6}$/.test(limit) && +limit >= 1 && +limit <= V1_LIMIT_MAX) q.limit = +limit;
    else problem('limit', `must be an integer from 1 to ${V1_LIMIT_MAX}, got "${limit}"`);
  }
  const cursor = scalarParam(params, 'cursor');
  if (cursor !== undefined) {
    if (/^\d{1,15}$/.test(cursor)) q.cursor = +cursor;
    else problem('cursor', `must be a non-negative integer, got "${cursor}"`);
  }
  const country = scalarParam(params, 'country');
  if (country !== undefined) {
    if ((LATAM_COUNTRIES as readonly string[]).includes(country)) q.country = country as LatamCountry;
    else problem('country', `must be one of ${LATAM_COUNTRIES.join(', ')}, got "${country}"`);
  }
  const issuer = scalarParam(params, 'issuer');
  if (issuer !== undefined) q.issuer = issuer;
  for (const [field, key] of [
    ['issued_at[from]', 'from'],
    ['issued_at[to]', 'to'],
  ] as const) {
    const value = scalarParam(params, field);
    if (value === undefined) continue;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) q[key] = value;
    else problem(field, `must be a date YYYY-MM-DD, got "${value}"`);
  }
  if (q.from && q.to && q.from > q.to) problem('issued_at[from]', `is after issued_at[to] (${q.from} > ${q.to})`);
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return q;
}

function list(ctx: RequestContext): Reply {
  const q = parseQuery(ctx.url.searchParams);
  // Dates compare on the document's own calendar day: the first ten characters of issued_at.
  const matches = ({ doc: { doc } }: { doc: StoredLatam }) =>
    (!q.country || doc.country === q.country) &&
    (!q.issuer || doc.issuer.tax_id === q.issuer) &&
    (!q.from || doc.issued_at.slice(0, 10) >= q.from) &&
    (!q.to || doc.issued_at.slice(0, 10) <= q.to);
  const entries = docsOf(ctx).entries.map((stored) => ({ doc: stored }));
  return cursorPage(ctx, q, entries, matches, ({ doc: { doc } }) => listItem(doc), latamPageSchema);
}

function listItem(doc: LatamDocument): LatamListItem {
  const { taxes: _taxes, items: _items, ...item } = doc;
  return item;
}
