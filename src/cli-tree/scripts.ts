// One entry point for the four completion generators.
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { powershellScript } from './powershell.js';
import type { CommandSpec } from './spec.js';
import { zshScript } from './zsh.js';

export type Shell = 'bash' | 'zsh' | 'fish' | 'powershell';

const GENERATORS: Record<Shell, (root: CommandSpec) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
};

/** The checked-in file of each shell's script, under completions/. */
export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'fiscal.bash',
  zsh: '_fiscal',
  fish: 'fiscal.fish',
  powershell: 'fiscal.ps1',
};

export function completionScript(shell: Shell, root: CommandSpec): string {
  return GENERATORS[shell](root);
}
