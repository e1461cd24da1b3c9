// A profile's `catalog` setting read without the profile store: conf (with ajv and semver) and
// zod cost a report, whose every other step takes some 0.3 s at 224k documents, 0.2 s of CPU to
// load (docs/bench.md). Only a file the store would read as it is gets an answer here; anything
// else (not JSON, a profile without its keys, an unreadable file) is left to the store, which says
// what is wrong with it.
import { readFileSync } from 'node:fs';
import { configFile } from './dir.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/** Whether a stored profile is one the store reads (store.ts ProfileSchema). */
function wellFormed(p: unknown): p is { catalog?: string } {
  return (
    isObject(p) &&
    typeof p.baseUrl === 'string' &&
    typeof p.apiId === 'string' &&
    typeof p.apiKey === 'string' &&
    optionalString(p.catalog)
  );
}

/**
 * The `catalog` of the profile `named` (else the default one): `{ catalog }`, undefined in it when
 * there is no such profile or setting; undefined when the file is not one to read without the store.
 */
export function peekProfileCatalog(
  env: Readonly<Record<string, string | undefined>>,
  named: string | undefined,
): { catalog: string | undefined } | undefined {
  let text: string;
  try {
    text = readFileSync(configFile(env), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { catalog: undefined } : undefined;
  }
  if (text.trim() === '') return { catalog: undefined };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(data) || !optionalString(data.defaultProfile)) return undefined;
  const profiles = data.profiles ?? {};
  if (!isObject(profiles) || !Object.values(profiles).every(wellFormed)) return undefined;
  const name = named ?? ((data.defaultProfile as string | undefined) || undefined);
  const profile =
    name !== undefined && Object.hasOwn(profiles, name) ? (profiles[name] as { catalog?: string }) : undefined;
  return { catalog: profile?.catalog };
}
