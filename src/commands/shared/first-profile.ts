// A new user's first profile: the body of `fiscal init`, and of `fiscal profile add` without a
// name on a terminal. On a terminal it asks for what the flags do not give, checks the credentials
// with one request (see first-profile-check.ts) and saves only what works, or what the person
// chose to keep. Without a terminal, or with --no-input, it never asks: missing flags are named in
// a usage error, and a refused check saves nothing.
import type { Context } from '../../context.js';
import type { Profile } from '../../config/profile.js';
import { FiscalError, UsageError } from '../../errors.js';
import { checkCredentials, describeInconclusive, type CheckOutcome } from './first-profile-check.js';
import { nextSteps } from './first-profile-next-steps.js';
import {
  DEFAULT_PROFILE_NAME,
  askApiId,
  askBaseUrl,
  askMakeDefault,
  askProfileName,
} from './first-profile-questions.js';
import { promptKey, readKeyFromStdin, refuseStdinKeyOnTerminal, saveProfile } from './profile-credentials.js';

interface FirstProfileOptions {
  name?: string | undefined;
  apiId?: string | undefined;
  apiKeyStdin: boolean;
  baseUrl?: string | undefined;
  /** One request checks the credentials before they are saved; false with --no-verify. */
  verify: boolean;
  force: boolean;
}

export async function firstProfile(ctx: Context, opts: FirstProfileOptions): Promise<void> {
  if (opts.apiKeyStdin) refuseStdinKeyOnTerminal(ctx);
  const interactive = ctx.io.stdinIsTTY && ctx.globals.input;
  const store = await ctx.config();
  // Checked before any question, so nobody types a secret only to be refused.
  if (opts.name !== undefined && store.get(opts.name) && !opts.force) {
    throw new UsageError(`profile "${opts.name}" already exists`, {
      details: ['add --force to replace it, or choose another --name'],
    });
  }
  if (!interactive) {
    const missing = missingFlags(opts);
    if (missing.length) throw missingFlagsError(ctx, opts, missing);
  }

  const name = opts.name ?? (interactive ? await askProfileName(ctx, store, opts.force) : DEFAULT_PROFILE_NAME);
  if (!interactive && store.get(name) && !opts.force) {
    throw new UsageError(`profile "${name}" already exists`, {
      details: ['add --force to replace it, or choose another --name'],
    });
  }
  const baseUrl = opts.baseUrl ?? (await askBaseUrl(ctx));
  const apiId = opts.apiId ?? (await askApiId(ctx));
  const apiKey = opts.apiKeyStdin ? await readKeyFromStdin(ctx) : await promptKey(ctx);
  let profile: Profile = { baseUrl, apiId, apiKey };
  if (opts.verify) profile = interactive ? await checkAtTerminal(ctx, profile) : await checkUnattended(ctx, profile);

  const makeDefault = interactive ? await askMakeDefault(ctx, store, name) : false;
  const isDefault = saveProfile(store, name, profile, makeDefault) || store.defaultProfile() === name;
  ctx.log.info(`Saved profile "${name}" in ${store.path}${isDefault ? ' (the default profile)' : ''}`);
  for (const line of ['', ...nextSteps(name, isDefault)]) ctx.log.info(line);
}

/** Checks until the credentials work, the person gives up (the error is thrown) or saves anyway. */
async function checkAtTerminal(ctx: Context, first: Profile): Promise<Profile> {
  let profile = first;
  for (;;) {
    const outcome = await checkCredentials(ctx, profile);
    if (outcome.kind === 'accepted') {
      ctx.log.info(`The credentials work with ${outcome.baseUrl}.`);
      return profile;
    }
    if (outcome.kind === 'refused') {
      ctx.log.warn(`the server refused this API id and key (${outcome.error.status}): ${refusalHint(outcome)}`);
      if (!(await ctx.prompter.confirm('Type the API id and key again?', { default: true })))
        throw nothingSaved(outcome.error, []);
      profile = { ...profile, apiId: await askApiId(ctx, profile.apiId), apiKey: await promptKey(ctx) };
      continue;
    }
    ctx.log.warn(`could not check the credentials: ${describeInconclusive(outcome.error)}`);
    for (const line of outcome.error.details) ctx.log.info(`  ${line}`);
    if (await ctx.prompter.confirm('Save the profile without checking?', { default: true })) return profile;
    throw nothingSaved(outcome.error, []);
  }
}

export async function checkUnattended(ctx: Context, profile: Profile): Promise<Profile> {
  const outcome = await checkCredentials(ctx, profile);
  if (outcome.kind === 'accepted') {
    ctx.log.info(`The credentials work with ${outcome.baseUrl}.`);
    return profile;
  }
  if (outcome.kind === 'refused') throw nothingSaved(outcome.error, [refusalHint(outcome)]);
  throw nothingSaved(outcome.error, ['pass --no-verify to save the profile without checking']);
}

function refusalHint(outcome: Extract<CheckOutcome, { kind: 'refused' }>): string {
  return outcome.error.status === 403
    ? 'the credentials were recognised but may not list documents; ask your provider for API access'
    : 'check the API id and key your provider gave you, and the environment they belong to';
}

function nothingSaved(error: FiscalError, hints: string[]): FiscalError {
  error.details = [...error.details, ...hints, 'nothing was saved'];
  return error;
}

interface MissingFlag {
  flag: string;
  what: string;
}

function missingFlags(opts: FirstProfileOptions): MissingFlag[] {
  const missing: MissingFlag[] = [];
  if (opts.baseUrl === undefined)
    missing.push({ flag: '--base-url <url>', what: 'production, sandbox or an http(s) URL' });
  if (opts.apiId === undefined) missing.push({ flag: '--api-id <id>', what: 'the API id' });
  if (!opts.apiKeyStdin) missing.push({ flag: '--api-key-stdin', what: 'and the API key piped to standard input' });
  return missing;
}

function missingFlagsError(ctx: Context, opts: FirstProfileOptions, missing: MissingFlag[]): UsageError {
  const why = ctx.globals.input ? 'standard input is not a terminal' : '--no-input is set';
  const width = Math.max(...missing.map((m) => m.flag.length));
  const example = [
    'printf %s "$FISCAL_API_KEY" | fiscal init',
    `--name ${opts.name ?? DEFAULT_PROFILE_NAME}`,
    `--base-url ${opts.baseUrl ?? 'sandbox'}`,
    `--api-id ${opts.apiId ?? '<id>'}`,
    '--api-key-stdin',
  ].join(' ');
  return new UsageError(
    `missing flags (init does not prompt: ${why}): ${missing.map((m) => m.flag.split(' ')[0]).join(', ')}`,
    {
      details: [
        ...missing.map((m) => `${m.flag.padEnd(width)}  ${m.what}`),
        `for example: ${example}`,
        `optional: --name <profile> (default "${DEFAULT_PROFILE_NAME}"), --no-verify, --force`,
      ],
    },
  );
}
