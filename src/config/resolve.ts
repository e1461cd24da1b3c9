// Which server and credentials a run uses. Each of base URL, API id and API key is taken from
// the first source that has it: flag (--base-url) > environment (FISCAL_BASE_URL, FISCAL_API_ID,
// FISCAL_API_KEY) > profile (--profile, else FISCAL_PROFILE, else the stored default) > default
// (the production environment; credentials have no default).
//
// One exception: an explicit --profile names the account to use. Its API id, key and base URL
// win over the FISCAL_* variables (an accountant with a client's credentials exported must not
// pull another client's notes into the folder named by --profile), and a notice on stderr names
// the variables left aside. --base-url still wins; FISCAL_PROFILE selects a profile as before.
//
// The profile store is opened only when a setting is still missing or a profile is named, so a
// CI job configured through the environment never reads (or trips on) a configuration file.
import type { Context } from '../context.js';
import { ConfigError } from '../errors.js';
import { resolveBaseUrl } from './environments.js';
import { EMULATOR_PROFILE, type Profile } from './profile.js';

type TargetSource = 'flag' | 'env' | 'profile' | 'emulator' | 'default';

export interface ResolvedTarget {
  baseUrl: string;
  apiId: string;
  apiKey: string;
  /** The profile used, if any (`emulator` for the built-in one). */
  profile: string | undefined;
  sources: { baseUrl: TargetSource; apiId: TargetSource; apiKey: TargetSource };
  /** Where the API id and key came from, in words: said with a 401 (`the API ID and API key come from profile "work"...`). */
  credentialsFrom: string;
  /** True when this run started the built-in emulator. */
  emulator: boolean;
}

/** What resolveTarget needs of an emulator (the real one is src/emulator/server.ts). */
export interface EmulatorHandle {
  url: string;
  accounts: ReadonlyArray<{ apiId: string; apiKey: string }>;
  close(): Promise<void>;
}

/** Starts an emulator; rejects with the signal's reason, nothing of it left, if stopped before it listens. */
type StartEmulator = (signal: AbortSignal) => Promise<EmulatorHandle>;

const startBuiltinEmulator: StartEmulator = async (signal) => {
  const { startServing } = await import('../emulator/thread.js');
  // Anchored to the start of the UTC day, not to this instant: the built-in emulator then serves
  // the same documents to every run of the day, so a second pull is incremental, not a new world.
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  return startServing({ port: 0, host: '127.0.0.1', seed: 1, now: day }, signal);
};

export interface Setting {
  value: string;
  source: TargetSource;
  /** Where it came from, for messages: `--base-url`, `FISCAL_API_ID`, `profile "work"`... */
  origin: string;
}

/** Where each setting comes from, decided without starting anything or sending anything. */
export interface TargetPlan {
  /** The profile used, and what named it. */
  profile: { name: string; origin: string } | undefined;
  /** The built-in emulator profile: what no other source gives comes from an emulator started on demand. */
  builtinEmulator: boolean;
  baseUrl: Setting | undefined;
  apiId: Setting | undefined;
  apiKey: Setting | undefined;
  /** FISCAL_* variables set but left aside because --profile named other credentials. */
  ignored: string[];
}

const CREDENTIAL_VARIABLES = ['FISCAL_BASE_URL', 'FISCAL_API_ID', 'FISCAL_API_KEY'] as const;

export async function planTarget(ctx: Context): Promise<TargetPlan> {
  const flagBase = setting(ctx.globals.baseUrl, 'flag', '--base-url');
  const env = {
    base: setting(ctx.env.FISCAL_BASE_URL, 'env', 'FISCAL_BASE_URL'),
    id: setting(ctx.env.FISCAL_API_ID, 'env', 'FISCAL_API_ID'),
    key: setting(ctx.env.FISCAL_API_KEY, 'env', 'FISCAL_API_KEY'),
  };
  const flagProfile = setting(ctx.globals.profile, 'flag', '--profile');
  const named = flagProfile ?? setting(ctx.env.FISCAL_PROFILE, 'env', 'FISCAL_PROFILE');
  const complete = (flagBase ?? env.base) && env.id && env.key;

  let profile: TargetPlan['profile'];
  let stored: Profile | undefined;
  let builtinEmulator = false;
  if (named || !complete) {
    const store = await ctx.config();
    const name = named?.value ?? store.defaultProfile();
    if (name !== undefined) {
      profile = { name, origin: named?.origin ?? 'the default profile' };
      stored = store.get(name);
      if (!stored && name === EMULATOR_PROFILE) builtinEmulator = true;
      else if (!stored)
        throw unknownProfile(
          name,
          named?.origin,
          store.list().map((p) => p.name),
        );
    }
  }
  const fromProfile = (value: string | undefined) => setting(value, 'profile', `profile "${profile?.name}"`);
  // An explicit --profile: its settings first, the environment's never (see the top of the file).
  const first = flagProfile !== undefined;
  const pick = (own: Setting | undefined, ofEnv: Setting | undefined) => (first ? own : (ofEnv ?? own));
  const plan: TargetPlan = {
    profile,
    builtinEmulator,
    baseUrl: flagBase ?? pick(fromProfile(stored?.baseUrl), env.base),
    apiId: pick(fromProfile(stored?.apiId), env.id),
    apiKey: pick(fromProfile(stored?.apiKey), env.key),
    ignored: [],
  };
  if (first) {
    const used = { FISCAL_BASE_URL: plan.baseUrl, FISCAL_API_ID: plan.apiId, FISCAL_API_KEY: plan.apiKey };
    const set = { FISCAL_BASE_URL: env.base, FISCAL_API_ID: env.id, FISCAL_API_KEY: env.key };
    // A variable holding what the profile holds anyway changes nothing: no notice for it.
    plan.ignored = CREDENTIAL_VARIABLES.filter(
      (v) => set[v] !== undefined && set[v].value !== used[v]?.value && !(v === 'FISCAL_BASE_URL' && flagBase),
    );
  }
  return plan;
}

