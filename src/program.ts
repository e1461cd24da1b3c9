// The command tree. Only commander metadata lives here: each verb's module (zod, HTTP, XML...)
// is imported when that verb runs, so `--help` and `--version` stay fast.
import { Command, Option } from 'commander';
import type { NodeContext } from './runtime.js';
import type { GlobalOptions, OutputFormat } from './context.js';
import { EXIT_CODE_HELP, UsageError } from './errors.js';
import { emulator } from './commands/emulator/index.js';
import { eventBatch, events } from './commands/events/index.js';
import { api } from './commands/api/index.js';
import { init } from './commands/init/index.js';
import { inspect } from './commands/inspect/index.js';
import { manifest } from './commands/manifest/index.js';
import { pdf } from './commands/pdf/index.js';
import { profile } from './commands/profile/index.js';
import { pull } from './commands/pull/index.js';
import { search } from './commands/search/index.js';
import { flag } from './commands/flag/index.js';
import { props } from './commands/props/index.js';
import { labels } from './commands/labels/index.js';
import { upload } from './commands/upload/index.js';
import { ocr } from './commands/ocr/index.js';
import { invoices } from './commands/invoices/index.js';
import { utilities } from './commands/utilities/index.js';
import { latam } from './commands/latam/index.js';
import { complete, completion } from './commands/completion/index.js';
import { help, offerCommandNames, TOPIC_NAMES } from './commands/help/index.js';
import { suggest } from './cli-tree/hints.js';
import { companies } from './commands/companies/index.js';
import { report } from './commands/report/index.js';
import { catalog } from './commands/catalog/index.js';
import { query } from './commands/query/index.js';
import { register } from './commands/shared/define.js';
import { properties } from './commands/properties/index.js';
import { cnpj } from './commands/cnpj/index.js';
import { TYPE_XML_VERBS, xmlVerb } from './commands/xml/index.js';
import { eventsVerbOf } from './commands/events/flags.js';
import { typeGroups, verbsOfGroup } from './commands/shared/type-groups.js';
import { docType, hasEvents, type DocTypeName } from './fiscal/doc-types.js';
import { boletos } from './commands/boletos/index.js';
import { receipts } from './commands/receipts/index.js';
import { webhooks } from './commands/webhooks/index.js';

const OUTPUTS: OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'xlsx'];
/** The locales of src/output/locale.ts, spelled here so that --help loads nothing more. */
const LOCALES = ['en', 'pt-BR'] as const;

/** The type groups (`fiscal mdfe search` is `fiscal search mdfe`): the registry says which types. */
export const TYPE_GROUPS = typeGroups([
  verbsOfGroup(search),
  { verb: 'xml', word: () => 'XML', of: (t: DocTypeName) => TYPE_XML_VERBS[t as keyof typeof TYPE_XML_VERBS] },
  verbsOfGroup(pdf, (t) => docType(t).pdf!),
  { verb: 'events', of: (t: DocTypeName) => (hasEvents(t) ? eventsVerbOf(t) : undefined) },
]);

export function createProgram(ctx: NodeContext): Command {
  const program = new Command('fiscal')
    .description('search, pull and manage Brazilian fiscal documents (NF-e, NFS-e, CT-e, NFC-e, MDF-e)')
    .version(ctx.version, '-V, --version')
    .addOption(
      suggest(
        new Option('--profile <name>', 'profile to use (env FISCAL_PROFILE); "emulator" runs a local emulator'),
        'profiles',
      ),
    )
    .addOption(
      suggest(new Option('--base-url <url>', 'API base URL: production, sandbox or a URL (env FISCAL_BASE_URL)'), [
        'production',
        'sandbox',
      ]),
    )
    .addOption(
      new Option('-o, --output <format>', 'output format (default: table on a terminal, ndjson when piped)').choices(
        OUTPUTS,
      ),
    )
    .option('--verbose', 'trace HTTP requests on stderr (credentials redacted)', false)
    .option('--quiet', 'print only results and errors', false)
    .option('--no-input', 'never prompt; fail instead when input is missing')
    .option('--no-color', 'disable colors (also NO_COLOR)')
    .addOption(
      new Option(
        '--timeout <seconds>',
        'seconds without an answer (or a stall in it) before an attempt fails (default 30, from 0.001 to 432000); the whole answer gets 4 times that',
      ),
    )
    .addOption(
      new Option(
        '--locale <locale>',
        'money and dates in tables and CSV: en (default) or pt-BR (env FISCAL_LOCALE)',
      ).choices(LOCALES),
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
      outputError: (s, write) => write(commanderError(s)),
    })
    .addHelpText('after', exitCodeHelp())
    .addHelpText('after', ROOT_EXAMPLES);

  program.hook('preAction', (_root, action) => {
    ctx.setGlobals(parseGlobals(action.optsWithGlobals(), ctx.env));
  });

  register(program, ctx, search);
  register(program, ctx, pull);
  register(program, ctx, inspect);
  register(program, ctx, report);
  register(program, ctx, query);
  register(program, ctx, catalog);
  register(program, ctx, pdf);
  // `events` runs itself (`events nfe <key>`) and holds the `batch` group.
  register(register(program, ctx, events), ctx, eventBatch);
  register(program, ctx, manifest);
  register(program, ctx, api);
  register(program, ctx, upload);
  register(program, ctx, latam);
  register(program, ctx, profile);
  register(program, ctx, init);
  register(program, ctx, emulator);
  register(program, ctx, flag);
  register(program, ctx, props);
  register(program, ctx, labels);
  register(program, ctx, ocr);
  register(program, ctx, invoices);
  register(program, ctx, utilities);
  register(program, ctx, companies);
  register(program, ctx, properties);
  register(program, ctx, cnpj);
  register(program, ctx, xmlVerb);
  for (const group of TYPE_GROUPS) register(program, ctx, group);
  register(program, ctx, boletos);
  register(program, ctx, receipts);
  register(program, ctx, webhooks);
  // Last: completion and help read the finished command tree.
  register(program, ctx, completion);
  register(program, ctx, complete);
  offerCommandNames(register(program, ctx, help));
  // Subcommands inherit the root's output handling and error behaviour.
  for (const cmd of allCommands(program)) {
    cmd.exitOverride().configureOutput(program.configureOutput()).showHelpAfterError('(run with --help for usage)');
  }
  return program;
}

