// `fiscal init`: commander metadata only; the walkthrough loads when it runs.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { takeRootBaseUrl } from '../profile/index.js';

const HELP = `
Examples:
  $ fiscal init                                   # on a terminal: asks for everything
  $ fiscal init --name work --base-url sandbox    # asks only for the API id and key
  $ printf %s "$FISCAL_API_KEY" | fiscal init --name ci --base-url production --api-id acme --api-key-stdin
  $ fiscal init --name local --base-url http://127.0.0.1:8080 --skip-check

On a terminal, what the flags do not give is asked for (the key at a hidden prompt). The
credentials are checked with one request before saving: a refused key can be typed again, and an
unreachable server leaves the choice to save anyway. Without a terminal, or with --no-input,
nothing is asked: the missing flags are named (exit 2) and refused credentials save nothing
(exit 3). The first profile becomes the default. See docs/init.md.`;

export function registerInit(program: Command, ctx: Context): void {
  const init = program
    .command('init')
    .description('set up a first profile: asks for the environment and credentials, checks them, saves them')
    .option('--name <profile>', 'profile name (default "default"): lowercase letters, digits, "_" and "-"')
    .option('--api-id <id>', 'API id')
    .option('--api-key-stdin', 'read the API key from standard input (never from the command line)')
    .option('--base-url <url>', 'production, sandbox or an http(s) URL')
    .option('--skip-check', 'save without checking the credentials against the server')
    .option('--force', 'replace an existing profile of that name')
    // Declared only to answer with an explanation instead of "unknown option".
    .addOption(new Option('--api-key <key>').hideHelp())
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./init.js')));
  init.hook('preAction', takeRootBaseUrl);
}
