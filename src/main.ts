// main(argv) -> exit code. The one place where errors become exit codes and messages.
import { createNodeContext, type ContextOverrides } from './runtime.js';
import { ApiError, ExitCode, FiscalError, InterruptedError, exitCodeOf } from './errors.js';
import type { Context } from './context.js';
import { localFileError } from './local-files.js';
import { noteCommandStart } from './machine-load.js';

/** commander's own errors (help shown, unknown option...) carry a `commander.*` code. */
function isCommanderError(error: unknown): error is Error & { exitCode: number } {
  const e = error as { code?: unknown; exitCode?: unknown } | null;
  return typeof e?.code === 'string' && e.code.startsWith('commander.') && typeof e.exitCode === 'number';
}

export async function main(argv: string[], overrides: ContextOverrides = {}): Promise<number> {
  // Whether a command has an idle core for a second thread is measured from here (machine-load.ts).
  noteCommandStart();
  const ctx = createNodeContext(argv, overrides);
  // Scripts call `fiscal --version` to probe for the tool: answer before loading anything.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    ctx.io.stdout.write(`${ctx.version}\n`);
    return ExitCode.ok;
  }
  try {
    const { createProgram } = await import('./program.js');
    await createProgram(ctx).parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    // A file-system refusal no command wrapped (the profile store, ...) is still not a bug.
    return report(ctx, localFileError(error) ?? error);
  } finally {
    await ctx.runDeferred();
  }
}

function report(ctx: Context, error: unknown): number {
  if (isCommanderError(error)) {
    // Help and --version are thrown by commander as "errors" with exit code 0.
    if (error.exitCode === 0) return ExitCode.ok;
    return ExitCode.usage;
  }
  const code = ctx.signal.aborted && !(error instanceof FiscalError) ? ExitCode.interrupted : exitCodeOf(error);
  const err = ctx.io.stderr;
  if (error instanceof InterruptedError || code === ExitCode.interrupted) {
    err.write(`fiscal: interrupted${error instanceof InterruptedError && error.message ? `: ${error.message}` : ''}\n`);
    return ExitCode.interrupted;
  }
  if (error instanceof FiscalError) {
    err.write(`fiscal: ${error.message}\n`);
    if (error instanceof ApiError && error.fields) {
      // The message says the fields already unless it was clipped (errors-map.ts readServerError).
      for (const [field, problems] of Object.entries(error.fields))
        if (!error.message.includes(`${field}: ${problems.join(', ')}`))
          err.write(`  ${field}: ${problems.join('; ')}\n`);
    }
    for (const line of error.details) err.write(`  ${line}\n`);
    if (ctx.globals.verbose && error.cause)
      err.write(`  cause: ${String((error.cause as Error).stack ?? error.cause)}\n`);
    return code;
  }
  const e = error as Error;
  err.write(`fiscal: unexpected error: ${e?.message ?? String(error)}\n`);
  if (ctx.globals.verbose && e?.stack) err.write(`${e.stack}\n`);
  else err.write('  run again with --verbose for details, and please report it\n');
  return code;
}
