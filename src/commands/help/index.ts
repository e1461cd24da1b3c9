// `fiscal help [topic | command...]`: replaces commander's help command, which knows only
// commands, so that topics (exit codes, environment, output, filters) have a place too.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { suggest } from '../../cli-tree/hints.js';
import { treeAction } from '../tree-action.js';

// Kept here, not read from the topic module, so that --help loads no topic text.
export const TOPIC_NAMES = ['exit-codes', 'environment', 'output', 'filters'] as const;

const EXAMPLES = `
Examples:
  $ fiscal help exit-codes
  $ fiscal help filters
  $ fiscal help search nfe          # the same as fiscal search nfe --help

Topics: ${TOPIC_NAMES.join(', ')}. The man page (man fiscal) has them all.`;

export function registerHelp(program: Command, ctx: Context): void {
  const help = program
    .command('help')
    .description(`show help for a command, or a topic: ${TOPIC_NAMES.join(', ')}`)
    .argument('[topic...]', 'a topic, or a command (e.g. search nfe)')
    // `npm run man` writes docs/fiscal.1 with it; not for people, so hidden.
    .addOption(new Option('--man', 'print the man page (roff)').hideHelp())
    .addHelpText('after', EXAMPLES)
    .action(treeAction(ctx, () => import('./help.js')));
  const topics = [...TOPIC_NAMES, ...program.commands.filter((c) => c !== help).map((c) => c.name())];
  suggest(help.registeredArguments[0]!, topics);
  program.addHelpText('after', `
Examples:
  $ fiscal --profile emulator search nfe --role received
  $ fiscal pull nfe --role received --dir ./fiscal-docs
  $ fiscal inspect ./fiscal-docs -o csv > documents.csv

More help: fiscal help <command> | ${TOPIC_NAMES.join(' | ')}
`);
}
