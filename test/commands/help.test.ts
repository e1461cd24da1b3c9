// `fiscal help`: topics, the command list, and a command's own help, in process.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { EXIT_CODE_HELP } from '../../src/errors.js';
import { tempDir } from '../helpers/context.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _e: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

async function fiscal(...argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await main(argv, {
    io: { stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
    env: { FISCAL_CONFIG_DIR: tempDir('fiscal-config-'), NO_COLOR: '1' },
    signal: new AbortController().signal,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('fiscal help', () => {
  it('exit-codes prints every code from the one list in errors.ts', async () => {
    const r = await fiscal('help', 'exit-codes');
    expect(r.code).toBe(0);
    for (const [code, what] of EXIT_CODE_HELP) expect(r.stdout).toMatch(new RegExp(`^ {2}${code} +${what.slice(0, 20).replace(/[()/]/g, '\\$&')}`, 'm'));
  });

  it('environment, output and filters print their topic', async () => {
    expect((await fiscal('help', 'environment')).stdout).toMatch(/FISCAL_API_KEY[\s\S]*NO_COLOR/);
    expect((await fiscal('help', 'output')).stdout).toMatch(/ndjson +one JSON object per line/);
    expect((await fiscal('help', 'filters')).stdout).toMatch(/--where-missing NAME/);
  });

  it('with no topic lists the commands and the topics', async () => {
    const r = await fiscal('help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: fiscal/);
    expect(r.stdout).toMatch(/^ {2}search /m);
    expect(r.stdout).toMatch(/^ {2}completion /m);
    expect(r.stdout).toMatch(/Help topics[^\n]*\n {2}exit-codes +/);
  });

  it('help <command...> shows that command\'s help, examples included, as --help does', async () => {
    const viaHelp = await fiscal('help', 'search', 'nfe');
    const viaFlag = await fiscal('search', 'nfe', '--help');
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: fiscal search nfe/);
    expect(viaHelp.stdout).toContain('Examples:');
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect((await fiscal('help', 'profile', 'ls')).stdout).toMatch(/^Usage: fiscal profile list/);
  });

  it('an unknown topic exits 2 naming the topics and commands', async () => {
    const r = await fiscal('help', 'nope');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no command or topic "nope"');
    expect(r.stderr).toContain('topics: exit-codes, environment, output, filters');
  });

  it('fiscal completion prints the script of the shell; another shell is a usage error', async () => {
    const r = await fiscal('completion', 'bash');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('complete -o default -F _fiscal fiscal');
    expect((await fiscal('completion', 'fish')).stdout).toContain('complete -c fiscal');
    const bad = await fiscal('completion', 'tcsh');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are bash, zsh, fish, powershell/);
  });
});
