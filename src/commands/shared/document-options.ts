// What the document verbs (`search <type>`, `pull <type>`) check and turn their flags into beyond
// what their declarations derive: ranges in order, `name=value` properties, the 14-digit CNPJs of
// the role listings, the fields `--summary` needs. Each problem is a UsageError naming its flag.
// Loaded with the verb, never for --help.
import * as z from 'zod';
import type { PropertyFilter } from '../../api/document-filters.js';
import { UsageError } from '../../errors.js';
import { filterDateProblem, filterDateToMs, monthDays } from '../../fiscal/dates.js';
import { flagName } from './define.js';

/** Parsers of the `custom` flags of DOCUMENT_FLAGS. */
export const DOCUMENT_PARSERS = {
  cfop: z.string().regex(/^\d{4}$/, 'a CFOP has 4 digits'),
};

interface RangeFlags {
  from?: string | undefined;
  to?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  all?: boolean | undefined;
  limit?: number | undefined;
}

/**
 * --month (DOCUMENT_FLAGS.month, on every search, `pull nfe` and `report`): the emission window of
 * that month, first to last day, in place of --from/--to; never beside them.
 */
export function emissionMonth<
  T extends { month?: string | undefined; from?: string | undefined; to?: string | undefined },
>(o: T): Omit<T, 'month'> {
  const { month, ...rest } = o;
  if (month === undefined) return rest;
  if (o.from !== undefined || o.to !== undefined)
    throw new UsageError(
      `${flagName('month')}: is a window of emission dates of its own: use either --month or --from/--to`,
    );
  return { ...rest, ...monthDays(month) };
}

/**
 * --month on a role listing, which has no emission filter (NFC-e, the registry's listing-only
 * types). Designed here: the records are kept on the client by their emission day (the emitter's
 * own, as written in the XML), and unless --created-from says otherwise the listing is read from
 * the day before the month, since a document reaches the service after it is emitted.
 */
export function listingMonth<T extends { month?: string | undefined; createdFrom?: string | undefined }>(
  o: T,
): { options: T; emitted: ((emissionDate: string) => boolean) | undefined } {
  if (o.month === undefined) return { options: o, emitted: undefined };
  const { from, to } = monthDays(o.month);
  const dayBefore = new Date(Date.parse(`${from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    options: { ...o, createdFrom: o.createdFrom ?? dayBefore },
    emitted: (date) => date.slice(0, 10) >= from && date.slice(0, 10) <= to,
  };
}

/** The entries of `o` named in `keys` that are given: a search holds its filters and nothing else. */
export function given<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** Each range in order, and --all with --limit refused. */
export function checkRanges(o: RangeFlags): void {
  const order = (a: string | undefined, b: string | undefined, keyA: string, keyB: string) => {
    if (
      a &&
      b &&
      !filterDateProblem(a) &&
      !filterDateProblem(b) &&
      filterDateToMs(a, 'from') > filterDateToMs(b, 'to')
    ) {
      throw new UsageError(`${flagName(keyA)}: ${a} is after ${flagName(keyB)} ${b}`);
    }
  };
  order(o.from, o.to, 'from', 'to');
  order(o.createdFrom, o.createdTo, 'createdFrom', 'createdTo');
  if (o.all && o.limit !== undefined) throw new UsageError('--all: use either --all or --limit');
}

/** `name=value` items as property filters (R23): the same name twice is any of. */
export function propertyFilters(items: readonly string[] | undefined, flag = '--prop'): PropertyFilter[] | undefined {
  if (!items) return undefined;
  const byName = new Map<string, string[]>();
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag}: expected name=value, got "${item}"`);
    const name = item.slice(0, eq);
    byName.set(name, [...(byName.get(name) ?? []), item.slice(eq + 1)]);
  }
  return [...byName].map(([Name, Values]) => ({ Name, Values }));
}

/**
 * The fields to ask for: with --summary, the XML field the summary is read from is added to those
 * given, or to `minimal` (what the summary needs besides) without --fields.
 */
export function summaryFields<F extends string>(
  summary: boolean,
  fields: F[] | undefined,
  xmlField: F,
  minimal: readonly F[],
): F[] | undefined {
  if (!summary) return fields;
  const asked = fields ?? [...minimal];
  return asked.includes(xmlField) ? asked : [...asked, xmlField];
}
