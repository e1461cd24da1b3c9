// Completion hints the command tree cannot carry itself. `.choices()` makes commander validate,
// which does not fit list flags (`--role received,emitted`) nor values the verb checks with its
// own messages; these hints only tell the completion scripts and the man page what to offer.
// Only commander types here: this module is loaded for --help.
import type { Argument, Option } from 'commander';

/** A value list the shell asks `fiscal` for at TAB time (never printed with secrets). */
export type DynamicValues = 'profiles';

export type ValueHint = readonly string[] | DynamicValues;

const hints = new WeakMap<Option | Argument, ValueHint>();

/** Offers these values (or the dynamic list) when completing the option's or argument's value. */
export function suggest<T extends Option | Argument>(target: T, values: ValueHint): T {
  hints.set(target, values);
  return target;
}

export function hintOf(target: Option | Argument): ValueHint | undefined {
  return hints.get(target) ?? target.argChoices;
}
