// `fiscal profile ...`: commander metadata only; each verb's module loads when it runs.
import { Argument, Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

const profileName = (name: string, description: string) => suggest(new Argument(name, description), 'profiles');

export function registerProfile(program: Command, ctx: Context): void {
  const profile = program
    .command('profile')
    .description('manage profiles: named API credentials and base URLs, stored in a private file')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ fiscal profile add work --api-id 1234\n' +
        '  $ fiscal profile use work\n' +
        '  $ fiscal --profile emulator search nfe --role received\n' +
        '\nA profile is used with --profile <name>, FISCAL_PROFILE, or as the default.\n' +
        'The built-in profile "emulator" runs a local emulator with demo credentials.\n' +
        'FISCAL_CONFIG_DIR overrides where profiles are stored.',
    );

  const add = profile
    .command('add')
    .argument('[name]', 'profile name: lowercase letters, digits, "_" and "-" (omitted on a terminal: the `fiscal init` walkthrough)')
    .description('add a profile (prompts for the API key on a terminal; the first profile becomes the default)')
    .option('--api-id <id>', 'API id (prompted for on a terminal when omitted)')
    .option('--api-key-stdin', 'read the API key from standard input (for scripts: `... | fiscal profile add ci --api-key-stdin`)')
    .addOption(suggest(new Option('--base-url <url>', 'production, sandbox or an http(s) URL (default: production)'), ['production', 'sandbox']))
    .option('--force', 'replace an existing profile of that name')
    // Declared only to answer with an explanation instead of "unknown option".
    .addOption(new Option('--api-key <key>').hideHelp())
    .addHelpText('after', `
Examples:
  $ fiscal profile add work                                   # prompts for the API id and key
  $ echo "$API_KEY" | fiscal profile add ci --api-id 1234 --api-key-stdin --base-url sandbox
  $ fiscal profile add local --api-id demo --base-url http://127.0.0.1:8080 --api-key-stdin < key.txt`)
    .action(lazyAction(ctx, () => import('./add.js')));
  add.hook('preAction', takeRootBaseUrl);

  profile
    .command('list')
    .alias('ls')
    .description('list profiles (never shows keys)')
    .addHelpText('after', '\nExamples:\n  $ fiscal profile list\n  $ fiscal profile ls -o json')
    .action(lazyAction(ctx, () => import('./list.js')));

  profile
    .command('show')
    .addArgument(profileName('[name]', 'profile name (default: the profile this run would use)'))
    .description('show a profile, with its API key masked')
    .addHelpText('after', '\nExamples:\n  $ fiscal profile show\n  $ fiscal profile show work -o json')
    .action(lazyAction(ctx, () => import('./show.js')));

  profile
    .command('current')
    .description('Show the server and credentials a run would use and where each comes from (key masked; sends nothing)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ fiscal profile current\n  $ fiscal --profile work profile current -o json\n' +
        '\nSources: flag (--profile, --base-url), env (FISCAL_PROFILE, FISCAL_BASE_URL, FISCAL_API_ID,\n' +
        'FISCAL_API_KEY), profile "<name>", default profile, default, built-in emulator. An explicit\n' +
        '--profile wins over the FISCAL_* credentials; --base-url wins over everything.',
    )
    .action(lazyAction(ctx, () => import('./current.js')));

  profile
    .command('use')
    .addArgument(profileName('<name>', 'profile name'))
    .description('make a profile the default')
    .addHelpText('after', '\nExamples:\n  $ fiscal profile use work\n  $ FISCAL_PROFILE=home fiscal search nfe     # one run only, without changing the default')
    .action(lazyAction(ctx, () => import('./use.js')));

  profile
    .command('remove')
    .alias('rm')
    .addArgument(profileName('<name>', 'profile name'))
    .description('remove a profile and its stored key')
    .addHelpText('after', '\nExamples:\n  $ fiscal profile remove old\n  $ fiscal profile rm ci')
    .action(lazyAction(ctx, () => import('./remove.js')));
}

/**
 * The root command owns --base-url (the target of a run) and consumes it wherever it appears; for
 * commands that create a profile it means the profile's URL, so copy it into their own options.
 */
export function takeRootBaseUrl(cmd: Command): void {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  const value: unknown = root.getOptionValue('baseUrl');
  if (value !== undefined) cmd.setOptionValue('baseUrl', value);
}
