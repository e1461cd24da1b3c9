// What the client learned about an account's API (R39): whether it has v2. Some real accounts
// answer 404 on POST /v2/dfe/nfe; once seen, the answer is kept per profile (or, without one, per
// server and API id) in <config dir>/api-features.json, so that later runs go to v1 at once.
// Designed here: the file, its keys, and that a damaged file is read as "nothing learned".
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from './dir.js';

interface ApiFeatures {
  /** false: the account has no v2 (POST /v2/dfe/nfe answered 404). */
  v2?: false;
  /** When it was learned, ISO 8601. */
  learnedAt?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The profile's name, or the server and API id when the run uses none. */
export function featuresKey(target: { profile: string | undefined; baseUrl: string; apiId: string }): string {
  return target.profile ? `profile ${target.profile}` : `${target.baseUrl} ${target.apiId}`;
}

const fileOf = (env: Env): string => join(configDir(env), 'api-features.json');

function readAll(env: Env): Record<string, ApiFeatures> {
  try {
    const data = JSON.parse(readFileSync(fileOf(env), 'utf8')) as unknown;
    return typeof data === 'object' && data !== null ? (data as Record<string, ApiFeatures>) : {};
  } catch {
    return {};
  }
}

export function readFeatures(env: Env, key: string): ApiFeatures {
  return readAll(env)[key] ?? {};
}

/** Merged into what was known, written whole through a temporary file (never half a file). */
export function rememberFeatures(env: Env, key: string, features: ApiFeatures): void {
  const all = readAll(env);
  all[key] = { ...all[key], ...features };
  const file = fileOf(env);
  mkdirSync(configDir(env), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
