// Paging of the body searches over the other document types (POST /v1/dfe/nfse, /v1/dfe/mdfe):
// the Paginator of POST /v2/dfe/nfe (position and role index of the last record, R13) over a
// DocIndex's records, the Total, and 400s that name the offending key.
import type { z } from 'zod';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import type { AnyStoredDoc, DocRecord } from '../doc-index.js';
import { badRequest, type HttpError } from '../respond.js';
import { decodePaginator, encodePaginator } from './nfe-v2.js';

/** A 400 naming the offending key: unknown keys by name, other problems by their path. */
export function requestError(issue: z.core.$ZodIssue): HttpError {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return badRequest('service', `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${path ? ` in ${path}` : ''}`);
  }
  return badRequest('service', issue.message, path || undefined);
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw requestError(parsed.error.issues[0]!);
  return parsed.data;
}

/** The requested fields, checked against the known ones; `defaults` when none are asked for. */
export function projection<F extends string>(fields: string[] | undefined, known: readonly F[], defaults: F[], key: string): F[] {
  if (!fields || fields.length === 0) return defaults;
  for (const field of fields) {
    if (!(known as readonly string[]).includes(field)) throw badRequest('service', `unknown field "${field}"; expected some of ${known.join(', ')}`, key);
  }
  return [...new Set(fields)] as F[];
}

export function pageSize(limit: number | undefined, max: number, key: string): number {
  if (limit === undefined) return max;
  if (limit < 1 || limit > max) throw badRequest('service', `must be between 1 and ${max}, got ${limit}`, key);
  return limit;
}

export interface SearchPage<D> {
  records: DocRecord<D>[];
  total: number;
  /** null on the last page (R19a). */
  paginator: string | null;
}

/** Reads every record (Total counts them all) and keeps the page after the Paginator's anchor. */
export function searchPage<D extends AnyStoredDoc>(
  records: readonly DocRecord<D>[],
  matches: (record: DocRecord<D>) => boolean,
  limit: number,
  paginator: string | null | undefined,
  key: string,
): SearchPage<D> {
  const anchor = paginator ? decodePaginator(paginator) : undefined;
  if (paginator && !anchor) throw badRequest('service', 'not a Paginator returned by this service', key);
  const page: DocRecord<D>[] = [];
  let total = 0;
  let more = false;
  for (const record of records) {
    if (!matches(record)) continue;
    total++;
    if (page.length < limit) {
      const p = record.entry.doc.position;
      if (!anchor || p > anchor.position || (p === anchor.position && record.roleIndex > anchor.roleIndex)) page.push(record);
    } else {
      more = true;
    }
  }
  const last = page[page.length - 1];
  return { records: page, total, paginator: more && last ? encodePaginator({ position: last.entry.doc.position, roleIndex: last.roleIndex }) : null };
}

/** R9: a `{from, to}` bound in ms; a bad date throws a 400 naming `field`. */
export function boundMs(text: string | undefined, which: 'from' | 'to', field: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  return checkedDate(text, which, field);
}

function checkedDate(text: string, which: 'from' | 'to', field: string): number {
  const problem = filterDateProblem(text);
  if (problem) throw badRequest('service', `${problem}, got "${text}"`, field);
  return filterDateToMs(text, which);
}

/** A PascalCase `{From, To}` filter (R9) as instants; a bad date is a 400 naming `Filters.<name>.From`. */
export function pascalRange(value: { From?: string | undefined; To?: string | undefined } | undefined, name: string): { from?: number | undefined; to?: number | undefined } {
  return { from: boundMs(value?.From, 'from', `Filters.${name}.From`), to: boundMs(value?.To, 'to', `Filters.${name}.To`) };
}

export function within(ms: number, r: { from?: number | undefined; to?: number | undefined }): boolean {
  return (r.from === undefined || ms >= r.from) && (r.to === undefined || ms <= r.to);
}

/** R23: AND between items, OR between the values of one item. */
export function matchesCustomData(items: { Name: string; Values: string[] }[], props: Record<string, string>): boolean {
  return items.every((item) => Object.hasOwn(props, item.Name) && item.Values.includes(props[item.Name]!));
}
