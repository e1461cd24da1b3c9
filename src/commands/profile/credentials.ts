// What `profile add` and `init` share: the checks on an API id and key, reading the key from
// standard input, and saving a profile (the first one saved becomes the default).
import type { Context } from '../../context.js';
import type { Profile } from '../../config/profile.js';
import type { ProfileStore } from '../../config/store.js';
import { UsageError } from '../../errors.js';

const MAX_KEY_BYTES = 64 * 1024;

/** What is wrong with an API id, if anything (the same rule as the --api-id flag). */
export function apiIdProblem(id: string): string | undefined {
  if (!id) return 'must not be empty';
  if (/\s/.test(id)) return 'must not contain spaces';
  return undefined;
}

/** `echo "$KEY" |` and files saved on Windows add line endings: they are not part of the key. */
export function checkKey(raw: string, origin: string): string {
  const key = raw.trim();
  if (!key) throw new UsageError(`no API key read from ${origin}`);
  if (/\s/.test(key)) throw new UsageError(`the API key from ${origin} contains spaces or line breaks; expected a single key`);
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
