// What the profile verbs share: the record they print, its columns, the errors about names.
import type { ProfileStore } from '../../config/store.js';
import { EMULATOR_PROFILE } from '../../config/profile.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/writer.js';

/** A profile as printed: never the key itself (`show` adds it masked). */
export interface ProfileRecord {
  name: string;
  /** Named as `profile current` names its settings (base_url, api_id, api_key). */
  base_url: string;
  api_id: string;
  api_key?: string;
  default: boolean;
}

export function unknownProfile(name: string, store: ProfileStore): UsageError {
  const known = store.list().map((p) => p.name);
  return new UsageError(`no profile named "${name}"`, {
    details: [
      known.length
        ? `known profiles: ${known.join(', ')}`
        : 'no profiles yet: add one with `fiscal profile add <name>`',
    ],
  });
}

export function isBuiltinEmulator(name: string, store: ProfileStore): boolean {
  return name === EMULATOR_PROFILE && store.get(name) === undefined;
}

export const PROFILE_COLUMNS: Column<ProfileRecord>[] = [
  { header: 'NAME', get: (r) => r.name, truncate: false },
  { header: 'BASE URL', get: (r) => r.base_url },
  { header: 'API ID', get: (r) => r.api_id, truncate: false },
  { header: 'DEFAULT', get: (r) => r.default },
];
