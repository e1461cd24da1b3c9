// `fiscal emulator`: option parsing, what it prints, and a clean stop on abort.
import { createServer, type Server } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import emulatorVerb, { type EmulatorCommandOptions } from '../../../src/commands/emulator/run.js';
import { ExitCode, UsageError } from '../../../src/errors.js';
import { main } from '../../../src/main.js';
import { createNodeContext } from '../../../src/runtime.js';

const DEFAULTS = { host: '127.0.0.1', port: '8080', seed: '1', docs: '2000' };

describe('fiscal emulator: options', () => {
  it('parses the defaults and every flag into typed options', () => {
    expect(emulatorVerb.parse(DEFAULTS, []).options).toEqual({
      host: '127.0.0.1',
      port: 8080,
      seed: 1,
      docs: 2000,
      adoptParties: false,
    });
    expect(emulatorVerb.parse({ ...DEFAULTS, adoptParties: true }, []).options.adoptParties).toBe(true);
    const opts = emulatorVerb.parse(
      { ...DEFAULTS, port: '0', seed: '42', docs: '10', rateLimit: '60/min', now: '2026-03-01T12:00:00-03:00' },
      [],
    ).options;
    expect(opts).toEqual({
      host: '127.0.0.1',
      port: 0,
      seed: 42,
      docs: 10,
      rateLimit: { limit: 60, windowMs: 60_000 },
      now: new Date('2026-03-01T15:00:00Z'),
      adoptParties: false,
    });
    expect(emulatorVerb.parse({ ...DEFAULTS, rateLimit: '5/s' }, []).options.rateLimit).toEqual({
      limit: 5,
      windowMs: 1_000,
    });
    expect(emulatorVerb.parse({ ...DEFAULTS, rateLimit: '100/10s' }, []).options.rateLimit).toEqual({
      limit: 100,
      windowMs: 10_000,
    });
    const hooks = emulatorVerb.parse(
      { ...DEFAULTS, webhookRetryMs: '50', webhookAttempts: '3', webhookTimeoutMs: '2000' },
      [],
    ).options;
    expect([hooks.webhookRetryMs, hooks.webhookAttempts, hooks.webhookTimeoutMs]).toEqual([50, 3, 2000]);
  });

  it.each([
    [{ port: '70000' }, /^--port: /],
    [{ port: 'http' }, /^--port: expected a port number/],
    [{ seed: '-1' }, /^--seed: /],
    [{ docs: 'many' }, /^--docs: /],
    [{ rateLimit: '10' }, /^--rate-limit: expected <requests>\/\[<n>\]<s\|min>/],
    [{ rateLimit: '10/0s' }, /^--rate-limit: /],
    [{ rateLimit: '0/s' }, /^--rate-limit: /],
    [{ rateLimit: '10/h' }, /^--rate-limit: /],
    [{ now: 'yesterday' }, /^--now: expected an ISO 8601 date/],
    [{ now: '2026-02-30T00:00:00Z' }, /^--now: /],
    [{ webhookAttempts: '0' }, /^--webhook-attempts: expected a number of attempts from 1 to 20/],
    [{ webhookRetryMs: 'soon' }, /^--webhook-retry-ms: expected milliseconds/],
  ])('rejects %j with a usage error naming the flag', (raw, message) => {
    let error: unknown;
    try {
      emulatorVerb.parse({ ...DEFAULTS, ...raw }, []);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });
});

function testContext() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const controller = new AbortController();
  const ctx = createNodeContext([], {
    io: { stdout, stderr, stdoutIsTTY: false, stderrIsTTY: false },
    env: {},
    signal: controller.signal,
  });
  return { ctx, controller, out: () => out, err: () => err };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

const OPTS: EmulatorCommandOptions = {
  host: '127.0.0.1',
  port: 0,
  seed: 3,
  docs: 20,
  now: new Date('2026-03-01T12:00:00-03:00'),
};
let blocker: Server | undefined;
afterEach(() => blocker?.close());

describe('fiscal emulator: run', () => {
  it('prints the base URL and credentials first, serves them, and stops cleanly on abort', async () => {
    const t = testContext();
    const running = emulatorVerb.run(t.ctx, OPTS, [], new Command());
    await until(() => t.out().includes('# companies'), 'the credentials');
    const lines = t.out().split('\n');
    expect(lines[0]).toMatch(/^FISCAL_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^FISCAL_API_ID=\S+$/);
    expect(lines[2]).toMatch(/^FISCAL_API_KEY=\S+$/);
    expect(lines[3]).toMatch(/^# account acc_2: FISCAL_API_ID=\S+ FISCAL_API_KEY=\S+$/);
    expect(lines.filter((l) => /^# {3}\d{14} /.test(l)).length).toBeGreaterThan(1);
    expect(t.err()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const env = Object.fromEntries(lines.slice(0, 3).map((l) => l.split('=') as [string, string]));
    const res = await fetch(`${env.FISCAL_BASE_URL}/v1/nfe/emitted?limit=1`, {
      headers: { 'X-API-ID': env.FISCAL_API_ID!, 'X-API-KEY': env.FISCAL_API_KEY! },
    });
    expect(res.status).toBe(200);
    t.controller.abort();
    await expect(running).resolves.toBeUndefined();
    await expect(fetch(`${env.FISCAL_BASE_URL}/v1/nfe/emitted`)).rejects.toThrow();
  });

  it('a port in use is a usage error saying so', async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const t = testContext();
    await expect(emulatorVerb.run(t.ctx, { ...OPTS, port }, [], new Command())).rejects.toThrow(
      new UsageError(
        `cannot listen on 127.0.0.1:${port}: that address is already in use; choose another with --port, or --port 0 for a free one`,
      ),
    );
  });

  it('`fiscal emulator --port 0` through main: exit 0 after the abort, exit 2 on a bad flag', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough().resume();
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    const controller = new AbortController();
    const overrides = { io: { stdout, stderr }, env: {}, signal: controller.signal };
    const exit = main(['emulator', '--port', '0', '--docs', '5', '--rate-limit', '100/s'], overrides);
    await until(() => out.includes('FISCAL_API_KEY='), 'the credentials');
    controller.abort();
    expect(await exit).toBe(ExitCode.ok);
    expect(await main(['emulator', '--port', 'abc'], overrides)).toBe(ExitCode.usage);
  });
});
