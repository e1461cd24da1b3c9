// Paging of the body searches over the other document types (POST /v1/dfe/nfse, /v1/dfe/mdfe):
// the Paginator of POST /v2/dfe/nfe (position and role index of the last record, R13) over a
// DocIndex's records, the Total, and 400s that name the offending key, all those of body-listing.ts.
import type { z } from 'zod';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import type { AnyStoredDoc, DocRecord } from '../doc-index.js';
import { badRequest } from '../respond.js';
import { anchorOf, bodyPage, requestError } from './body-listing.js';

export { pageSize } from './body-listing.js';

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
  const page = bodyPage(records, matches, limit, anchorOf(paginator, key));
  return { records: page.page, total: page.total, paginator: page.paginator };
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

/** R23: a test of `CustomData` items, AND between items and OR between the values of one item. */
export function customDataTest(items: { Name: string; Values: string[] }[]): (props: Record<string, string>) => boolean {
  const wanted = items.map((item) => ({ name: item.Name, values: new Set(item.Values) }));
  return (props) => wanted.every(({ name, values }) => Object.hasOwn(props, name) && values.has(props[name]!));
}
