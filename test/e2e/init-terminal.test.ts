// `fiscal init` as a person runs it: the built CLI under a pseudo-terminal (util-linux `script`),
// driven by keystrokes written when each prompt shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { hostTool } from '../helpers/host-tools.js';
import { tempDir } from '../helpers/tree.js';

const hasScript = (): boolean =>
  hostTool('script', ['--version'], 'the tests that drive a pseudo-terminal', 'bsdutils');

const ENTER = '\r';
const DOWN = '\x1b[B';
const WRONG_KEY = 'sk_wrong_0000000000000000';
/** Generous: the machine may be busy, and a prompt that never shows fails the test anyway. */
const PROMPT_WAIT_MS = 30_000;

/** The CLI on a pseudo-terminal: `expect(text)` waits for new output, `type(keys)` sends keystrokes. */
function terminalSession(args: string[], env: Record<string, string>) {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = execa('script', ['-qfec', `stty cols 200 2>/dev/null; ${quoted}`, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', ...env },
    extendEnv: false,
    reject: false,
    stdin: 'pipe',
  });
  let output = '';
  let seen = 0;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const waiters = new Set<() => void>();
  child.stdout!.on('data', () => waiters.forEach((w) => w()));

  async function expectOutput(text: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const at = output.indexOf(text, seen);
        if (at < 0) return;
        seen = at + text.length;
        cleanup();
        resolve();
      };
      const timer = setTimeout(
        () => (cleanup(), reject(new Error(`"${text}" never showed; output so far:\n${output}`))),
        PROMPT_WAIT_MS,
      );
      const cleanup = () => (clearTimeout(timer), waiters.delete(check));
      waiters.add(check);
      check();
    });
  }
  return {
    expect: expectOutput,
    type: (keys: string) => void child.stdin!.write(keys),
    async finish() {
      child.stdin!.end();
      const r = await child;
      return { exitCode: r.exitCode, output };
    },
  };
}

describe.skipIf(!hasScript())('fiscal init on a real terminal (skipped: util-linux `script` is not installed)', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ docs: 5 });
  });
  afterAll(() => emu.close());

  it('R2: walks through the questions, takes the key again after a refusal, saves the profile and never shows the key', async () => {
    const { apiId, apiKey } = emu.accounts[0]!;
    const configDir = tempDir('fiscal-config-');
    const term = terminalSession(['init'], { FISCAL_CONFIG_DIR: configDir });

    await term.expect('Profile name:');
    term.type(`work${ENTER}`);
    await term.expect('Environment:');
    // The documented production address is offered, though FISCAL_PRODUCTION_URL is unset.
    await term.expect('https://api.arquivei.com.br');
    term.type(`${DOWN}${DOWN}${ENTER}`);
    await term.expect('Base URL:');
    term.type(`${emu.url}${ENTER}`);
    await term.expect('API id:');
    term.type(`${apiId}${ENTER}`);
    await term.expect('API key:');
    term.type(`${WRONG_KEY}${ENTER}`);
    await term.expect('the server refused this API id and key (401)');
    await term.expect('Type the API id and key again?');
    term.type(ENTER);
    await term.expect('API id:');
    term.type(ENTER); // the id typed before is the default
    await term.expect('API key:');
    term.type(`${apiKey}${ENTER}`);
    await term.expect('Next, try:');

    const { exitCode, output } = await term.finish();
    expect(exitCode).toBe(0);
    expect(output).toContain('The credentials work with');
    expect(output).not.toContain(apiKey);
    expect(output).not.toContain(WRONG_KEY);
    const saved = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as unknown;
    expect(saved).toEqual({ profiles: { work: { baseUrl: emu.url, apiId, apiKey } }, defaultProfile: 'work' });
  });
});
