// The profile store: a JSON file (through conf) holding named profiles and the default one.
// Loaded lazily by the context, so conf and zod stay off the `--help` path.
//
// The file holds API keys: it is written 0600 inside a 0700 directory. Unreadable or malformed
// files are reported (ConfigError naming the file), never silently reset.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import Conf from 'conf';
import * as z from 'zod';
import { ConfigError, LocalFileError } from '../errors.js';
import { localFileError } from '../local-files.js';
import { configDir, configFile } from './dir.js';
import type { Profile } from './profile.js';

export type { Profile } from './profile.js';

export interface ProfileStore {
  /** The configuration file's path. */
  readonly path: string;
  /** Stored profiles, sorted by name. */
  list(): Array<{ name: string; profile: Profile }>;
  get(name: string): Profile | undefined;
  set(name: string, profile: Profile): void;
  /** Removes a profile (and the default if it pointed there); false when there was none. */
  remove(name: string): boolean;
  defaultProfile(): string | undefined;
  setDefault(name: string | undefined): void;
}

const ProfileSchema = z.object({
  baseUrl: z.string(),
  apiId: z.string(),
  apiKey: z.string(),
  catalog: z.string().optional(),
});

// Loose: keys written by a newer fiscal survive a round trip through this one.
const StoreSchema = z.looseObject({
  defaultProfile: z.string().optional(),
  profiles: z.record(z.string(), ProfileSchema).default({}),
});

type StoreData = z.infer<typeof StoreSchema>;

export async function openProfileStore(env: Readonly<Record<string, string | undefined>>): Promise<ProfileStore> {
  const dir = configDir(env);
  const path = configFile(env);
  const conf = guard(path, () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return new Conf<Record<string, unknown>>({
      cwd: dir,
      configName: 'config',
      projectName: 'fiscal',
      configFileMode: 0o600,
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
    });
  });

  const read = (): StoreData => {
    guard(path, () => refuseNonObject(path));
    const raw = guard(path, () => conf.store);
    const parsed = StoreSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ConfigError(`invalid configuration file ${path}${where}: ${issue?.message ?? 'unexpected content'}`, {
      details: ['fix the file, or move it away and add your profiles again with `fiscal profile add`'],
    });
  };

  const write = (data: StoreData): void => {
    guard(path, () => {
      try {
        tightenDir(dir);
        conf.store = data;
        // conf sets the mode only on files it creates: a file made by hand keeps its own otherwise.
        chmodSync(path, 0o600);
      } catch (error) {
        // A folder that refuses the file (read-only, no permission, disk full) is exit 10, as
        // for every file fiscal writes; anything else is the configuration's problem.
        throw localFileError(error, { folder: dir }) ?? error;
      }
    });
  };

  return {
    path,
    list() {
      const { profiles } = read();
      return Object.keys(profiles)
        .sort()
        .map((name) => ({ name, profile: profiles[name]! }));
    },
    get(name) {
      const { profiles } = read();
      return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
    },
    set(name, profile) {
      const data = read();
      write({ ...data, profiles: { ...data.profiles, [name]: { ...profile } } });
    },
    remove(name) {
      const data = read();
      if (!Object.hasOwn(data.profiles, name)) return false;
      const { [name]: _removed, ...profiles } = data.profiles;
      const next: StoreData = { ...data, profiles };
      if (next.defaultProfile === name) delete next.defaultProfile;
      write(next);
      return true;
    },
    defaultProfile() {
      return read().defaultProfile || undefined;
    },
    setDefault(name) {
      const next = read();
      if (name === undefined) delete next.defaultProfile;
      else next.defaultProfile = name;
      write(next);
    },
  };
}

/** A directory created earlier (by hand, or by an older tool) may be group-readable. */
function tightenDir(dir: string): void {
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Not ours to change (e.g. FISCAL_CONFIG_DIR shared by an administrator): the file stays 0600.
  }
}

/** Runs a file operation, turning failures into a ConfigError that names the file. */
/** conf reads a file holding `[]` or `null` as no profiles at all: that file is invalid, and said so. */
function refuseNonObject(path: string): void {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (text.trim() === '') return;
  const value: unknown = JSON.parse(text);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return;
  const held = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  throw new ConfigError(`invalid configuration file ${path}: it holds ${held}, not an object of profiles`, {
    details: ['fix the file, or move it away and add your profiles again with `fiscal profile add`'],
  });
}

function guard<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof LocalFileError) throw error;
    const e = error as NodeJS.ErrnoException;
    // JSON.parse messages quote the file's text, which may contain an API key: never repeat them.
    // Node's own messages already start with their code ("EACCES: permission denied, ..."): say it once.
    const coded = e?.code && !String(e.message).startsWith(`${e.code}:`) ? `${e.code}: ${e.message}` : e?.message;
    const reason = e?.name === 'SyntaxError' ? 'it is not valid JSON' : String(coded ?? e);
    throw new ConfigError(`cannot use the configuration file ${path}: ${reason}`, {
      cause: e?.name === 'SyntaxError' ? undefined : error,
      details:
        e?.name === 'SyntaxError'
          ? ['fix the file, or move it away and add your profiles again with `fiscal profile add`']
          : [],
    });
  }
}
