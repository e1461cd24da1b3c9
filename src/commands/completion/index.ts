// `fiscal completion <shell>`, and the hidden `fiscal __complete <list>` the scripts call at TAB
// time. Declarations only; the generators load on use.
import { defineVerb } from '../shared/define.js';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

export const completion = defineVerb({
  name: 'completion',
  summary: 'print the shell completion script for bash, zsh, fish or powershell',
  examples: [
    'fiscal completion bash > ~/.local/share/bash-completion/completions/fiscal',
    'fiscal completion zsh > "${fpath[1]}/_fiscal"',
    'fiscal completion fish > ~/.config/fish/completions/fiscal.fish',
    'fiscal completion powershell | Out-String | Invoke-Expression    # in PowerShell',
  ],
  notes: `For this shell only: source <(fiscal completion bash)

The scripts are generated from the command tree and complete commands, options and their
enumerated values without starting fiscal; profile names are read at TAB time (names only).
The same scripts ship in completions/. See docs/completion.md.`,
  args: [{ name: 'shell', summary: 'bash, zsh, fish or powershell', choices: SHELLS }],
  flags: {},
  load: () => import('./completion.js'),
});

/** What the scripts ask at TAB time. Hidden: not a command for people. */
export const complete = defineVerb({
  name: '__complete',
  hidden: true,
  summary: 'print the values the completion scripts offer at TAB time, one per line',
  examples: ['fiscal __complete profiles'],
  args: [{ name: 'list', summary: 'profiles' }],
  flags: {},
  load: () => import('./dynamic.js'),
});
