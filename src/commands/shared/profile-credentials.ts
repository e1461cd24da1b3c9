// What `profile add` and `init` share: the checks on a profile name, an API id, a base URL and a
// key, reading the key from standard input, and saving a profile (the first one saved becomes the
// default). Loaded with those verbs, never for --help.
import * as z from 'zod';
import type { Context } from '../../context.js';
import { baseUrlProblem } from '../../config/environments.js';
import { EMULATOR_PROFILE, profileNameProblem, type Profile } from '../../config/profile.js';
import type { ProfileStore } from '../../config/store.js';
import { UsageError } from '../../errors.js';

const MAX_KEY_BYTES = 64 * 1024;

/** What is wrong with an API id, if anything (the same rule as the --api-id flag). */
export function apiIdProblem(id: string): string | undefined {
  if (!id) return 'must not be empty';
  if (/\s/.test(id)) return 'must not contain spaces';
  return undefined;
}

/** The parsers of the `custom` flags both verbs declare: --api-id and --base-url. */
export const CREDENTIAL_PARSERS = {
  apiId: z.string().trim().min(1, 'must not be empty').regex(/^\S+$/, 'must not contain spaces'),
  baseUrl: z
    .string()
    .trim()
    .superRefine((value, check) => {
      const problem = baseUrlProblem(value);
      if (problem) check.addIssue({ code: 'custom', message: problem });
    }),
};

/** The hidden --api-key exists only to say why it is refused; `how` shows the piped way. */
export function refuseKeyFlag(given: unknown, how: string): void {
  if (given === undefined) return;
  throw new UsageError('--api-key is not accepted: command-line arguments show up in `ps` and shell history', {
    details: [`pipe the key instead: \`${how}\``, 'or omit it on a terminal to be prompted'],
  });
}

/**
 * The root command owns --base-url (the target of a run) and consumes it wherever it appears; for
 * the verbs that create a profile it means the profile's URL, checked like their own flag.
 */
export function profileBaseUrl(ctx: Context, own: string | undefined): string | undefined {
  if (own !== undefined || ctx.globals.baseUrl === undefined) return own;
  const problem = baseUrlProblem(ctx.globals.baseUrl.trim());
  if (problem) throw new UsageError(`--base-url: ${problem}`);
  return ctx.globals.baseUrl.trim();
}

export function checkProfileName(name: string): string {
  const problem = profileNameProblem(name);
  if (problem) throw new UsageError(`invalid profile name "${name}": ${problem}`);
  return name;
}

/** What is wrong with a name for a new profile, if anything: the rules, and the reserved name. */
export function newProfileNameProblem(name: string): string | undefined {
  if (name === EMULATOR_PROFILE)
    return `"${EMULATOR_PROFILE}" is reserved for the built-in local emulator (--profile ${EMULATOR_PROFILE})`;
  return profileNameProblem(name);
}

/** A name for a new profile, or a UsageError saying what is wrong with it. */
export function checkNewProfileName(name: string): string {
  if (name === EMULATOR_PROFILE) {
    throw new UsageError(newProfileNameProblem(name)!, { details: ['choose another name'] });
  }
  return checkProfileName(name);
}

/** `echo "$KEY" |` and files saved on Windows add line endings: they are not part of the key. */
function checkKey(raw: string, origin: string): string {
  const key = raw.trim();
  if (!key) throw new UsageError(`no API key read from ${origin}`);
  if (/\s/.test(key))
    throw new UsageError(`the API key from ${origin} contains spaces or line breaks; expected a single key`);
  return key;
}

/** --api-key-stdin is for a piped key: on a terminal it would wait for an invisible end of input. */
export function refuseStdinKeyOnTerminal(ctx: Context): void {
  if (!ctx.io.stdinIsTTY) return;
  throw new UsageError('--api-key-stdin reads a piped key, but standard input is a terminal', {
    details: ['omit --api-key-stdin to type the key at a hidden prompt'],
  });
}

export async function readKeyFromStdin(ctx: Context): Promise<string> {
  let text = '';
  for await (const chunk of ctx.io.stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (text.length > MAX_KEY_BYTES) throw new UsageError('standard input is too long to be an API key');
  }
  return checkKey(text, 'standard input');
}

export async function promptKey(ctx: Context): Promise<string> {
  return checkKey(await ctx.prompter.password('API key:'), 'the prompt');
}

/**
 * Stores the profile. It becomes the default when asked to, or when there is no default yet;
 * returns whether it is the default now.
 */
export function saveProfile(store: ProfileStore, name: string, profile: Profile, makeDefault = false): boolean {
  store.set(name, profile);
  const becomesDefault = makeDefault || store.defaultProfile() === undefined;
  if (becomesDefault) store.setDefault(name);
  return becomesDefault;
}
