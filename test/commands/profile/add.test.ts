// `fiscal profile add`.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import addVerb from '../../../src/commands/profile/add.js';
import { createProgram } from '../../../src/program.js';
import { UsageError } from '../../../src/errors.js';
import type { Prompter } from '../../../src/context.js';
import { rejection } from '../../helpers/errors.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext, refusingPrompter, tempDir } from '../../helpers/context.js';
import { addProfile, KEY } from './profiles.js';
import { runInProcess } from '../../helpers/cli.js';
import { startEmulator } from '../../helpers/emulator.js';

describe('profile add', () => {
  it('reads the key from stdin, trims the line ending and makes the first profile the default', async () => {
    const t = createTestContext({ stdin: `${KEY}\r\n` });
    await runVerb(addVerb, t.ctx, { apiId: 'acme', apiKeyStdin: true, baseUrl: 'sandbox', verify: false }, ['work']);
    const store = await t.ctx.config();
    expect(store.get('work')).toEqual({ baseUrl: 'sandbox', apiId: 'acme', apiKey: KEY });
    expect(store.defaultProfile()).toBe('work');
    expect(t.stderr()).toContain('now the default');
    expect(t.stdout() + t.stderr()).not.toContain(KEY);
  });

  it('does not make later profiles the default', async () => {
    const t = createTestContext();
    await addProfile(t, 'first');
    await addProfile(t, 'second');
    expect((await t.ctx.config()).defaultProfile()).toBe('first');
  });

  it('writes the file 0600 in a 0700 directory', async () => {
    const t = createTestContext();
    await addProfile(t, 'work');
    const store = await t.ctx.config();
    expect(store.path).toBe(join(t.configDir, 'config.json'));
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(t.configDir).mode & 0o777).toBe(0o700);
  });

  it('tightens a file and directory that were made readable by others', async () => {
    const dir = join(tempDir(), 'cfg');
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(join(dir, 'config.json'), '{"profiles":{}}', { mode: 0o644 });
    const t = createTestContext({ env: { FISCAL_CONFIG_DIR: dir } });
    await addProfile(t, 'work');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('prompts for the id and a hidden key on a terminal', async () => {
    const asked: string[] = [];
    const prompter: Prompter = {
      ...refusingPrompter,
      input: async (m) => (asked.push(`input ${m}`), 'acme'),
      password: async (m) => (asked.push(`password ${m}`), KEY),
    };
    const t = createTestContext({ input: true, prompter });
    await runVerb(addVerb, t.ctx, { verify: false }, ['work']);
    expect(asked).toEqual(['input API id:', 'password API key:']);
    expect((await t.ctx.config()).get('work')?.apiKey).toBe(KEY);
  });

  it('refuses to prompt without a terminal and explains --api-key-stdin', async () => {
    const t = createTestContext({ input: false });
    const error = await rejection(runVerb(addVerb, t.ctx, { apiId: 'acme' }, ['work']), UsageError);
    expect([error.message, ...error.details].join('\n')).toContain('--api-key-stdin');
  });

  it('refuses to prompt with --no-input even on a terminal', async () => {
    const t = createTestContext({ stdinIsTTY: true, globals: { input: false } });
    await expect(runVerb(addVerb, t.ctx, {}, ['work'])).rejects.toThrow(/--api-id is required/);
  });

  it('rejects an empty stdin and a stdin holding more than one key', async () => {
    const empty = createTestContext({ stdin: '\n' });
    await expect(runVerb(addVerb, empty.ctx, { apiId: 'a', apiKeyStdin: true }, ['w'])).rejects.toThrow(/no API key/);
    const two = createTestContext({ stdin: 'one\ntwo\n' });
    await expect(runVerb(addVerb, two.ctx, { apiId: 'a', apiKeyStdin: true }, ['w'])).rejects.toThrow(/single key/);
  });

  it('never accepts the key as a flag value, and does not repeat it', () => {
    let error: unknown;
    try {
      addVerb.parse({ apiKey: KEY, apiId: 'acme' }, ['work']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    const { message, details } = error as UsageError;
    expect(message).toContain('--api-key is not accepted');
    expect([message, ...details].join('\n')).not.toContain(KEY);
  });

  it('reserves the name "emulator" and validates names', () => {
    expect(() => addVerb.parse({ apiId: 'a' }, ['emulator']).options).toThrow(/reserved/);
    expect(() => addVerb.parse({ apiId: 'a' }, ['Work']).options).toThrow(UsageError);
    expect(() => addVerb.parse({ apiId: 'a' }, ['-x']).options).toThrow(/invalid profile name/);
    expect(addVerb.parse({ apiId: 'a' }, ['ci_2-b']).args[0]).toBe('ci_2-b');
  });

  it('validates --base-url, naming the flag', () => {
    expect(() => addVerb.parse({ baseUrl: 'ftp://x.example' }, ['w']).options).toThrow(
      /^--base-url: expected an http\(s\) URL/,
    );
    expect(() => addVerb.parse({ baseUrl: 'staging' }, ['w']).options).toThrow(/--base-url/);
    expect(addVerb.parse({ baseUrl: 'https://api.example.com/' }, ['w']).options.baseUrl).toBe(
      'https://api.example.com/',
    );
  });

  it('needs --force to replace a profile, and asks for nothing before refusing', async () => {
    const t = createTestContext();
    await addProfile(t, 'work');
    await expect(addProfile(t, 'work', {}, 'other-key-0000000')).rejects.toThrow(/already exists/);
    await addProfile(t, 'work', { force: true }, 'other-key-0000000');
    expect((await t.ctx.config()).get('work')?.apiKey).toBe('other-key-0000000');
  });

  it('takes --base-url after the verb although the root command owns that flag', async () => {
    const t = createTestContext({ stdin: KEY });
    const program = createProgram(t.ctx);
    await program.parseAsync(
      ['profile', 'add', 'work', '--api-id', 'acme', '--api-key-stdin', '--base-url', 'sandbox', '--no-verify'],
      { from: 'user' },
    );
    expect((await t.ctx.config()).get('work')).toEqual({ baseUrl: 'sandbox', apiId: 'acme', apiKey: KEY });
  });

  it('checks the key with one request, as init does: a refused key saves nothing (exit 3), a good one is saved', async () => {
    const emu = await startEmulator({ docs: 5, otherDocs: 1, accounts: 1 });
    try {
      const acc = emu.accounts[0]!;
      const env = { FISCAL_CONFIG_DIR: tempDir() };
      const argv = ['profile', 'add', 'work', '--api-id', acc.apiId, '--base-url', emu.url, '--api-key-stdin'];
      const before = emu.stats().requests.total;
      const bad = await runInProcess(argv, { env, input: 'not-the-key-0000000' });
      expect(bad.exitCode).toBe(3);
      expect(bad.stderr).toContain('nothing was saved');
      expect(emu.stats().requests.total).toBe(before + 1);
      const good = await runInProcess(argv, { env, input: acc.apiKey });
      expect(good.exitCode, good.stderr).toBe(0);
      expect(good.stderr).toContain('The credentials work');
      const shown = await runInProcess(['profile', 'show', 'work', '-o', 'json'], { env });
      expect(shown.stdout).toContain(acc.apiId);
    } finally {
      await emu.close();
    }
  });

  it('--no-verify saves without the request; --skip-check, its old name, still does, hidden and warned about', async () => {
    const env = { FISCAL_CONFIG_DIR: tempDir() };
    // Nothing listens there: a request would end the run with exit 5.
    const argv = ['profile', 'add', 'work', '--api-id', 'acme', '--base-url', 'http://127.0.0.1:9', '--api-key-stdin'];
    const saved = await runInProcess([...argv, '--no-verify'], { env, input: KEY });
    expect(saved.exitCode, saved.stderr).toBe(0);
    expect(saved.stderr).toContain('Saved profile "work"');
    const old = await runInProcess([...argv, '--force', '--skip-check'], { env, input: KEY });
    expect(old.exitCode, old.stderr).toBe(0);
    expect(old.stderr).toMatch(/--skip-check is deprecated .*use --no-verify/);
    const help = await runInProcess(['profile', 'add', '--help'], { env });
    expect(help.stdout).toContain('--no-verify');
    expect(help.stdout).not.toContain('--skip-check');
    const init = await runInProcess(
      [
        'init',
        '--api-id',
        'acme',
        '--base-url',
        'http://127.0.0.1:9',
        '--api-key-stdin',
        '--name',
        'w2',
        '--no-verify',
      ],
      { env, input: KEY },
    );
    expect(init.exitCode, init.stderr).toBe(0);
  });
});
