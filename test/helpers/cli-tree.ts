// The command tree of the current sources, as the completion scripts and the man page see it.
import { createProgram } from '../../src/program.js';
import { commandSpec, type CommandSpec } from '../../src/cli-tree/spec.js';
import { createTestContext } from './context.js';

export function currentTree(): CommandSpec {
  return commandSpec(createProgram(createTestContext().ctx));
}
