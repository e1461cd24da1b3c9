// Pieces of the body searches' Filters that every document type reads alike: date bounds (R9)
// and custom data (R23). Each type compiles its own Filters with them (routes/<type>/filters.ts).
import { filterDateProblem, filterDateToMs } from '../../../fiscal/dates.js';
import { badRequest } from '../../respond.js';

/**
 * A record matches when it passes every test. A search runs this on every record of the account
 * for each page (Total counts them all), so it is a plain loop: no closure made per record.
 */
export function allOf<R>(tests: readonly ((record: R) => boolean)[]): (record: R) => boolean {
  return (record) => {
    for (const test of tests) if (!test(record)) return false;
    return true;
  };
}

/** R9: a `{from, to}` bound in ms; a bad date throws a 400 naming `field`. */
export function boundMs(text: string | undefined, which: 'from' | 'to', field: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const problem = filterDateProblem(text);
  if (problem) throw badRequest('service', `${problem}, got "${text}"`, field);
  return filterDateToMs(text, which);
}

/** A bound as `boundMs` reads it, or undefined where it would throw: for a search's shortcuts, never its errors. */
export function softBoundMs(text: string | undefined, which: 'from' | 'to'): number | undefined {
  if (text === undefined || text === '' || filterDateProblem(text)) return undefined;
  return filterDateToMs(text, which);
}

/** A PascalCase `{From, To}` filter (R9) as instants; a bad date is a 400 naming `Filters.<name>.From`. */
export function pascalRange(
  value: { From?: string | undefined; To?: string | undefined } | undefined,
  name: string,
): { from?: number | undefined; to?: number | undefined } {
  return {
    from: boundMs(value?.From, 'from', `Filters.${name}.From`),
    to: boundMs(value?.To, 'to', `Filters.${name}.To`),
  };
}

export function within(ms: number, r: { from?: number | undefined; to?: number | undefined }): boolean {
  return (r.from === undefined || ms >= r.from) && (r.to === undefined || ms <= r.to);
}

/** R23: a test of `CustomData` items, AND between items and OR between the values of one item. */
export function customDataTest(
  items: { Name: string; Values: string[] }[],
): (props: Record<string, string>) => boolean {
  const wanted = items.map((item) => ({ name: item.Name, values: new Set(item.Values) }));
  return (props) => wanted.every(({ name, values }) => Object.hasOwn(props, name) && values.has(props[name]!));
}
