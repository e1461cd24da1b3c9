// Date filters (R9): `YYYY-MM-DD` or `YYYY-MM-DD hh:mm:ss`.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Why `value` is not a filter date, or undefined when it is one. */
export function filterDateProblem(value: string): string | undefined {
  const m = DATE.exec(value) ?? DATE_TIME.exec(value);
  if (!m) return 'expected YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss"';
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, +h, +mi, +s));
  const same =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d &&
    date.getUTCHours() === +h && date.getUTCMinutes() === +mi && date.getUTCSeconds() === +s;
  return same ? undefined : 'no such date or time';
}

/**
 * The instant a filter bound stands for, in ms. A bare date is the start of that day (`from`) or
 * its last second (`to`). Filter times carry no zone: they are read as Brasília time (UTC-3).
 */
export function filterDateToMs(value: string, bound: 'from' | 'to'): number {
  const withTime = value.length === 10 ? `${value} ${bound === 'from' ? '00:00:00' : '23:59:59'}` : value;
  return Date.parse(`${withTime.replace(' ', 'T')}-03:00`) + (bound === 'to' && value.length === 10 ? 999 : 0);
}

/** `YYYY-MM-DD hh:mm:ss` in Brasília time (UTC-3) for an instant: the form filter dates take. */
export function brasiliaDateTime(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The upper creation bound (`created_at[to]`, `--created-to`) may also be `now`: the service's
 * public documentation accepts it. Only that bound: a range that starts "now" is empty.
 */
export const NOW = 'now';

/** Why `value` is not an upper creation bound (a filter date or `now`), or undefined. */
export function createdToProblem(value: string): string | undefined {
  if (value === NOW) return undefined;
  return filterDateProblem(value)?.replace(/^expected /, 'expected now, ');
}

/** The instant an upper creation bound stands for, `now` being `nowMs`. */
export function createdToMs(value: string, nowMs: number): number {
  return value === NOW ? nowMs : filterDateToMs(value, 'to');
}
