// A stored profile: which server to talk to and with which credentials. Pure helpers only, so
// commands can validate names and mask keys without loading the profile store.

export interface Profile {
  /** `production`, `sandbox` (resolved at run time, see environments.ts) or an http(s) URL. */
  baseUrl: string;
  apiId: string;
  apiKey: string;
  /** The shared catalog (postgres://…) the pulls of this profile write (docs/postgres.md). */
  catalog?: string | undefined;
}

/** The built-in profile that starts a local emulator; a stored profile may not take its name. */
export const EMULATOR_PROFILE = 'emulator';

const NAME = /^[a-z0-9][a-z0-9_-]*$/;
const MAX_NAME_LENGTH = 64;

export function profileNameProblem(name: string): string | undefined {
  if (name.length > MAX_NAME_LENGTH) return `a profile name has at most ${MAX_NAME_LENGTH} characters`;
  if (!NAME.test(name)) {
    return 'a profile name starts with a lowercase letter or digit, followed by lowercase letters, digits, "_" or "-"';
  }
  return undefined;
}

/**
 * `****` plus the last 4 characters, enough to tell two keys apart. Keys shorter than 12
 * characters show no characters at all: 4 of 8 would give away half the key.
 */
export function maskKey(key: string): string {
  return key.length >= 12 ? `****${key.slice(-4)}` : '****';
}
