// What the shells offer at one command: its own options plus the root's, which commander accepts
// anywhere on the line.
import { flagsOf, type CommandSpec, type OptionSpec } from './spec.js';

export function optionsAt(s: CommandSpec, root: CommandSpec): OptionSpec[] {
  if (s === root) return root.options;
  const own = new Set(s.options.flatMap(flagsOf));
  return [...s.options, ...root.options.filter((o) => !flagsOf(o).some((f) => own.has(f)))];
}

/** Command names and aliases of a group, each with the path it leads to. */
export function subcommandWords(s: CommandSpec): Array<[word: string, target: CommandSpec]> {
  return s.commands.flatMap((c) => [c.name, ...c.aliases].map((w) => [w, c] as [string, CommandSpec]));
}
