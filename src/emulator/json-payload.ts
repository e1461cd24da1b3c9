// The bytes of a JSON reply. A listing page carries up to 500 documents, each its XML in base64
// (some 8 KB): one JSON.stringify of the page copies and scans every base64 string into a page
// string of megabytes, and Buffer.from re-encodes it all, for nothing, since base64 has no
// character JSON escapes. Base64Text marks such a string; the writer serializes the rest of the
// body as JSON.stringify would and copies the base64 into the payload as it is.

/**
 * A string of base64 characters (A-Z a-z 0-9 + / =), which JSON writes between quotes unchanged.
 * It stands where the wire schema says string: `toJSON` gives the string, so JSON.stringify (the
 * page signature, a test) reads it as the client will.
 */
export class Base64Text {
  private constructor(readonly text: string) {}

  static of(bytes: Buffer, length = bytes.length): Base64Text {
    return new Base64Text(bytes.toString('base64', 0, length));
  }

  toJSON(): string {
    return this.text;
  }
}

/** A wire type as the emulator may build it: a Base64Text wherever a string goes. */
export type Encodable<T> = T extends string
  ? T | Base64Text
  : T extends readonly (infer U)[]
    ? Encodable<U>[]
    : T extends object
      ? { [K in keyof T]: Encodable<T[K]> }
      : T;

/** The body's JSON text, split where a Base64Text goes; the text around them in `texts`. */
interface Pieces {
  texts: string[];
  base64: string[];
  text: string;
}

/** The body as UTF-8 JSON, byte for byte what Buffer.from(JSON.stringify(body)) gives. */
export function jsonPayload(body: unknown): Buffer {
  const p: Pieces = { texts: [], base64: [], text: '' };
  const value = resolve(body, '');
  if (omitted(value)) throw new TypeError('a reply body must be a JSON value');
  write(p, value);
  if (p.base64.length === 0) return Buffer.from(p.text, 'utf8');
  p.texts.push(p.text);
  let size = 0;
  for (const t of p.texts) size += Buffer.byteLength(t, 'utf8');
  for (const b of p.base64) size += b.length + 2;
  const out = Buffer.allocUnsafe(size);
  let at = out.write(p.texts[0]!, 0, 'utf8');
  for (let i = 0; i < p.base64.length; i++) {
    const b = p.base64[i]!;
    out[at] = QUOTE;
    at += out.write(b, at + 1, 'latin1') + 1;
    out[at++] = QUOTE;
    at += out.write(p.texts[i + 1]!, at, 'utf8');
  }
  return out;
}

const QUOTE = 0x22;

/** What JSON.stringify writes for `value` under `key`: its toJSON if it has one. */
function resolve(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Base64Text) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  return typeof toJSON === 'function' ? toJSON.call(value, key) : value;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Appends `value` (resolved, not omitted) as JSON.stringify writes it. */
function write(p: Pieces, value: unknown): void {
  if (value instanceof Base64Text) {
    p.texts.push(p.text);
    p.base64.push(value.text);
    p.text = '';
  } else if (typeof value !== 'object' || value === null || isBoxed(value)) {
    p.text += JSON.stringify(value);
  } else if (Array.isArray(value)) {
    p.text += '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) p.text += ',';
      const item = resolve(value[i], String(i));
      if (omitted(item)) p.text += 'null';
      else write(p, item);
    }
    p.text += ']';
  } else {
    let separator = '{';
    for (const name of Object.keys(value)) {
      const member = resolve((value as Record<string, unknown>)[name], name);
      if (omitted(member)) continue;
      p.text += separator + JSON.stringify(name) + ':';
      separator = ',';
      write(p, member);
    }
    p.text += separator === '{' ? '{}' : '}';
  }
}

/** new Number(1) and the like, which JSON.stringify writes as their primitive. */
const isBoxed = (value: object): boolean =>
  value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt;
