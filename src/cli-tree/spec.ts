// The command tree as plain data: what the completion scripts, the man page and the help checks
// are generated from. Walks commander's visible commands and options, so hidden ones stay out.
import type { EventEmitter } from 'node:events';
import { Help, type Argument, type Command, type Option } from 'commander';
import { hintOf, type ValueHint } from './hints.js';

export interface OptionSpec {
  /** Long flag, e.g. `--role` (some options have only a short one). */
  long?: string;
  short?: string;
  description: string;
  /** `<value>` taken from the next word; `[value]` only in `--flag=value` form. */
  value: 'none' | 'required' | 'optional';
  /** The value's name, e.g. `roles` of `--role <roles>`. */
  valueName?: string;
  values?: ValueHint;
}

export interface ArgumentSpec {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  values?: ValueHint;
}

export interface CommandSpec {
  name: string;
  /** Words from the root, e.g. ['search', 'nfe']; [] for the root. */
  path: string[];
  aliases: string[];
  description: string;
  usage: string;
  options: OptionSpec[];
  arguments: ArgumentSpec[];
  commands: CommandSpec[];
  /** The text shown after the option list of --help (examples, notes), or ''. */
  helpAfter: string;
}

const help = new Help();

export function commandSpec(cmd: Command, path: string[] = []): CommandSpec {
  return {
    name: cmd.name(),
    path,
    aliases: cmd.aliases(),
    description: cmd.description(),
    usage: cmd.usage(),
    options: help.visibleOptions(cmd).map(optionSpec),
    arguments: cmd.registeredArguments.map(argumentSpec),
    commands: help.visibleCommands(cmd).map((c) => commandSpec(c, [...path, c.name()])),
    helpAfter: helpAfter(cmd),
  };
}

/** What addHelpText('after', ...) added: commander keeps it only as 'afterHelp' listeners. */
function helpAfter(cmd: Command): string {
  let text = '';
  (cmd as unknown as EventEmitter).emit('afterHelp', {
    error: false,
    command: cmd,
    write: (s: string) => void (text += s),
  });
  return text.trim();
}

function optionSpec(o: Option): OptionSpec {
  const valueName = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1];
  const values = hintOf(o);
  return {
    ...(o.long ? { long: o.long } : {}),
    ...(o.short ? { short: o.short } : {}),
    // With the default and choices, as --help shows them.
    description: help.optionDescription(o),
    value: o.required ? 'required' : o.optional ? 'optional' : 'none',
    ...(valueName ? { valueName } : {}),
    ...(values ? { values } : {}),
  };
}

function argumentSpec(a: Argument): ArgumentSpec {
  const values = hintOf(a);
  return {
    name: a.name(),
    description: a.description,
    required: a.required,
    variadic: a.variadic,
    ...(values ? { values } : {}),
  };
}

/** Every command of the tree, depth first, the root first. */
export function allSpecs(root: CommandSpec): CommandSpec[] {
  return [root, ...root.commands.flatMap(allSpecs)];
}

/** The flags an option answers to, long first. */
export function flagsOf(o: OptionSpec): string[] {
  return [o.long, o.short].filter((f): f is string => f !== undefined);
}
