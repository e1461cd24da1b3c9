import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import addVerb from '../../src/commands/profile/add.js';
import listVerb from '../../src/commands/profile/list.js';
import removeVerb from '../../src/commands/profile/remove.js';
import showVerb from '../../src/commands/profile/show.js';
import useVerb from '../../src/commands/profile/use.js';
import { createProgram } from '../../src/program.js';
import { ConfigError, UsageError } from '../../src/errors.js';
import type { Prompter } from '../../src/context.js';
import { rejection } from '../helpers/errors.js';
import { runVerb } from '../helpers/run-verb.js';
import { createTestContext, refusingPrompter, tempDir, type TestContext } from '../helpers/context.js';

const KEY = 'sk_live_9f8e7d6c5b4a3210';

async function addProfile(t: TestContext, name: string, argv: Record<string, unknown> = {}, key = KEY): Promise<void> {
  const child = createTestContext({ env: { ...t.ctx.env }, stdin: `${key}\n` });
  await runVerb(addVerb, child.ctx, { apiId: `id-${name}`, apiKeyStdin: true, ...argv }, [name]);
}

function records(t: TestContext): Array<Record<string, unknown>> {
  return t.stdout().trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('profile add', () => {
  it('reads the key from stdin, trims the line ending and makes the first profile the default', async () => {
    const t = createTestContext({ stdin: `${KEY}\r\n` });
    await runVerb(addVerb, t.ctx, { apiId: 'acme', apiKeyStdin: true, baseUrl: 'sandbox' }, ['work']);
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
    await runVerb(addVerb, t.ctx, {}, ['work']);
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
      addVerb.parse({ apiKey: KEY, apiId: 'acme' }, ['work']).options;
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
    expect(() => addVerb.parse({ baseUrl: 'ftp://x.example' }, ['w']).options).toThrow(/^--base-url: expected an http\(s\) URL/);
    expect(() => addVerb.parse({ baseUrl: 'staging' }, ['w']).options).toThrow(/--base-url/);
    expect(addVerb.parse({ baseUrl: 'https://api.example.com/' }, ['w']).options.baseUrl).toBe('https://api.example.com/');
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
    await program.parseAsync(['profile', 'add', 'work', '--api-id', 'acme', '--api-key-stdin', '--base-url', 'sandbox'], { from: 'user' });
    expect((await t.ctx.config()).get('work')).toEqual({ baseUrl: 'sandbox', apiId: 'acme', apiKey: KEY });
  });
});

describe('profile list, show, use, remove', () => {
  it('lists profiles as records with the default marked and no keys', async () => {
    const t = createTestContext();
    await addProfile(t, 'work', { baseUrl: 'sandbox' });
    await addProfile(t, 'home');
    await runVerb(listVerb, t.ctx);
    expect(records(t)).toEqual([
      { name: 'home', baseUrl: 'production', apiId: 'id-home', default: false },
      { name: 'work', baseUrl: 'sandbox', apiId: 'id-work', default: true },
    ]);
    expect(t.stdout() + t.stderr()).not.toContain(KEY.slice(-8));
  });

  it('prints a table on a terminal and a hint when there are no profiles', async () => {
    const t = createTestContext({ stdoutIsTTY: true });
    await runVerb(listVerb, t.ctx);
    expect(t.stdout()).toBe('');
    expect(t.stderr()).toContain('No profiles. Add one with `fiscal profile add <name>`');
    await addProfile(t, 'work');
    await runVerb(listVerb, t.ctx);
    expect(t.stdout().split('\n')[0]).toMatch(/^NAME\s+BASE URL\s+API ID\s+DEFAULT$/);
    expect(t.stdout()).toMatch(/work\s+production\s+id-work\s+yes/);
  });

  it('shows one profile with the key masked to its last 4 characters', async () => {
    const t = createTestContext({ globals: { output: 'json' } });
    await addProfile(t, 'work');
    await runVerb(showVerb, t.ctx, {}, ['work']);
    expect(JSON.parse(t.stdout())).toEqual([
      { name: 'work', baseUrl: 'production', apiId: 'id-work', apiKey: `****${KEY.slice(-4)}`, default: true },
    ]);
    expect(t.stdout() + t.stderr()).not.toContain(KEY);
  });

  it('shows the profile the run would use when none is named', async () => {
    const t = createTestContext({ env: { FISCAL_PROFILE: 'home' } });
    await addProfile(t, 'work');
    await addProfile(t, 'home');
    await runVerb(showVerb, t.ctx, {}, []);
    expect(records(t)[0]?.name).toBe('home');
  });

  it('switches the default, and refuses unknown names listing the known ones', async () => {
    const t = createTestContext();
    await addProfile(t, 'work');
    await addProfile(t, 'home');
    await runVerb(useVerb, t.ctx, {}, ['home']);
    expect((await t.ctx.config()).defaultProfile()).toBe('home');
    await expect(runVerb(useVerb, t.ctx, {}, ['nope'])).rejects.toThrow(/no profile named "nope"/);
    const error = await rejection(runVerb(useVerb, t.ctx, {}, ['nope']), UsageError);
    expect(error.details.join('\n')).toContain('home, work');
  });

  it('removes a profile and clears the default when it was the default', async () => {
    const t = createTestContext();
    await addProfile(t, 'work');
    await runVerb(removeVerb, t.ctx, {}, ['work']);
    const store = await t.ctx.config();
    expect(store.get('work')).toBeUndefined();
    expect(store.defaultProfile()).toBeUndefined();
    expect(readFileSync(store.path, 'utf8')).not.toContain(KEY);
    expect(t.stderr()).toContain('no default profile now');
    await expect(runVerb(removeVerb, t.ctx, {}, ['work'])).rejects.toThrow(UsageError);
  });
});

describe('the configuration file', () => {
  it('reports a corrupt file as a ConfigError naming it, without quoting its content', async () => {
    const t = createTestContext();
    mkdirSync(t.configDir, { recursive: true });
    const path = join(t.configDir, 'config.json');
    writeFileSync(path, `{"profiles": {"work": {"apiKey": "${KEY}"`);
    const error = await rejection(runVerb(listVerb, t.ctx), ConfigError);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(path);
    expect(error.message).toContain('not valid JSON');
    expect([error.message, ...error.details].join('\n')).not.toContain(KEY);
    expect(readFileSync(path, 'utf8')).toContain(KEY); // left as it was, not reset
  });

  it('reports valid JSON of the wrong shape, naming the file and the field', async () => {
    const t = createTestContext();
    mkdirSync(t.configDir, { recursive: true });
    writeFileSync(join(t.configDir, 'config.json'), '{"profiles": {"work": {"apiId": 7}}}');
    await expect(runVerb(listVerb, t.ctx)).rejects.toThrow(/config\.json at profiles\.work\.(apiId|baseUrl)/);
  });
});
