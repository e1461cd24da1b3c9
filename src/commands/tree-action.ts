// Like lazyAction, for the verbs that describe the command tree itself (completion, help): they
// get the root command besides their options.
import type { Command } from 'commander';
import type { Context } from '../context.js';

export interface TreeVerbModule<O> {
  parseOptions(raw: Record<string, unknown>, args: string[]): O;
  run(ctx: Context, options: O, root: Command): Promise<void>;
}

export function treeAction<O>(ctx: Context, load: () => Promise<TreeVerbModule<O>>) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    let root = command;
    while (root.parent) root = root.parent;
    const verb = await load();
    await verb.run(ctx, verb.parseOptions(command.opts(), command.args), root);
  };
}
