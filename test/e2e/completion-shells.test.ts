// The completion scripts in real shells: bash runs the completion function as readline would
// call it; zsh and fish (when installed) check the syntax of theirs.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../src/cli-tree/scripts.js';
import { BIN } from '../helpers/cli.js';
import { currentTree } from '../helpers/cli-tree.js';
import { hostTool } from '../helpers/host-tools.js';
import { tempDir } from '../helpers/tree.js';

const has = (shell: string) =>
  hostTool(shell, ['-c', 'exit 0'], `the syntax check of the ${shell} completion script`, shell);
const dir = tempDir('fiscal-completion-');

function scriptFile(shell: 'bash' | 'zsh' | 'fish', name: string): string {
  const file = join(dir, name);
  writeFileSync(file, completionScript(shell, currentTree()));
  return file;
}

/** What _fiscal offers for the words of a command line, the last being the word under the cursor. */
function bashComplete(words: string[], env: Record<string, string> = {}): string[] {
  const script = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _fiscal; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync(
    'bash',
    ['--norc', '--noprofile', '-c', script, 'bash', scriptFile('bash', 'fiscal.bash'), ...words],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir, ...env },
    },
  );
  return out.split('\n').filter(Boolean);
}

describe.skipIf(!has('bash'))('bash completion', () => {
  it('registers the completion function for fiscal', () => {
    const out = execFileSync(
      'bash',
      ['--norc', '--noprofile', '-c', 'source "$1" && complete -p fiscal', 'bash', scriptFile('bash', 'fiscal.bash')],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('complete -o default -F _fiscal fiscal');
  });

  it('completes a command name: fiscal pu -> pull, and only that', () => {
    expect(bashComplete(['fiscal', 'pu'])).toEqual(['pull']);
  });

  it('completes an enumerated flag value: fiscal pull nfe --role r -> received', () => {
    expect(bashComplete(['fiscal', 'pull', 'nfe', '--role', 'r'])).toEqual(['received']);
  });

  it('completes the item after the comma of a list flag, and --flag=value split at "="', () => {
    expect(bashComplete(['fiscal', 'pull', 'nfe', '--role', 'received,e'])).toEqual(['received,emitted']);
    expect(bashComplete(['fiscal', 'pull', 'cte', '--role', '=', 'n'])).toEqual(['not-taker']);
  });

  it('completes subcommands, flags of the command and global flags, and argument values', () => {
    expect(bashComplete(['fiscal', 'profile', ''])).toEqual(expect.arrayContaining(['add', 'list', 'ls', 'use']));
    expect(bashComplete(['fiscal', 'search', 'nfe', '--has-m'])).toEqual(['--has-manifestation']);
    expect(bashComplete(['fiscal', 'search', 'nfe', '--verb'])).toEqual(['--verbose']);
    expect(bashComplete(['fiscal', '--output', 'json', 'events', 'c'])).toEqual(['cte', 'cteos']);
    expect(bashComplete(['fiscal', 'help', 'exit'])).toEqual(['exit-codes']);
    // The commands help lists, not the hidden one the scripts call.
    expect(bashComplete(['fiscal', 'help', ''])).toEqual(expect.arrayContaining(['exit-codes', 'pull', 'completion']));
    expect(bashComplete(['fiscal', 'help', '_'])).toEqual([]);
    // After the first operand no subcommand is offered any more.
    expect(bashComplete(['fiscal', 'events', 'nfe', ''])).toEqual([]);
  });

  it('asks fiscal for the profile names at TAB time, and shows no key', () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'fiscal'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'fiscal'), 0o755);
    const config = join(dir, 'config');
    mkdirSync(config, { recursive: true });
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({
        profiles: {
          work: { baseUrl: 'sandbox', apiId: 'id1', apiKey: 'secret-key-1' },
          home: { baseUrl: 'production', apiId: 'id2', apiKey: 'secret-key-2' },
        },
      }),
    );
    const env = { PATH: `${bin}:${process.env.PATH}`, FISCAL_CONFIG_DIR: config };
    expect(bashComplete(['fiscal', '--profile', ''], env).sort()).toEqual(['emulator', 'home', 'work']);
    expect(bashComplete(['fiscal', 'profile', 'use', 'w'], env)).toEqual(['work']);
    const raw = execFileSync(process.execPath, [BIN, '__complete', 'profiles'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, FISCAL_CONFIG_DIR: config },
    });
    expect(raw).toBe('home\nwork\nemulator\n');
    expect(raw).not.toContain('secret');
  });
});

describe.skipIf(!has('zsh'))('zsh completion', () => {
  it('is valid zsh (zsh -n)', () => {
    const r = spawnSync('zsh', ['-n', scriptFile('zsh', '_fiscal')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe.skipIf(!has('fish'))('fish completion', () => {
  it('is valid fish (fish -n)', () => {
    const r = spawnSync('fish', ['-n', scriptFile('fish', 'fiscal.fish')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
