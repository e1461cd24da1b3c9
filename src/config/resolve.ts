// Which server and credentials a run uses. Each of base URL, API id and API key is taken from
// the first source that has it: flag (--base-url) > environment (FISCAL_BASE_URL, FISCAL_API_ID,
// FISCAL_API_KEY) > profile (--profile, else FISCAL_PROFILE, else the stored default) > default
// (the production environment; credentials have no default).
//
// The profile store is opened only when a setting is still missing or a profile is named, so a
// CI job configured through the environment never reads (or trips on) a configuration file.
import type { Context } from '../context.js';
import { ConfigError } from '../errors.js';
import { resolveBaseUrl } from './environments.js';
import { EMULATOR_PROFILE, type Profile } from './profile.js';

export type TargetSource = 'flag' | 'env' | 'profile' | 'emulator' | 'default';

export interface ResolvedTarget {
  baseUrl: string;
  apiId: string;
  apiKey: string;
  /** The profile used, if any (`emulator` for the built-in one). */
  profile: string | undefined;
  sources: { baseUrl: TargetSource; apiId: TargetSource; apiKey: TargetSource };
  /** True when this run started an in-process emulator. */
  emulator: boolean;
}

/** What resolveTarget needs of an emulator (the real one is src/emulator/server.ts). */
export interface EmulatorHandle {
  url: string;
  accounts: ReadonlyArray<{ apiId: string; apiKey: string }>;
  close(): Promise<void>;
}

export type StartEmulator = () => Promise<EmulatorHandle>;

const startInProcessEmulator: StartEmulator = async () => {
  const { createEmulator } = await import('../emulator/server.js');
  // Anchored to the start of the UTC day, not to this instant: the built-in emulator then serves
  // the same documents to every run of the day, so a second pull is incremental, not a new world.
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  return createEmulator({ port: 0, host: '127.0.0.1', seed: 1, now: day });
};

interface Setting {
  value: string;
  source: TargetSource;
  /** Where it came from, for error messages. */
  origin: string;
}

export async function resolveTarget(ctx: Context, startEmulator: StartEmulator = startInProcessEmulator): Promise<ResolvedTarget> {
  const flagOrEnvBase = setting(ctx.globals.baseUrl, 'flag', '--base-url') ?? setting(ctx.env.FISCAL_BASE_URL, 'env', 'FISCAL_BASE_URL');
  const envId = setting(ctx.env.FISCAL_API_ID, 'env', 'FISCAL_API_ID');
  const envKey = setting(ctx.env.FISCAL_API_KEY, 'env', 'FISCAL_API_KEY');
  const named = setting(ctx.globals.profile, 'flag', '--profile') ?? setting(ctx.env.FISCAL_PROFILE, 'env', 'FISCAL_PROFILE');
  const complete = flagOrEnvBase && envId && envKey;

  let profileName: string | undefined;
  let profile: Profile | undefined;
  let builtinEmulator = false;
  if (named || !complete) {
    const store = await ctx.config();
    profileName = named?.value ?? store.defaultProfile();
    if (profileName !== undefined) {
      profile = store.get(profileName);
      if (!profile && profileName === EMULATOR_PROFILE) builtinEmulator = true;
      else if (!profile) throw unknownProfile(profileName, named?.origin, store.list().map((p) => p.name));
    }
  }

  let emulator: EmulatorHandle | undefined;
  if (builtinEmulator && !complete) {
    const started = await startEmulator();
    emulator = started;
    ctx.defer(() => started.close());
    ctx.log.debug(`started the built-in emulator at ${started.url}`);
  }
  const account = emulator?.accounts[0];
  const fromProfile = (value: string | undefined) => setting(value, 'profile', `profile "${profileName}"`);
  const fromEmulator = (value: string | undefined) => setting(value, 'emulator', 'the built-in emulator');

  const base = flagOrEnvBase ?? fromProfile(profile?.baseUrl) ?? fromEmulator(emulator?.url) ?? {
    value: 'production',
    source: 'default' as const,
    origin: 'the default (production)',
  };
  const apiId = envId ?? fromProfile(profile?.apiId) ?? fromEmulator(account?.apiId);
  const apiKey = envKey ?? fromProfile(profile?.apiKey) ?? fromEmulator(account?.apiKey);
  if (!apiId || !apiKey) throw missingCredentials(!apiId, !apiKey, profileName);

  const baseUrl = resolveBaseUrl(base.value, base.origin, ctx.env);
  warnIfPlainHttp(ctx, baseUrl);
  return {
    baseUrl,
    apiId: apiId.value,
    apiKey: apiKey.value,
    profile: profileName,
    sources: { baseUrl: base.source, apiId: apiId.source, apiKey: apiKey.source },
    emulator: emulator !== undefined,
  };
}

function setting(value: string | undefined, source: TargetSource, origin: string): Setting | undefined {
  const trimmed = value?.trim();
  return trimmed ? { value: trimmed, source, origin } : undefined;
}

function unknownProfile(name: string, origin: string | undefined, known: string[]): ConfigError {
  const from = origin ? ` (from ${origin})` : ' (the default profile)';
  const names = [...known, `${EMULATOR_PROFILE} (built-in)`].join(', ');
  return new ConfigError(`unknown profile "${name}"${from}`, {
    details: [`known profiles: ${names}`, 'add one with `fiscal profile add <name>`; list them with `fiscal profile list`'],
  });
}

function missingCredentials(noId: boolean, noKey: boolean, profile: string | undefined): ConfigError {
  const what = noId && noKey ? 'no API credentials' : noId ? 'no API id' : 'no API key';
  const where = profile ? ` (profile "${profile}" lacks them)` : ' (no profile selected and no default profile)';
  return new ConfigError(`${what} configured${where}`, {
    details: [
      'provide them in one of these ways:',
      '  fiscal profile add <name>                  store them in a profile (the first becomes the default)',
      '  FISCAL_API_ID=... FISCAL_API_KEY=...       environment variables (e.g. in CI)',
      '  --profile emulator                         try everything against a local emulator',
    ],
  });
}

function warnIfPlainHttp(ctx: Context, baseUrl: string): void {
  const { protocol, hostname } = new URL(baseUrl);
  if (protocol !== 'http:') return;
  const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
  if (!loopback) ctx.log.warn(`${baseUrl} is plain http: the API key will cross the network unencrypted`);
}
