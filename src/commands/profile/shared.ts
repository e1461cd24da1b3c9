// What the profile verbs share: name checks, the record they print, its columns.
import type { ProfileStore } from '../../config/store.js';
import { EMULATOR_PROFILE, profileNameProblem } from '../../config/profile.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/writer.js';

/** A profile as printed: never the key itself (`show` adds it masked). */
export interface ProfileRecord {
  name: string;
  baseUrl: string;
  apiId: string;
  apiKey?: string;
  default: boolean;
}

export function checkProfileName(name: string): string {
  const problem = profileNameProblem(name);
  if (problem) throw new UsageError(`invalid profile name "${name}": ${problem}`);
  return name;
}

/** What is wrong with a name for a new profile, if anything: the rules, and the reserved name. */
export function newProfileNameProblem(name: string): string | undefined {
  if (name === EMULATOR_PROFILE) return `"${EMULATOR_PROFILE}" is reserved for the built-in local emulator (--profile ${EMULATOR_PROFILE})`;
  return profileNameProblem(name);
}

/** A name for a new profile, or a UsageError saying what is wrong with it. */
export function checkNewProfileName(name: string): string {
  if (name === EMULATOR_PROFILE) {
    throw new UsageError(newProfileNameProblem(name)!, { details: ['choose another name'] });
  }
  return checkProfileName(name);
}

export function unknownProfile(name: string, store: ProfileStore): UsageError {
  const known = store.list().map((p) => p.name);
  return new UsageError(`no profile named "${name}"`, {
    details: [known.length ? `known profiles: ${known.join(', ')}` : 'no profiles yet: add one with `fiscal profile add <name>`'],
  });
}

export function isBuiltinEmulator(name: string, store: ProfileStore): boolean {
  return name === EMULATOR_PROFILE && store.get(name) === undefined;
}

export const PROFILE_COLUMNS: Column<ProfileRecord>[] = [
  { header: 'NAME', get: (r) => r.name, truncate: false },
  { header: 'BASE URL', get: (r) => r.baseUrl },
  { header: 'API ID', get: (r) => r.apiId, truncate: false },
  { header: 'DEFAULT', get: (r) => r.default },
];
