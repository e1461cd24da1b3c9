// POST /v2/dfe/nfe (spec 4.1, R18-R20, R23): filters, projection and Paginator paging.
import type { z } from 'zod';
import { NFE_V2_DEFAULT_FIELDS, NFE_V2_FIELDS, V2_LIMIT_MAX, nfeV2RequestSchema, type NfeV2Field } from '../../api/wire/nfe.js';
import { badRequest, ok, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import type { NfeRecord } from '../store.js';
import { compileFilters } from './nfe-v2-filters.js';
import { toV2Record } from './nfe-records.js';

export function registerNfeV2(router: Router): void {
  router.add('POST', '/v2/dfe/nfe', listNfes, { errors: 'service', gateway: true });
}

/** Where a page resumes: after the record (position, roleIndex). */
interface Anchor {
  position: number;
  roleIndex: number;
}

/**
 * Designed: the Paginator is base64url of `<position>.<roleIndex>` of the last record returned.
 * Records are ordered by (position, roleIndex) and positions never change (R13), so a client
 * following it sees each matching record exactly once, even when documents arrive meanwhile.
 */
export function encodePaginator(anchor: Anchor): string {
  return Buffer.from(`${anchor.position}.${anchor.roleIndex}`, 'utf8').toString('base64url');
}

export function decodePaginator(text: string): Anchor | undefined {
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  const m = /^(\d{1,15})\.(\d{1,6})$/.exec(plain);
  if (!m || encodePaginator({ position: Number(m[1]), roleIndex: Number(m[2]) }) !== text) return undefined;
  return { position: Number(m[1]), roleIndex: Number(m[2]) };
}

function after(record: NfeRecord, anchor: Anchor | undefined): boolean {
  if (!anchor) return true;
  const position = record.entry.doc.position;
  return position > anchor.position || (position === anchor.position && record.roleIndex > anchor.roleIndex);
}

/** A 400 that names the offending key: unknown keys by name, other problems by their path. */
function requestError(issue: z.core.$ZodIssue) {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return badRequest('service', `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${path ? ` in ${path}` : ''}`);
  }
  return badRequest('service', issue.message, path || undefined);
}

function parseRequest(body: unknown) {
  const parsed = nfeV2RequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw requestError(parsed.error.issues[0]!);
  return parsed.data;
}

function projection(fields: string[] | undefined): NfeV2Field[] {
  if (!fields || fields.length === 0) return NFE_V2_DEFAULT_FIELDS;
  for (const field of fields) {
    if (!(NFE_V2_FIELDS as readonly string[]).includes(field)) {
      throw badRequest('service', `unknown field "${field}"; expected some of ${NFE_V2_FIELDS.join(', ')}`, 'Fields');
    }
  }
  return [...new Set(fields)] as NfeV2Field[];
}

function pageSize(limit: number | undefined): number {
  if (limit === undefined) return V2_LIMIT_MAX;
  if (limit < 1 || limit > V2_LIMIT_MAX) throw badRequest('service', `must be between 1 and ${V2_LIMIT_MAX}, got ${limit}`, 'Limit');
  return limit;
}

function listNfes(ctx: RequestContext): Reply {
  const request = parseRequest(ctx.json());
  const fields = projection(request.Fields);
  const limit = pageSize(request.Limit);
  let anchor: Anchor | undefined;
  if (request.Paginator) {
    anchor = decodePaginator(request.Paginator);
    if (!anchor) throw badRequest('service', 'not a Paginator returned by this service', 'Paginator');
  }
  const matches = compileFilters(request.Filters ?? {}, ctx.now());

  // Total counts every match, so the whole stream is read; the page is taken on the way.
  const page: NfeRecord[] = [];
  let total = 0;
  let more = false;
  for (const record of ctx.store.nfesOf(ctx.account.id).records) {
    if (!matches(record)) continue;
    total++;
    if (page.length < limit) {
      if (after(record, anchor)) page.push(record);
    } else {
      more = true;
    }
  }
  const last = page[page.length - 1];
  // R19a: the last page answers Paginator null.
  const paginator = more && last ? encodePaginator({ position: last.entry.doc.position, roleIndex: last.roleIndex }) : null;
  return ok({ Nfes: page.map((r) => toV2Record(r, fields)), Paginator: paginator, Total: total });
}
