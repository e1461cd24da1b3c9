// `fiscal help`: topics, the command list, and a command's own help, in process.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { EXIT_CODE_HELP } from '../../../src/errors.js';
import { runMain, tempDir } from '../../helpers/context.js';

const fiscal = (...argv: string[]) => runMain(argv, {});

/** A terminal `columns` wide. */
class Terminal extends Writable {
  text = '';
  constructor(readonly columns: number) {
    super();
  }
  override _write(chunk: Buffer | string, _e: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

async function onTerminal(columns: number, env: Record<string, string>, ...argv: string[]): Promise<string> {
  const stdout = new Terminal(columns);
  const code = await main(argv, {
    io: { stdout, stderr: new Terminal(columns), stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true },
    env: { FISCAL_CONFIG_DIR: tempDir('fiscal-config-'), NO_COLOR: '1', ...env },
    signal: new AbortController().signal,
  });
  expect(code).toBe(0);
  return stdout.text;
}

/** The longest line that could have been wrapped (a lone long word, such as a URL, cannot). */
const longest = (text: string) =>
  Math.max(
    ...text
      .split('\n')
      .filter((l) => /\S\s+\S/.test(l))
      .map((l) => l.length),
  );

describe('fiscal help', () => {
  it('exit-codes prints every code from the one list in errors.ts', async () => {
    const r = await fiscal('help', 'exit-codes');
    expect(r.code).toBe(0);
    for (const [code, what] of EXIT_CODE_HELP)
      expect(r.stdout).toMatch(new RegExp(`^ {2}${code} +${what.slice(0, 20).replace(/[()/]/g, '\\$&')}`, 'm'));
  });

  it('environment, output and filters print their topic', async () => {
    expect((await fiscal('help', 'environment')).stdout).toMatch(/FISCAL_API_KEY[\s\S]*NO_COLOR/);
    expect((await fiscal('help', 'output')).stdout).toMatch(/ndjson +one JSON object per line/);
    expect((await fiscal('help', 'filters')).stdout).toMatch(/--where-missing NAME/);
  });

  it('a topic fits the width the terminal reports, whatever COLUMNS says; piped, COLUMNS or 100', async () => {
    expect(longest(await onTerminal(60, { COLUMNS: '200' }, 'help', 'environment'))).toBeLessThanOrEqual(60);
    const piped = (await runMain(['help', 'environment'], { COLUMNS: '50' })).stdout;
    expect(longest(piped)).toBeLessThanOrEqual(50);
    expect(longest((await fiscal('help', 'environment')).stdout)).toBeGreaterThan(80);
  });

  it('the environment topic gives COLUMNS its true defaults: 80 on a terminal, 100 when piped', async () => {
    expect((await fiscal('help', 'environment')).stdout.replace(/\s+/g, ' ')).toContain(
      'default 80 on a terminal, 100 when piped',
    );
  });

  it('with no topic lists the commands and the topics', async () => {
    const r = await fiscal('help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: fiscal/);
    expect(r.stdout).toMatch(/^ {2}search /m);
    expect(r.stdout).toMatch(/^ {2}completion /m);
    expect(r.stdout).toMatch(/Help topics[^\n]*\n {2}exit-codes +/);
    expect(r.stdout).not.toContain('__complete');
  });

  it("help <command...> shows that command's help, examples included, as --help does", async () => {
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

  it('--man prints the man page in roff, with the commands and the topics', async () => {
    const r = await fiscal('help', '--man');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\.TH FISCAL 1/m);
    expect(r.stdout).toContain('webhooks');
    expect(r.stdout).toContain('FISCAL_API_KEY');
  });

  it('fiscal --help ends with the examples and where more help is', async () => {
    const r = await fiscal('--help');
    expect(r.stdout).toMatch(
      /Exit codes:[\s\S]*Examples:\n {2}\$ fiscal --profile emulator search nfe[\s\S]*More help: fiscal help <command> \| exit-codes \| environment \| output \| filters\n+$/,
    );
  });
});
