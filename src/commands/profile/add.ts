// `fiscal profile add <name>`: store an API id, key and base URL under a name.
//
// The key never travels as a command-line argument (visible in `ps` and shell history): it comes
// from standard input with --api-key-stdin, or from a hidden prompt on a terminal.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseWith } from '../options.js';
import { apiIdProblem, promptKey, readKeyFromStdin, refuseStdinKeyOnTerminal, saveProfile } from './credentials.js';
import { credentialFlags } from './credential-flags.js';
import { checkNewProfileName } from './shared.js';

const Schema = z.object(credentialFlags);

/** Without a name, `run` walks a person at a terminal through `fiscal init`. */
export type AddOptions = z.infer<typeof Schema> & { name?: string };

export function parseOptions(raw: Record<string, unknown>, args: string[]): AddOptions {
  if (raw.apiKey !== undefined) {
    throw new UsageError('--api-key is not accepted: command-line arguments show up in `ps` and shell history', {
      details: ['pipe the key instead: `printf %s "$KEY" | fiscal profile add <name> --api-key-stdin`', 'or omit it on a terminal to be prompted'],
    });
  }
  const options = parseWith(Schema, raw);
  // Without a name the walkthrough asks for the environment, so no default is filled in then.
  return args[0] === undefined ? options : { name: checkNewProfileName(args[0]), ...options, baseUrl: options.baseUrl ?? 'production' };
}

export async function run(ctx: Context, opts: AddOptions): Promise<void> {
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

  const becameDefault = saveProfile(store, opts.name, { baseUrl: opts.baseUrl ?? 'production', apiId, apiKey });
  ctx.log.info(`Saved profile "${opts.name}" in ${store.path}${becameDefault ? ' (now the default profile)' : ''}`);
}

async function walkThrough(ctx: Context, opts: AddOptions, interactive: boolean): Promise<void> {
  if (!interactive) {
    throw new UsageError('a profile name is required when not prompting (no terminal, or --no-input)', {
      details: ['for example: `printf %s "$KEY" | fiscal profile add work --api-id <id> --api-key-stdin --base-url sandbox`'],
    });
  }
  const init = await import('../init/init.js');
  await init.run(ctx, { apiId: opts.apiId, apiKeyStdin: opts.apiKeyStdin, baseUrl: opts.baseUrl, skipCheck: false, force: opts.force });
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
