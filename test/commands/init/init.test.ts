import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import initVerb from '../../../src/commands/init/init.js';
import addVerb from '../../../src/commands/profile/add.js';
import type { Choice, Clock, Prompter } from '../../../src/context.js';
import { AuthError, ConfigError, ExitCode, TemporaryError, UsageError, exitCodeOf } from '../../../src/errors.js';
import { rejection } from '../../helpers/errors.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext, type TestContext } from '../../helpers/context.js';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const WRONG_KEY = 'sk_wrong_0000000000000000';
/** Nothing listens on port 1 of the loopback: connections are refused at once. */
const DEAD_URL = 'http://127.0.0.1:1';
/** Retries of the check wait for nothing. */
const instantClock: Clock = { now: () => Date.now(), sleep: async () => undefined };

let emu: TestEmulator;
let apiId: string;
let apiKey: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  ({ apiId, apiKey } = emu.accounts[0]!);
});
afterAll(() => emu.close());

type Step = { kind: 'input' | 'password' | 'confirm' | 'select'; message: RegExp; answer: string | boolean };

/** Answers the walkthrough's questions in order, failing on any question it did not expect. */
function scripted(steps: Step[]): Prompter & { asked: string[]; left(): number } {
  const queue = [...steps];
  const asked: string[] = [];
  const next = (kind: Step['kind'], message: string) => {
    asked.push(`${kind} ${message}`);
    const step = queue.shift();
    if (!step || step.kind !== kind || !step.message.test(message)) {
      throw new Error(
        `unexpected ${kind} prompt "${message}" (expected ${step ? `${step.kind} ${String(step.message)}` : 'none'})`,
      );
    }
    return step.answer;
  };
  return {
    asked,
    left: () => queue.length,
    password: async (m) => next('password', m) as string,
    input: async (m) => next('input', m) as string,
    confirm: async (m) => next('confirm', m) as boolean,
    select: async <T extends string>(m: string, choices: ReadonlyArray<Choice<T>>) => {
      const answer = next('select', m) as T;
      expect(choices.map((c) => c.value)).toContain(answer);
      return answer;
    },
  };
}

const ask = {
  name: (answer = 'default'): Step => ({ kind: 'input', message: /^Profile name:/, answer }),
  custom: (): Step => ({ kind: 'select', message: /^Environment:/, answer: 'custom' }),
  url: (answer: string): Step => ({ kind: 'input', message: /^Base URL:/, answer }),
  id: (answer: string): Step => ({ kind: 'input', message: /^API id:/, answer }),
  key: (answer: string): Step => ({ kind: 'password', message: /^API key:/, answer }),
  retry: (answer: boolean): Step => ({ kind: 'confirm', message: /again\?/, answer }),
};

function terminal(steps: Step[], env: Record<string, string> = {}) {
  const prompter = scripted(steps);
  const t = createTestContext({ input: true, prompter, clock: instantClock, env });
  return { t, prompter };
}

async function saved(t: TestContext) {
  const store = await t.ctx.config();
  return { profiles: store.list(), default: store.defaultProfile() };
}

