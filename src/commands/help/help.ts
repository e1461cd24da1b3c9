// `fiscal help [topic | command...]`.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { manPage } from '../../cli-tree/man.js';
import { commandSpec } from '../../cli-tree/spec.js';
import { TOPICS, findTopic, topicText } from '../../cli-tree/topics.js';
import { terminalWidth } from '../../output/writer.js';

export interface HelpOptions {
  words: string[];
  man: boolean;
}

export function parseOptions(raw: Record<string, unknown>, args: string[]): HelpOptions {
  return { words: args.flat(), man: raw.man === true };
}

export async function run(ctx: Context, opts: HelpOptions, root: Command): Promise<void> {
  if (opts.man) {
    ctx.io.stdout.write(manPage(commandSpec(root)));
    return;
  }
  const [first] = opts.words;
  const topic = first !== undefined && opts.words.length === 1 ? findTopic(first) : undefined;
  if (topic) {
    ctx.io.stdout.write(topicText(topic, Math.min(terminalWidth(ctx.env, ctx.io), 100)));
    return;
  }
  const command = opts.words.reduce<Command | undefined>((cmd, word) => cmd && findCommand(cmd, word), root);
  if (!command) {
    throw new UsageError(`help: no command or topic "${opts.words.join(' ')}"`, {
      details: [`topics: ${TOPICS.map((t) => t.name).join(', ')}`, `commands: ${root.commands.filter((c) => !hidden(c)).map((c) => c.name()).join(', ')}`],
    });
  }
  command.outputHelp();
  if (command === root) {
    const width = Math.max(...TOPICS.map((t) => t.name.length)) + 2;
    ctx.io.stdout.write(`\nHelp topics (fiscal help <topic>):\n${TOPICS.map((t) => `  ${t.name.padEnd(width)}${t.summary}`).join('\n')}\n`);
  }
}

function findCommand(parent: Command, word: string): Command | undefined {
  return parent.commands.find((c) => !hidden(c) && (c.name() === word || c.aliases().includes(word)));
}

/** commander keeps the hidden flag private; its Help class reads it the same way. */
function hidden(c: Command): boolean {
  return (c as unknown as { _hidden?: boolean })._hidden === true;
}
