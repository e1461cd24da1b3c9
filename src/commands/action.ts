// Glue between commander and a verb module: parse raw options with the verb's zod schema, then run.
import type { Command } from 'commander';
import type { Context } from '../context.js';

export interface VerbModule<O> {
  /** Turns commander's raw options and positional arguments into typed options; throws UsageError. */
  parseOptions(raw: Record<string, unknown>, args: string[]): O;
  run(ctx: Context, options: O): Promise<void>;
}

export function lazyAction<O>(ctx: Context, load: () => Promise<VerbModule<O>>) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    const verb = await load();
    await verb.run(ctx, verb.parseOptions(command.opts(), command.args));
  };
}
