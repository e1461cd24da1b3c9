// `fiscal help [topic | command...]`: replaces commander's help command, which knows only
// commands, so that topics (exit codes, environment, output, filters) have a place too.
// Declarations only: --help loads no topic text.
import type { Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import { defineVerb } from '../shared/define.js';

// Kept here, not read from the topic module, so that --help loads no topic text.
export const TOPIC_NAMES = ['exit-codes', 'environment', 'output', 'filters'] as const;

export const help = defineVerb({
  name: 'help',
  summary: `show help for a command, or a topic: ${TOPIC_NAMES.join(', ')}`,
  examples: [
    'fiscal help exit-codes',
    'fiscal help filters',
    'fiscal help search nfe          # the same as fiscal search nfe --help',
  ],
  notes: `Topics: ${TOPIC_NAMES.join(', ')}. The man page (man fiscal) has them all.`,
  args: [
    {
      name: 'topic',
      summary: 'a topic, or a command (e.g. search nfe)',
      required: false,
      variadic: true,
      complete: TOPIC_NAMES,
    },
  ],
  flags: {
    // `npm run man` writes docs/fiscal.1 with it; not for people, so hidden.
    man: { type: 'switch', summary: 'print the man page (roff)', hidden: true },
  },
  load: () => import('./help.js'),
});

/** Completes `fiscal help <TAB>` with the commands besides the topics; call once the tree is built. */
export function offerCommandNames(helpCommand: Command): Command {
  const parent = helpCommand.parent;
  // The commands help lists: not the hidden ones (`__complete`, which the completion scripts call).
  const siblings = parent
    ? parent
        .createHelp()
        .visibleCommands(parent)
        .filter((c) => c !== helpCommand && c.name() !== 'help')
        .map((c) => c.name())
    : [];
  suggest(helpCommand.registeredArguments[0]!, [...TOPIC_NAMES, ...siblings]);
  return helpCommand;
}
