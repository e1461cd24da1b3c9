// `fiscal profile add <name>`: store an API id, key and base URL under a name.
//
// The key never travels as a command-line argument (visible in `ps` and shell history): it comes
// from standard input with --api-key-stdin, or from a hidden prompt on a terminal.
import { catalogTarget, redactUrl } from '../../catalog/postgres/target.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkUnattended, firstProfile } from '../shared/first-profile.js';
import {
  apiIdProblem,
  checkNewProfileName,
  CREDENTIAL_PARSERS,
  profileBaseUrl,
  promptKey,
  readKeyFromStdin,
  refuseKeyFlag,
  refuseStdinKeyOnTerminal,
  saveProfile,
} from '../shared/profile-credentials.js';
import { verb } from '../shared/verb.js';
import { addVerb } from './index.js';

interface AddOptions {
  /** Without a name, a person at a terminal is walked through `fiscal init`. */
  name?: string | undefined;
  apiId?: string | undefined;
  apiKeyStdin: boolean;
  baseUrl?: string | undefined;
  /** A shared catalog (docs/postgres.md): its URL, refused with a password (argv is public). */
  catalog?: string | undefined;
  force: boolean;
  /** One request checks the key before it is saved; false with --no-verify. */
  verify: boolean;
}

export default verb(addVerb, {
  parsers: CREDENTIAL_PARSERS,
  check(o, [name]) {
    refuseKeyFlag(o.apiKey, 'printf %s "$KEY" | fiscal profile add <name> --api-key-stdin');
    if (name !== undefined) checkNewProfileName(name);
    if (o.catalog !== undefined && !catalogTarget({ flag: o.catalog, env: {}, profile: undefined }))
      throw new UsageError(`--catalog: expected a postgres://user@host/database URL, got ${redactUrl(o.catalog)}`);
  },
  // --skip-check is --no-verify's old name.
  run: (ctx, o, [name]) =>
    add(ctx, { ...o, name, verify: o.verify && !o.skipCheck, baseUrl: profileBaseUrl(ctx, o.baseUrl) }),
});

async function add(ctx: Context, opts: AddOptions): Promise<void> {
  const interactive = ctx.io.stdinIsTTY && ctx.globals.input;
  if (opts.name === undefined) return walkThrough(ctx, opts, interactive);
  const store = await ctx.config();
  // Checked before asking for the key, so nobody types a secret only to be refused.
  if (store.get(opts.name) && !opts.force) {
    throw new UsageError(`profile "${opts.name}" already exists`, { details: ['add --force to replace it'] });
  }
  if (opts.apiKeyStdin) refuseStdinKeyOnTerminal(ctx);
  const apiId = opts.apiId ?? (await promptApiId(ctx, interactive));
  const apiKey = opts.apiKeyStdin ? await readKeyFromStdin(ctx) : await keyFromPrompt(ctx, interactive);

  // Without a name the walkthrough asks for the environment; with one, production is the default.
  let profile = {
    baseUrl: opts.baseUrl ?? 'production',
    apiId,
    apiKey,
    ...(opts.catalog !== undefined ? { catalog: opts.catalog } : {}),
  };
  // One request, as init makes: a typo in the id or key is said now, not at the first pull.
  if (opts.verify) profile = await checkUnattended(ctx, profile);
  const becameDefault = saveProfile(store, opts.name, profile);
  ctx.log.info(`Saved profile "${opts.name}" in ${store.path}${becameDefault ? ' (now the default profile)' : ''}`);
}

async function walkThrough(ctx: Context, opts: AddOptions, interactive: boolean): Promise<void> {
  if (!interactive) {
    throw new UsageError('a profile name is required when not prompting (no terminal, or --no-input)', {
      details: [
        'for example: `printf %s "$KEY" | fiscal profile add work --api-id <id> --api-key-stdin --base-url sandbox`',
      ],
    });
  }
  await firstProfile(ctx, {
    apiId: opts.apiId,
    apiKeyStdin: opts.apiKeyStdin,
    baseUrl: opts.baseUrl,
    verify: opts.verify,
    force: opts.force,
  });
}

async function promptApiId(ctx: Context, interactive: boolean): Promise<string> {
  if (!interactive) {
    throw new UsageError('--api-id is required when not prompting (no terminal, or --no-input)');
  }
  const id = (await ctx.prompter.input('API id:')).trim();
  if (apiIdProblem(id)) throw new UsageError('the API id must be non-empty and contain no spaces');
  return id;
}

async function keyFromPrompt(ctx: Context, interactive: boolean): Promise<string> {
  if (!interactive) {
    throw new UsageError('no API key given: standard input is not a terminal (or --no-input is set)', {
      details: ['pipe the key with --api-key-stdin: `printf %s "$KEY" | fiscal profile add <name> --api-key-stdin`'],
    });
  }
  return promptKey(ctx);
}