describe('fiscal init on a terminal', () => {
  it('asks for name, environment, id and key, checks them against the server, saves and shows next steps', async () => {
    const { t, prompter } = terminal([ask.name(), ask.custom(), ask.url(emu.url), ask.id(apiId), ask.key(apiKey)]);
    await runVerb(initVerb, t.ctx, {}, []);
    expect(prompter.left()).toBe(0);
    const store = await t.ctx.config();
    expect(store.get('default')).toEqual({ baseUrl: emu.url, apiId, apiKey });
    expect(store.defaultProfile()).toBe('default');
    expect(t.stderr()).toContain('The credentials work with');
    expect(t.stderr()).toMatch(/Next, try:\n {2}fiscal search nfe --role received/);
    expect(t.stdout() + t.stderr()).not.toContain(apiKey);
  });

  it('R2: a refused key is typed again, with the API id offered again, and only the working key is saved', async () => {
    const { t, prompter } = terminal([
      ask.name('work'),
      ask.custom(),
      ask.url(emu.url),
      ask.id(apiId),
      ask.key(WRONG_KEY),
      ask.retry(true),
      ask.id(apiId),
      ask.key(apiKey),
    ]);
    await runVerb(initVerb, t.ctx, {}, []);
    expect(prompter.left()).toBe(0);
    expect((await t.ctx.config()).get('work')?.apiKey).toBe(apiKey);
    expect(t.stderr()).toContain('the server refused this API id and key (401)');
    expect(t.stdout() + t.stderr()).not.toContain(WRONG_KEY);
  });

  it('R2: giving up after a refused key exits 3 and saves nothing', async () => {
    const { t } = terminal([
      ask.name(),
      ask.custom(),
      ask.url(emu.url),
      ask.id(apiId),
      ask.key(WRONG_KEY),
      ask.retry(false),
    ]);
    const error = await rejection(runVerb(initVerb, t.ctx, {}, []), AuthError);
    expect(exitCodeOf(error)).toBe(ExitCode.auth);
    expect(error.details).toContain('nothing was saved');
    expect((await saved(t)).profiles).toEqual([]);
  });

  it('asks only for what the flags leave out', async () => {
    const { t, prompter } = terminal([ask.key(apiKey)]);
    await runVerb(initVerb, t.ctx, { name: 'ci', baseUrl: emu.url, apiId }, []);
    expect(prompter.asked).toEqual(['password API key:']);
    expect((await t.ctx.config()).get('ci')).toEqual({ baseUrl: emu.url, apiId, apiKey });
  });

  it('offers the environments with the address each one would use', async () => {
    let offered: string[] = [];
    const prompter = scripted([
      ask.name(),
      { kind: 'select', message: /^Environment:/, answer: 'sandbox' },
      ask.id(apiId),
      ask.key(apiKey),
    ]);
    const t = createTestContext({
      input: true,
      env: { FISCAL_SANDBOX_URL: emu.url },
      prompter: {
        ...prompter,
        select: async (m, choices) => (
          (offered = choices.map((c) => `${c.value}: ${c.description ?? ''}`)),
          prompter.select(m, choices)
        ),
      },
    });
    await runVerb(initVerb, t.ctx, {}, []);
    expect(offered[0]).toContain('https://api.arquivei.com.br (set FISCAL_PRODUCTION_URL to use another address)');
    expect(offered[1]).toContain(`${emu.url} (from FISCAL_SANDBOX_URL)`);
    expect((await t.ctx.config()).get('default')?.baseUrl).toBe('sandbox');
  });

  it('asks again for a name that is invalid, reserved, or taken and not to be replaced', async () => {
    const { t: first } = terminal([]);
    await addWithStdin(first, 'taken');
    const prompter = scripted([
      ask.name('Bad Name'),
      ask.name('emulator'),
      ask.name('taken'),
      { kind: 'confirm', message: /"taken" exists\. Replace it\?/, answer: false },
      ask.name('fresh'),
      ask.custom(),
      ask.url(emu.url),
      ask.id(apiId),
      ask.key(apiKey),
      { kind: 'confirm', message: /Make "fresh" the default profile \(instead of "taken"\)\?/, answer: true },
    ]);
    const t = createTestContext({ input: true, prompter, env: { FISCAL_CONFIG_DIR: first.configDir } });
    await runVerb(initVerb, t.ctx, {}, []);
    expect(prompter.left()).toBe(0);
    expect(await saved(t)).toMatchObject({ default: 'fresh' });
    expect((await t.ctx.config()).get('taken')?.apiId).toBe('id-taken');
    expect(t.stderr()).toContain('reserved for the built-in local emulator');
  });

  it('offers to save anyway when the server cannot be reached, and says why', async () => {
    const { t } = terminal([
      ask.key(apiKey),
      { kind: 'confirm', message: /^Save the profile without checking\?/, answer: true },
    ]);
    await runVerb(initVerb, t.ctx, { name: 'offline', baseUrl: DEAD_URL, apiId }, []);
    expect(t.stderr()).toContain('could not check the credentials: no usable answer from the server');
    expect((await t.ctx.config()).get('offline')?.baseUrl).toBe(DEAD_URL);
  });

  it('saves nothing when the person declines to save an unchecked profile', async () => {
    const { t } = terminal([
      ask.key(apiKey),
      { kind: 'confirm', message: /^Save the profile without checking\?/, answer: false },
    ]);
    await rejection(runVerb(initVerb, t.ctx, { name: 'offline', baseUrl: DEAD_URL, apiId }, []), TemporaryError);
    expect((await saved(t)).profiles).toEqual([]);
  });
});