export async function resolveTarget(
  ctx: Context,
  startEmulator: StartEmulator = startBuiltinEmulator,
): Promise<ResolvedTarget> {
  const plan = await planTarget(ctx);
  if (plan.ignored.length > 0) ctx.log.warn(ignoredNotice(plan));
  let emulator: EmulatorHandle | undefined;
  if (plan.builtinEmulator && !(plan.baseUrl && plan.apiId && plan.apiKey)) {
    const started = await startEmulator(ctx.signal);
    emulator = started;
    ctx.defer(() => started.close());
    ctx.log.debug(`started the built-in emulator at ${started.url}`);
  }
  const account = emulator?.accounts[0];
  const fromEmulator = (value: string | undefined) => setting(value, 'emulator', 'the built-in emulator');
  const base = plan.baseUrl ?? fromEmulator(emulator?.url) ?? DEFAULT_BASE;
  const apiId = plan.apiId ?? fromEmulator(account?.apiId);
  const apiKey = plan.apiKey ?? fromEmulator(account?.apiKey);
  if (!apiId || !apiKey) throw missingCredentials(!apiId, !apiKey, plan.profile?.name);
  checkHeaderValue('API id', apiId);
  checkHeaderValue('API key', apiKey);

  const baseUrl = resolveBaseUrl(base.value, base.origin, ctx.env);
  warnIfPlainHttp(ctx, baseUrl);
  return {
    baseUrl,
    apiId: apiId.value,
    apiKey: apiKey.value,
    profile: plan.profile?.name,
    sources: { baseUrl: base.source, apiId: apiId.source, apiKey: apiKey.source },
    credentialsFrom: credentialsFrom(apiId, apiKey, plan.profile),
    emulator: emulator !== undefined,
  };
}

/** `the API ID comes from the environment variable FISCAL_API_ID, the API key from profile "work" (the default profile)`. */
function credentialsFrom(id: Setting, key: Setting, profile: TargetPlan['profile']): string {
  const named = (s: Setting) => {
    if (s.source === 'env') return `the environment variable ${s.origin}`;
    if (s.source !== 'profile' || !profile) return s.origin;
    const by = profile.origin === 'the default profile' ? 'the default profile' : `named by ${profile.origin}`;
    return `${s.origin} (${by})`;
  };
  if (id.origin === key.origin) return `the API ID and API key come from ${named(id)}`;
  // The second variable needs no "the environment variable" again.
  const second = key.source === 'env' && id.source === 'env' ? key.origin : named(key);
  return `the API ID comes from ${named(id)}, the API key from ${second}`;
}

/**
 * Credentials travel as header values: a line break or a byte outside printable ASCII (a pasted
 * key, a file read with its newline) would be refused by the HTTP layer on every attempt, after
 * retries. Refused here instead, naming where the value came from and never the value.
 */
function checkHeaderValue(what: string, s: Setting): void {
  const at = s.value.search(/[^\x20-\x7e]/);
  if (at === -1) return;
  const kind = /[\r\n]/.test(s.value[at]!) ? 'a line break' : 'a character that is not printable ASCII';
  throw new ConfigError(`the ${what} from ${s.origin} holds ${kind} (character ${at + 1} of ${s.value.length})`, {
    details: ['it cannot be sent in a header; set it again without it (nothing was sent)'],
  });
}

export const DEFAULT_BASE: Setting = { value: 'production', source: 'default', origin: 'the default (production)' };

/** The notice of a run whose --profile left FISCAL_* variables aside, naming them. */
export function ignoredNotice(plan: TargetPlan): string {
  return `--profile ${plan.profile?.name}: using the profile's credentials and base URL; ignoring ${plan.ignored.join(', ')} from the environment`;
}

function setting(value: string | undefined, source: TargetSource, origin: string): Setting | undefined {
  const trimmed = value?.trim();
  return trimmed ? { value: trimmed, source, origin } : undefined;
}

function unknownProfile(name: string, origin: string | undefined, known: string[]): ConfigError {
  const from = origin ? ` (from ${origin})` : ' (the default profile)';
  const names = [...known, `${EMULATOR_PROFILE} (built-in)`].join(', ');
  return new ConfigError(`unknown profile "${name}"${from}`, {
    details: [
      `known profiles: ${names}`,
      'add one with `fiscal profile add <name>`; list them with `fiscal profile list`',
    ],
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
