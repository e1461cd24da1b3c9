// `fiscal help [topic | command...]`.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { manPage } from '../../cli-tree/man.js';
import { commandSpec } from '../../cli-tree/spec.js';
import { TOPICS, findTopic, topicText } from '../../cli-tree/topics.js';
import { terminalWidth } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { rootOf } from '../shared/tree.js';
import { help } from './index.js';

export default verb(help, {
  async run(ctx, o, words, command) {
    const root = rootOf(command);
    if (o.man) {
      ctx.io.stdout.write(manPage(commandSpec(root)));
      return;
    }
    const [first] = words;
    const topic = first !== undefined && words.length === 1 ? findTopic(first) : undefined;
    if (topic) {
      ctx.io.stdout.write(topicText(topic, Math.min(terminalWidth(ctx.env, ctx.io), 100)));
      return;
    }
    const found = words.reduce<Command | undefined>((cmd, word) => cmd && findCommand(cmd, word), root);
    if (!found) {
      throw new UsageError(`help: no command or topic "${words.join(' ')}"`, {
        details: [
          `topics: ${TOPICS.map((t) => t.name).join(', ')}`,
          `commands: ${root.commands
            .filter((c) => !hidden(c))
            .map((c) => c.name())
            .join(', ')}`,
        ],
      });
    }
    found.outputHelp();
    if (found === root) {
      const width = Math.max(...TOPICS.map((t) => t.name.length)) + 2;
      ctx.io.stdout.write(
        `\nHelp topics (fiscal help <topic>):\n${TOPICS.map((t) => `  ${t.name.padEnd(width)}${t.summary}`).join('\n')}\n`,
      );
    }
  },
});

function findCommand(parent: Command, word: string): Command | undefined {
  return parent.commands.find((c) => !hidden(c) && (c.name() === word || c.aliases().includes(word)));
}

/** commander keeps the hidden flag private; its Help class reads it the same way. */
function hidden(c: Command): boolean {
  return (c as unknown as { _hidden?: boolean })._hidden === true;
}
