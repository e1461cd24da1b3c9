// `fiscal completion <shell>`: commander metadata only; the generators load on use.
import { Argument, type Command } from 'commander';
import type { Context } from '../../context.js';
import { suggest } from '../../cli-tree/hints.js';
import { lazyAction } from '../action.js';
import { treeAction } from '../tree-action.js';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

const EXAMPLES = `
Examples:
  $ source <(fiscal completion bash)                               # this shell only
  $ fiscal completion bash > ~/.local/share/bash-completion/completions/fiscal
  $ fiscal completion zsh > "\${fpath[1]}/_fiscal"
  $ fiscal completion fish > ~/.config/fish/completions/fiscal.fish
  PS> fiscal completion powershell | Out-String | Invoke-Expression

The scripts are generated from the command tree and complete commands, options and their
enumerated values without starting fiscal; profile names are read at TAB time (names only).
The same scripts ship in completions/. See docs/completions.md.`;

export function registerCompletion(program: Command, ctx: Context): void {
  // The root's options are declared in program.ts; their values are known here.
  for (const option of program.options) {
    if (option.long === '--profile') suggest(option, 'profiles');
    if (option.long === '--base-url') suggest(option, ['production', 'sandbox']);
  }
  program
    .command('completion')
    .description('print the shell completion script for bash, zsh, fish or powershell')
    .addArgument(new Argument('<shell>', 'bash, zsh, fish or powershell').choices(SHELLS))
    .addHelpText('after', EXAMPLES)
    .action(treeAction(ctx, () => import('./completion.js')));
  // What the scripts ask at TAB time. Hidden: not a command for people.
  program
    .command('__complete', { hidden: true })
    .argument('<list>', 'profiles')
    .action(lazyAction(ctx, () => import('./dynamic.js')));
}
