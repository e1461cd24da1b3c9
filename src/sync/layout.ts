// Where a pulled document goes: a `--layout` template filled with values checked one by one, so
// that nothing a server sends can name a path outside the pull directory.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';

export const DEFAULT_LAYOUT = '{owner}/{type}/{role}/{yyyy}-{mm}/{key}.xml';
const PLACEHOLDERS = ['owner', 'type', 'role', 'yyyy', 'mm', 'dd', 'key', 'number', 'emitter'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
export type LayoutValues = Record<Placeholder, string>;

/** What each value must look like before it becomes part of a path. */
const SHAPES: Record<Placeholder, RegExp> = {
  owner: /^(\d{11}|\d{14})$/,
  type: /^[a-z][a-z0-9-]{1,15}$/,
  role: /^[a-z][a-z-]{1,23}$/,
  yyyy: /^\d{4}$/,
  mm: /^(0[1-9]|1[0-2])$/,
  dd: /^(0[1-9]|[12]\d|3[01])$/,
  // An access key, or an NFS-e id made file-safe (`<emitter>_<yyyy-mm-dd>_<number>`, see fileKey).
  key: /^(\d{44}|(\d{11}|\d{14})_\d{4}-\d{2}-\d{2}_\d{1,15})$/,
  number: /^\d{1,15}$/,
  emitter: /^(\d{11}|\d{14})$/,
};

/**
 * The `{key}` of a document's path: its access key, or for an NFS-e its R10 id without the owner
 * (`<emitter_cnpj>:<yyyy-mm-dd>:<number>`) with `_` for `:`, which some file systems refuse.
 */
export function fileKey(key: string): string {
  return key.replaceAll(':', '_');
}

/** The name of an event's file beside its document's: `<key>-<type>-<seq>.xml` (written by the pull and `events --dir`). */
export function eventFileName(key: string, type: string, seq: number): string {
  return `${fileKey(key)}-${type}-${seq}.xml`;
}

/** A file beside a document's, named like it with another ending: `a/b/KEY.xml` -> `a/b/KEY.pdf`. */
export function attachmentPath(rel: string, suffix: string): string {
  return `${rel.replace(/\.xml$/i, '')}${suffix}`;
}

const EVENT_FILE = /^(.+)-(\d{6})-(\d+)\.xml$/i;

/** What eventFileName wrote: the key as in file names, the event type and seq; undefined for another file. */
export function parseEventFileName(name: string): { fileKey: string; type: string; seq: number } | undefined {
  const m = EVENT_FILE.exec(name);
  return m ? { fileKey: m[1]!, type: m[2]!, seq: Number(m[3]) } : undefined;
}

export class UnsafeValueError extends Error {
  override name = 'UnsafeValueError';
}

export interface Layout {
  readonly template: string;
  /** Absolute path of a document's file; throws UnsafeValueError when a value is not what it claims. */
  pathFor(values: LayoutValues): string;
  /** The same path relative to the pull directory, with `/` separators (for index.ndjson). */
  relativePathFor(values: LayoutValues): string;
}

export function parseLayout(template: string, dir: string): Layout {
  const problem = templateProblem(template);
  if (problem) throw new UsageError(`--layout: ${problem}`);
  const root = resolve(dir);
  // Split once: literal text at even indexes, placeholder names at odd ones.
  const parts = template.split(/\{([a-z]+)\}/);
  const relativePathFor = (values: LayoutValues): string => {
    let rel = '';
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 === 0) {
        rel += parts[i];
        continue;
      }
      const name = parts[i] as Placeholder;
      const value = values[name];
      if (!SHAPES[name].test(value))
        throw new UnsafeValueError(`refusing ${name} ${JSON.stringify(value)} as part of a file path`);
      rel += value;
    }
    // Checked values (no separator, no dot) in a checked template (relative, no `.`, `..` or empty
    // segment) cannot leave the root: on POSIX, resolving the path (some 6 µs a document, a pull's
    // main thread) would give it back as it is.
    if (sep === '/') return rel;
    const full = resolve(root, rel);
    const back = relative(root, full);
    if (back === '' || back.startsWith('..') || isAbsolute(back))
      throw new UnsafeValueError(`path ${JSON.stringify(rel)} leaves ${root}`);
    return back.split(sep).join('/');
  };
  return { template, relativePathFor, pathFor: (values) => join(root, relativePathFor(values)) };
}

function templateProblem(template: string): string | undefined {
  if (!template.trim()) return 'the template is empty';
  if (isAbsolute(template) || template.startsWith('~')) return 'the template must be relative to --dir';
  const unknown = [...template.matchAll(/\{([^}]*)\}/g)]
    .map((m) => m[1]!)
    .find((n) => !(PLACEHOLDERS as readonly string[]).includes(n));
  if (unknown !== undefined)
    return `unknown placeholder {${unknown}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}`;
  const literal = template.replace(/\{[a-z]+\}/g, 'x');
  if (/[{}]/.test(literal)) return 'unbalanced braces';
  if (literal.split(/[\\/]/).some((part) => part === '..' || part === '.'))
    return 'the template may not contain . or .. segments';
  if (literal.split(/[\\/]/).some((part) => part === '')) return 'the template has an empty path segment';
  if (literal.split(/[\\/]/)[0] === '.fiscal') return '.fiscal is where pull keeps its state';
  // Designed here: {number} alone once passed, and two notes of one number (another emitter,
  // series or model: an NF-e number is unique only within those) went to one file, the second
  // replacing the first with exit 0. No other placeholder completes it (there is no series), and
  // a check when writing would need an index of the folder by path (a read of every path at each
  // start, or a second store beside the key store); with {key} the path names the document, so
  // two documents never share one.
  if (!template.includes('{key}'))
    return 'the template must contain {key}: a number is unique only per emitter, series and model, so two documents would share a file (e.g. {owner}/{number}-{key}.xml)';
  return undefined;
}
