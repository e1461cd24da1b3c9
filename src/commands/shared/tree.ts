// For the verbs that describe the command tree itself (help, completion): the root of the tree a
// running verb belongs to, from the `command` its run() receives.
import type { Command } from 'commander';

export function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}
