// The walkthrough's questions. Each answer is checked here again: a scripted prompter does not
// run `validate` the way the terminal one does.
import type { Choice, Context } from '../../context.js';
import type { ProfileStore } from '../../config/store.js';
import { ENVIRONMENTS, baseUrlProblem, environmentAddress, type EnvironmentName } from '../../config/environments.js';
import { apiIdProblem, newProfileNameProblem } from './profile-credentials.js';

export const DEFAULT_PROFILE_NAME = 'default';

type Check = (value: string) => string | undefined;

/** Asks until the answer passes `check`; the real prompter shows the problem inline. */
async function askValid(ctx: Context, message: string, check: Check, fallback?: string): Promise<string> {
  for (;;) {
    const answer = (
      await ctx.prompter.input(message, {
        ...(fallback ? { default: fallback } : {}),
        validate: (v) => check(v.trim()) ?? true,
      })
    ).trim();
    const problem = check(answer);
    if (!problem) return answer;
    ctx.log.warn(problem);
  }
}

/** A profile name; an existing one only when the person agrees to replace it (or --force). */
export async function askProfileName(ctx: Context, store: ProfileStore, force: boolean): Promise<string> {
  for (;;) {
    const name = await askValid(ctx, 'Profile name:', newProfileNameProblem, DEFAULT_PROFILE_NAME);
    if (force || !store.get(name)) return name;
    if (await ctx.prompter.confirm(`A profile "${name}" exists. Replace it?`, { default: false })) return name;
  }
}

const CUSTOM = 'custom';

/** `production`, `sandbox` or a URL, as stored in a profile. */
export async function askBaseUrl(ctx: Context): Promise<string> {
  const choices: Array<Choice<EnvironmentName | typeof CUSTOM>> = [
    environmentChoice(ctx, 'production'),
    environmentChoice(ctx, 'sandbox'),
    {
      value: CUSTOM,
      name: 'another URL',
      description: 'an http(s) address, e.g. a local emulator (`fiscal emulator`)',
    },
  ];
  const picked = await ctx.prompter.select('Environment:', choices, { default: 'production' });
  if (picked !== CUSTOM) return picked;
  return askValid(ctx, 'Base URL:', baseUrlProblem);
}

function environmentChoice(ctx: Context, name: EnvironmentName): Choice<EnvironmentName> {
  const { url, from } = environmentAddress(name, ctx.env);
  return {
    value: name,
    name,
    description: from ? `${url} (from ${from})` : `${url} (set ${ENVIRONMENTS[name]} to use another address)`,
  };
}

export function askApiId(ctx: Context, previous?: string): Promise<string> {
  return askValid(ctx, 'API id:', apiIdProblem, previous);
}

/** Whether the new profile becomes the default; not asked when there is no other to keep. */
export async function askMakeDefault(ctx: Context, store: ProfileStore, name: string): Promise<boolean> {
  const current = store.defaultProfile();
  if (current === undefined || current === name) return true;
  return ctx.prompter.confirm(`Make "${name}" the default profile (instead of "${current}")?`, { default: false });
}
