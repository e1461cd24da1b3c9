// Runs a declared verb's module in process, as its command would: parse the raw commander values
// and arguments (throwing at once, as the command would before running), then run.
import { Command } from 'commander';
import type { Context } from '../../src/context.js';
import type { VerbImpl } from '../../src/commands/shared/define.js';

type Verb = Pick<VerbImpl, 'run'> & {
  parse(raw: Record<string, unknown>, args: string[]): { options: unknown; args: string[] };
};

export function runVerb(
  verb: Verb,
  ctx: Context,
  raw: Record<string, unknown> = {},
  args: string[] = [],
  command = new Command(),
): Promise<void> {
  const parsed = verb.parse(raw, args);
  return verb.run(ctx, parsed.options, parsed.args, command);
}
