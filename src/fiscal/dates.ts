// Date filters (R9): `YYYY-MM-DD` or `YYYY-MM-DD hh:mm:ss`. What people type (dd/mm/yyyy, an ISO
// `T`) is read by readDate into that form; months (yyyy-mm, mm/yyyy) by readMonth.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Why `value` is not a filter date, or undefined when it is one. */
export function filterDateProblem(value: string): string | undefined {
  const m = DATE.exec(value) ?? DATE_TIME.exec(value);
  if (!m) return 'expected YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss"';
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, +h, +mi, +s));
  const same =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === +h &&
    date.getUTCMinutes() === +mi &&
    date.getUTCSeconds() === +s;
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

/** `YYYY-MM-DDThh:mm:ss-03:00`: an instant in Brasília time, in the form the XML writes dates. */
export function brasiliaTimestamp(ms: number): string {
  return `${brasiliaDateTime(new Date(ms)).replace(' ', 'T')}-03:00`;
}

const ZONED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 time with a zone (`…Z`, `…-04:00`, fractions of a second) as the same instant in
 * Brasília time (brasiliaTimestamp), to the second: times from several sources (an XML's offset,
 * the service's UTC, the machine's clock) then sort and compare as text. Anything else (no zone,
 * no such day or time) is kept as it is.
 */
export function inBrasilia(value: string): string {
  if (value.length === 25 && value.endsWith('-03:00')) return value;
  const m = ZONED.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const local = Date.UTC(y!, mo! - 1, d!, h!, mi!, sec);
  const t = new Date(local);
  const real = t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && t.getUTCSeconds() === sec;
  const offset = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) * 60_000;
  return real ? brasiliaTimestamp(local - offset) : value;
}

/** The first instant (ms) of the Brasília day of `ms`. */
export function brasiliaDayStart(ms: number): number {
  return filterDateToMs(brasiliaDateTime(new Date(ms)).slice(0, 10), 'from');
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

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}:\d{2}:\d{2}))?$/;
const ISO_T = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})$/;

/**
 * A date as people write it: `YYYY-MM-DD`, `dd/mm/yyyy`, either with a time `hh:mm:ss` (after a
 * space or `T`). Gives the filter form (`YYYY-MM-DD` or `YYYY-MM-DD hh:mm:ss`), or why it is not
 * a date. `time: false` takes a day only.
 */
export function readDate(raw: string, time = true): { value: string } | { problem: string } {
  const text = raw.trim();
  const br = BR_DATE.exec(text);
  const iso = ISO_T.exec(text);
  const value = br ? `${br[3]}-${br[2]}-${br[1]}${br[4] ? ` ${br[4]}` : ''}` : iso ? `${iso[1]} ${iso[2]}` : text;
  const expected = time
    ? 'expected YYYY-MM-DD or dd/mm/yyyy, with or without a time hh:mm:ss'
    : 'expected a date YYYY-MM-DD or dd/mm/yyyy';
  if (!time && value.length !== 10) return { problem: expected };
  const problem = filterDateProblem(value);
  if (problem) return { problem: problem === 'no such date or time' ? problem : expected };
  return { value };
}

/** A month as people write it: `YYYY-MM` or `MM/YYYY`. Gives `YYYY-MM`, or why it is not a month. */
export function readMonth(raw: string): { value: string } | { problem: string } {
  const text = raw.trim();
  const br = /^(\d{2})\/(\d{4})$/.exec(text);
  const value = br ? `${br[2]}-${br[1]}` : text;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return { problem: 'expected a month YYYY-MM or MM/YYYY' };
  return { value };
}

/** The first and last day of a month `YYYY-MM`, as filter dates. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
