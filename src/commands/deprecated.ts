// Old spellings of renamed flags. Hidden from --help, completion and the man page, still accepted
// so scripts keep working, each use warned about in one line on stderr. Only commander here: this
// module is loaded for --help.
import { type Command, type Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

export interface DeprecatedFlag {
  /** The old flag, as it parsed before (same value and parser). */
  option: Option;
  /** What to write instead, shown in the warning: `--dir`, `--role taker`. */
  use: string;
  /** The options key of the flag that replaces it: the value moves there. None: the verb still reads the old key. */
  moveTo?: string;
}

/** Accepts the old flags on `cmd`, hidden, warning and moving each value to its new flag. */
export function addDeprecatedFlags(cmd: Command, ctx: Context, flags: readonly DeprecatedFlag[]): Command {
  for (const d of flags) cmd.addOption(d.option.hideHelp());
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const values = cmd.opts();
    for (const d of flags) {
      const key = d.option.attributeName();
      if (values[key] === undefined) continue;
      const old = d.option.long!;
      ctx.log.warn(`${old} is deprecated and will be removed; use ${d.use}`);
      if (d.moveTo === undefined) continue;
      if (cmd.getOptionValueSource(d.moveTo) === 'cli')
        throw new UsageError(`use either ${d.use} or ${old} (its old name)`);
      cmd.setOptionValueWithSource(d.moveTo, values[key], 'cli');
      delete values[key];
    }
  });
  return cmd;
}