async function addWithStdin(t: TestContext, name: string): Promise<void> {
  const child = createTestContext({ env: { ...t.ctx.env }, stdin: `${apiKey}\n` });
  await runVerb(addVerb, child.ctx, { apiId: `id-${name}`, apiKeyStdin: true, verify: false }, [name]);
}

function unattended(stdin: string, o: { noInputOnTerminal?: boolean; env?: Record<string, string> } = {}) {
  return createTestContext(
    o.noInputOnTerminal
      ? { stdinIsTTY: true, input: false, clock: instantClock, ...(o.env ? { env: o.env } : {}) }
      : { stdin, input: true, stdinIsTTY: false, clock: instantClock, ...(o.env ? { env: o.env } : {}) },
  );
}

describe('fiscal init without prompting', () => {
  it('works from flags and a piped key, and the first profile becomes the default', async () => {
    const t = unattended(`${apiKey}\n`);
    await runVerb(initVerb, t.ctx, { name: 'ci', baseUrl: emu.url, apiId, apiKeyStdin: true }, []);
    expect(await saved(t)).toEqual({
      profiles: [{ name: 'ci', profile: { baseUrl: emu.url, apiId, apiKey } }],
      default: 'ci',
    });
    expect(t.stderr()).toContain('Next, try:');
    expect(t.stderr()).not.toContain(apiKey);
  });

  it('R2: a refused key exits 3 and saves nothing', async () => {
    const t = unattended(`${WRONG_KEY}\n`);
    const error = await rejection(
      runVerb(initVerb, t.ctx, { baseUrl: emu.url, apiId, apiKeyStdin: true }, []),
      AuthError,
    );
    expect(exitCodeOf(error)).toBe(ExitCode.auth);
    expect(error.details).toEqual(expect.arrayContaining(['nothing was saved']));
    expect((await saved(t)).profiles).toEqual([]);
  });

  it('with --no-input on a terminal, names every missing flag and shows an --api-key-stdin example', async () => {
    const t = unattended('', { noInputOnTerminal: true });
    const error = await rejection(runVerb(initVerb, t.ctx, {}, []), UsageError);
    expect(error.message).toBe(
      'missing flags (init does not prompt: --no-input is set): --base-url, --api-id, --api-key-stdin',
    );
    expect(error.details.find((d) => d.startsWith('for example:'))).toBe(
      'for example: printf %s "$FISCAL_API_KEY" | fiscal init --name default --base-url sandbox --api-id <id> --api-key-stdin',
    );
  });

  it('without a terminal, names only the flags still missing and keeps the given ones in the example', async () => {
    const t = unattended(`${apiKey}\n`);
    const error = await rejection(runVerb(initVerb, t.ctx, { name: 'ci', apiId: 'acme' }, []), UsageError);
    expect(error.message).toBe(
      'missing flags (init does not prompt: standard input is not a terminal): --base-url, --api-key-stdin',
    );
    expect(error.details.join('\n')).toContain(
      'fiscal init --name ci --base-url sandbox --api-id acme --api-key-stdin',
    );
    expect((await saved(t)).profiles).toEqual([]);
  });

  it('refuses an existing profile without --force before reading the key, and replaces it with --force', async () => {
    const t = unattended(`${apiKey}\n`);
    await addWithStdin(t, 'ci');
    const error = await rejection(
      runVerb(initVerb, t.ctx, { name: 'ci', baseUrl: emu.url, apiId, apiKeyStdin: true }, []),
      UsageError,
    );
    expect(error.message).toBe('profile "ci" already exists');
    expect(error.details.join('\n')).toContain('--force');
    expect((await t.ctx.config()).get('ci')?.apiId).toBe('id-ci');

    await runVerb(initVerb, t.ctx, { name: 'ci', baseUrl: emu.url, apiId, apiKeyStdin: true, force: true }, []);
    expect((await t.ctx.config()).get('ci')?.apiId).toBe(apiId);
  });

  it('an unreachable server exits 5, saves nothing and points at --no-verify; --no-verify saves', async () => {
    const t = unattended(`${apiKey}\n`);
    const error = await rejection(
      runVerb(initVerb, t.ctx, { baseUrl: DEAD_URL, apiId, apiKeyStdin: true }, []),
      TemporaryError,
    );
    expect(exitCodeOf(error)).toBe(ExitCode.temporary);
    expect(error.details).toEqual(['pass --no-verify to save the profile without checking', 'nothing was saved']);
    expect((await saved(t)).profiles).toEqual([]);

    const again = unattended(`${apiKey}\n`, { env: { FISCAL_CONFIG_DIR: t.configDir } });
    await runVerb(initVerb, again.ctx, { baseUrl: DEAD_URL, apiId, apiKeyStdin: true, verify: false }, []);
    expect((await again.ctx.config()).get('default')?.baseUrl).toBe(DEAD_URL);
  });

  it('an invalid FISCAL_PRODUCTION_URL cannot be checked: the error names it and nothing is saved', async () => {
    const t = unattended(`${apiKey}\n`, { env: { FISCAL_PRODUCTION_URL: 'api.example.com' } });
    const error = await rejection(
      runVerb(initVerb, t.ctx, { baseUrl: 'production', apiId, apiKeyStdin: true }, []),
      ConfigError,
    );
    expect(error.message).toContain('FISCAL_PRODUCTION_URL');
    expect((await saved(t)).profiles).toEqual([]);
  });

  it('validates flags, naming them, and never accepts the key on the command line', () => {
    expect(() => initVerb.parse({ name: 'emulator' }, []).options).toThrow(/^--name: "emulator" is reserved/);
    expect(() => initVerb.parse({ name: 'Work' }, []).options).toThrow(/^--name: /);
    expect(() => initVerb.parse({ baseUrl: 'ftp://x' }, []).options).toThrow(/^--base-url: /);
    expect(() => initVerb.parse({ apiKey: apiKey }, []).options).toThrow(/--api-key is not accepted/);
  });
});

describe('fiscal profile add without a name', () => {
  it('walks a person at a terminal through init, keeping the flags given', async () => {
    const { t, prompter } = terminal([ask.name('work'), ask.key(apiKey)]);
    await runVerb(addVerb, t.ctx, { apiId, baseUrl: emu.url }, []);
    expect(prompter.asked).toEqual(['input Profile name:', 'password API key:']);
    expect((await t.ctx.config()).get('work')).toEqual({ baseUrl: emu.url, apiId, apiKey });
  });

  it('needs the name when it cannot prompt', async () => {
    const t = unattended(`${apiKey}\n`);
    const error = await rejection(runVerb(addVerb, t.ctx, { apiId, apiKeyStdin: true }, []), UsageError);
    expect(error.message).toContain('a profile name is required');
  });
});
