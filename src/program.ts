// The command tree. Only commander metadata lives here: each verb's module (zod, HTTP, XML...)
// is imported when that verb runs, so `--help` and `--version` stay fast.
import { Command, Option } from 'commander';
import type { NodeContext } from './runtime.js';
import type { GlobalOptions, OutputFormat } from './context.js';
import { EXIT_CODE_HELP, UsageError } from './errors.js';
import { registerEmulator } from './commands/emulator/index.js';
import { registerEvents } from './commands/events/index.js';
import { registerApi } from './commands/api/index.js';
import { registerInit } from './commands/init/index.js';
import { registerInspect } from './commands/inspect/index.js';
import { registerManifest } from './commands/manifest/index.js';
import { registerPdf } from './commands/pdf/index.js';
import { registerProfile } from './commands/profile/index.js';
import { pull } from './commands/pull/index.js';
import { search } from './commands/search/index.js';
import { registerFlag } from './commands/flag/index.js';
import { registerProps } from './commands/props/index.js';
import { registerLabels } from './commands/labels/index.js';
import { registerUpload } from './commands/upload/index.js';
import { registerOcr } from './commands/ocr/index.js';
import { registerLatam } from './commands/latam/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerHelp } from './commands/help/index.js';
import { companies } from './commands/companies/index.js';
import { register } from './commands/shared/define.js';
import { registerProperties } from './commands/properties/index.js';
import { registerCnpj } from './commands/cnpj/index.js';
import { xmlVerb } from './commands/xml/index.js';
import { registerNfce } from './commands/nfce/index.js';
import { registerMdfe } from './commands/mdfe/index.js';
import { registerBoletos } from './commands/boletos/index.js';
import { registerReceipts } from './commands/receipts/index.js';
import { registerWebhooks } from './commands/webhooks/index.js';

const OUTPUTS: OutputFormat[] = ['table', 'json', 'ndjson', 'csv'];

export function createProgram(ctx: NodeContext): Command {
  const program = new Command('fiscal')
    .description('search, pull and manage Brazilian fiscal documents (NF-e, NFS-e, CT-e, NFC-e, MDF-e)')
    .version(ctx.version, '-V, --version')
    .addOption(new Option('--profile <name>', 'profile to use (env FISCAL_PROFILE); "emulator" runs a local emulator'))
    .addOption(new Option('--base-url <url>', 'API base URL: production, sandbox or a URL (env FISCAL_BASE_URL)'))
    .addOption(new Option('-o, --output <format>', 'output format (default: table on a terminal, ndjson when piped)').choices(OUTPUTS))
    .option('--verbose', 'trace HTTP requests on stderr (credentials redacted)', false)
    .option('--quiet', 'print only results and errors', false)
    .option('--no-input', 'never prompt; fail instead when input is missing')
    .option('--no-color', 'disable colors (also NO_COLOR)')
    .addOption(new Option('--timeout <seconds>', 'per-request timeout in seconds (default 30)'))
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
      outputError: (s, write) => write(s.replace(/^error: /, 'fiscal: ')),
    })
    .addHelpText('after', exitCodeHelp());

  program.hook('preAction', (_root, action) => {
    ctx.setGlobals(parseGlobals(action.optsWithGlobals(), ctx.env));
  });

  register(program, ctx, search);
  register(program, ctx, pull);
  registerInspect(program, ctx);
  registerPdf(program, ctx);
  registerEvents(program, ctx);
  registerManifest(program, ctx);
  registerApi(program, ctx);
  registerUpload(program, ctx);
  registerLatam(program, ctx);
  registerProfile(program, ctx);
  registerInit(program, ctx);
  registerEmulator(program, ctx);
  registerFlag(program, ctx);
  registerProps(program, ctx);
  registerLabels(program, ctx);
  registerOcr(program, ctx);
  register(program, ctx, companies);
  registerProperties(program, ctx);
  registerCnpj(program, ctx);
  register(program, ctx, xmlVerb);
  registerNfce(program, ctx);
  registerMdfe(program, ctx);
  registerBoletos(program, ctx);
  registerReceipts(program, ctx);
  registerWebhooks(program, ctx);
  // Last: completion and help read the finished command tree.
  registerCompletion(program, ctx);
  registerHelp(program, ctx);
  // Subcommands inherit the root's output handling and error behaviour.
  for (const cmd of allCommands(program)) {
    cmd.exitOverride().configureOutput(program.configureOutput()).showHelpAfterError('(run with --help for usage)');
  }
  return program;
}

function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}

function exitCodeHelp(): string {
  const lines = EXIT_CODE_HELP.map(([code, what]) => `  ${String(code).padEnd(4)}${what}`);
  return `\nExit codes:\n${lines.join('\n')}\n`;
}

export function parseGlobals(raw: Record<string, unknown>, env: Readonly<Record<string, string | undefined>>): GlobalOptions {
  let timeoutSeconds: number | undefined;
  if (raw.timeout !== undefined) {
    timeoutSeconds = Number(raw.timeout);
    if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
      throw new UsageError(`--timeout: expected a positive number of seconds, got "${String(raw.timeout)}"`);
    }
  }
  const noColorEnv = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return {
    profile: raw.profile as string | undefined,
    baseUrl: raw.baseUrl as string | undefined,
    output: raw.output as OutputFormat | undefined,
    verbose: Boolean(raw.verbose),
    quiet: Boolean(raw.quiet),
    input: raw.input !== false,
    color: raw.color !== false && !noColorEnv,
    timeoutSeconds,
  };
}
