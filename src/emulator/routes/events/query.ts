// Query parameters of the event endpoints, read the PHP way the v1 listing reads them (listing/v1-listing.ts):
// `name[]` and `name[0]` are arrays, the last occurrence of a scalar wins.
import { EVENT_CODE } from '../../../api/wire/events.js';
import { arrayParam, scalarParam } from '../listing/v1-listing.js';

export { arrayParam, scalarParam };

/** One list of problems per parameter, as `{status, errors}` answers them (R6). */
export type Problems = Record<string, string[]>;

export function addProblem(problems: Problems, field: string, message: string): void {
  (problems[field] ??= []).push(message);
}

/** R30: `type[]` items are exactly 6 digits; undefined when none was given. */
export function eventTypes(params: URLSearchParams, problems: Problems): Set<string> | undefined {
  const types = arrayParam(params, 'type');
  for (const type of types ?? [])
    if (!EVENT_CODE.test(type)) addProblem(problems, 'type', `each event type has exactly 6 digits, got "${type}"`);
  return types ? new Set(types) : undefined;
}