/**
 * commander's error as fiscal words one. An "option" with a space or line break in it is an
 * argument that starts with `-` (a SQL statement opening with a `-- comment`): it goes after `--`.
 */
function commanderError(message: string): string {
  const text = message.replace(/^error: /, 'fiscal: ');
  if (!/^fiscal: unknown option '-[^']*\s/.test(text)) return text;
  return `${text.trimEnd()}\n  an argument that starts with - goes after the flags and --, as in: fiscal query --dir . -- "<SQL>"\n`;
}

function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}

const ROOT_EXAMPLES = `
Examples:
  $ fiscal --profile emulator search nfe --role received
  $ fiscal pull nfe --role received --dir ./fiscal-docs
  $ fiscal inspect ./fiscal-docs -o csv > documents.csv

More help: fiscal help <command> | ${TOPIC_NAMES.join(' | ')}
`;

function exitCodeHelp(): string {
  const lines = EXIT_CODE_HELP.map(([code, what]) => `  ${String(code).padEnd(4)}${what}`);
  return `\nExit codes:\n${lines.join('\n')}\n`;
}

/**
 * Designed here: --timeout from 1 ms to 5 days. The whole answer gets 4 times it, and Node's timers
 * hold at most 2^31-1 ms (24.8 days): a larger value became a 1 ms timer, every attempt failed and
 * the run ended "safe to retry later"; under 1 ms, undici took it as 0 and refused it alike.
 */
const TIMEOUT_MAX_SECONDS = 5 * 86_400;

function parseTimeout(text: string): number {
  // Decimal seconds only: Number() would take 1e9 and 0x10 as well.
  const seconds = /^(\d+(\.\d*)?|\.\d+)$/.test(text.trim()) ? Number(text) : NaN;
  const ms = Math.round(seconds * 1000);
  if (!(ms >= 1 && seconds <= TIMEOUT_MAX_SECONDS))
    throw new UsageError(`--timeout: expected seconds from 0.001 to ${TIMEOUT_MAX_SECONDS} (5 days), got "${text}"`);
  return ms;
}

function parseGlobals(raw: Record<string, unknown>, env: Readonly<Record<string, string | undefined>>): GlobalOptions {
  const timeoutMs = raw.timeout === undefined ? undefined : parseTimeout(String(raw.timeout));
  // An empty value is a mistake (an unset shell variable), not "no profile": said, not ignored.
  for (const [name, flag] of [
    ['profile', '--profile'],
    ['baseUrl', '--base-url'],
  ] as const) {
    if (raw[name] === '') throw new UsageError(`${flag} is empty: give a value, or leave the flag out`);
  }
  const noColorEnv = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const locale = (raw.locale as string | undefined) ?? (env.FISCAL_LOCALE || undefined);
  if (locale !== undefined && !(LOCALES as readonly string[]).includes(locale)) {
    throw new UsageError(`FISCAL_LOCALE: "${locale}" is not one of ${LOCALES.join(', ')}`);
  }
  return {
    profile: raw.profile as string | undefined,
    baseUrl: raw.baseUrl as string | undefined,
    output: raw.output as OutputFormat | undefined,
    verbose: Boolean(raw.verbose),
    quiet: Boolean(raw.quiet),
    input: raw.input !== false,
    color: raw.color !== false && !noColorEnv,
    timeoutMs,
    locale: locale as GlobalOptions['locale'],
  };
}
