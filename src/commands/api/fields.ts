// `-f key=value` of `fiscal api`: query parameters of a GET / DELETE, JSON body fields of a POST /
// PUT / PATCH. A value that reads as a JSON number, true, false or null becomes one (quote-free:
// `-f Limit=500`), and so does a JSON object or array (`-f 'Filters={"Status":"authorized"}'`),
// which nested bodies need; `key[]=v` collects values into an array (query: the key is sent literally,
// `access_key[]`, once per value, as the v1 endpoints expect; body: `key` becomes `[v, ...]`).
import { UsageError } from '../../errors.js';

type FieldValue = unknown;

export function parseFieldValue(text: string): FieldValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  // A JSON string keeps digits a string: -f 'owner="11222333000181"'.
  if (/^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isSafeInteger(n) || !Number.isInteger(n)) return n;
  }
  return text;
}

function split(field: string): { key: string; value: string; many: boolean } {
  const at = field.indexOf('=');
  if (at <= 0) throw new UsageError(`-f/--field: expected key=value, got "${field}"`);
  const key = field.slice(0, at);
  return { key: key.endsWith('[]') ? key.slice(0, -2) : key, value: field.slice(at + 1), many: key.endsWith('[]') };
}

/** Query parameters; keys as given (brackets literal), repeated keys repeat the parameter. */
export function queryOf(fields: readonly string[]): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const field of fields) {
    const { key, value, many } = split(field);
    (query[many ? `${key}[]` : key] ??= []).push(value);
  }
  return query;
}

/** A JSON body; a key given twice without `[]` is refused rather than silently overwritten. */
export function bodyOf(fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const { key, value, many } = split(field);
    const parsed = parseFieldValue(value);
    if (many) {
      const list = body[key];
      if (list !== undefined && !Array.isArray(list))
        throw new UsageError(`-f/--field: "${key}" is given both as a value and as an array (${key}[])`);
      body[key] = [...((list as unknown[] | undefined) ?? []), parsed];
    } else {
      if (key in body) throw new UsageError(`-f/--field: "${key}" is given twice; use ${key}[]=value for an array`);
      body[key] = parsed;
    }
  }
  return body;
}
