// `fiscal completion <shell>`: prints the completion script generated from the command tree.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { completionScript } from '../../cli-tree/scripts.js';
import { commandSpec } from '../../cli-tree/spec.js';
import type { SHELLS } from './index.js';

export interface CompletionOptions {
  shell: (typeof SHELLS)[number];
}

/** commander has already checked the shell against the choices. */
export function parseOptions(_raw: Record<string, unknown>, args: string[]): CompletionOptions {
  return { shell: args[0] as CompletionOptions['shell'] };
}

export async function run(ctx: Context, opts: CompletionOptions, root: Command): Promise<void> {
  ctx.io.stdout.write(completionScript(opts.shell, commandSpec(root)));
}
