// Which server and credentials a run uses: flags > environment > profile > defaults, rule by rule.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resolveTarget, type EmulatorHandle } from '../../../src/config/resolve.js';
import { ConfigError } from '../../../src/errors.js';
import { rejection } from '../../helpers/errors.js';
import { createTestContext, type TestContextOptions } from '../../helpers/context.js';

const PROD = 'https://prod.example.com';
const noEmulator = () => Promise.reject(new Error('the emulator should not start'));

/** A context whose store holds `work` (default) and `home`. */
async function setup(o: TestContextOptions = {}) {
  const t = createTestContext({ ...o, env: { FISCAL_PRODUCTION_URL: PROD, ...o.env } });
  const store = await t.ctx.config();
  store.set('work', { baseUrl: 'https://work.example.com', apiId: 'work-id', apiKey: 'work-key' });
  store.set('home', { baseUrl: 'sandbox', apiId: 'home-id', apiKey: 'home-key' });
  store.setDefault('work');
  return t;
}

describe('resolveTarget precedence', () => {
  it('uses the default profile when nothing else is given', async () => {
    const t = await setup();
    expect(await resolveTarget(t.ctx, noEmulator)).toEqual({
      baseUrl: 'https://work.example.com',
      apiId: 'work-id',
      apiKey: 'work-key',
      profile: 'work',
      sources: { baseUrl: 'profile', apiId: 'profile', apiKey: 'profile' },
      credentialsFrom: 'the API ID and API key come from profile "work" (the default profile)',
      emulator: false,
    });
  });

  it('FISCAL_PROFILE beats the default profile, and --profile beats FISCAL_PROFILE', async () => {
    const env = await setup({ env: { FISCAL_PROFILE: 'home', FISCAL_SANDBOX_URL: 'https://sandbox.example.com/' } });
    expect(await resolveTarget(env.ctx, noEmulator)).toMatchObject({
      profile: 'home',
      apiId: 'home-id',
      baseUrl: 'https://sandbox.example.com',
    });
    const flag = await setup({ env: { FISCAL_PROFILE: 'home' }, globals: { profile: 'work' } });
    expect(await resolveTarget(flag.ctx, noEmulator)).toMatchObject({ profile: 'work', apiId: 'work-id' });
  });

  it('an explicit --profile beats the FISCAL_* credentials and says which variables it ignored', async () => {
    const t = await setup({
      globals: { profile: 'home' },
      env: {
        FISCAL_API_ID: 'env-id',
        FISCAL_API_KEY: 'env-key',
        FISCAL_BASE_URL: 'https://env.example.com',
        FISCAL_SANDBOX_URL: 'https://sandbox.example.com',
      },
    });
    const target = await resolveTarget(t.ctx, noEmulator);
    expect(target).toMatchObject({
      profile: 'home',
      apiId: 'home-id',
      apiKey: 'home-key',
      baseUrl: 'https://sandbox.example.com',
    });
    expect(target.sources).toEqual({ baseUrl: 'profile', apiId: 'profile', apiKey: 'profile' });
    expect(t.stderr()).toContain(
      "--profile home: using the profile's credentials and base URL; ignoring FISCAL_BASE_URL, FISCAL_API_ID, FISCAL_API_KEY",
    );
  });

  it("--base-url still beats an explicit --profile; a variable equal to the profile's value is not reported", async () => {
    const t = await setup({
      globals: { profile: 'work', baseUrl: 'https://flag.example.com' },
      env: { FISCAL_API_ID: 'work-id', FISCAL_BASE_URL: 'https://env.example.com' },
    });
    expect(await resolveTarget(t.ctx, noEmulator)).toMatchObject({
      baseUrl: 'https://flag.example.com',
      apiId: 'work-id',
      sources: { baseUrl: 'flag', apiId: 'profile' },
    });
    expect(t.stderr()).not.toContain('ignoring');
  });

  it('environment variables beat the profile, one setting at a time', async () => {
    const t = await setup({ env: { FISCAL_API_KEY: 'env-key' } });
    const target = await resolveTarget(t.ctx, noEmulator);
    expect(target).toMatchObject({ apiId: 'work-id', apiKey: 'env-key', baseUrl: 'https://work.example.com' });
    expect(target.sources).toEqual({ baseUrl: 'profile', apiId: 'profile', apiKey: 'env' });
  });

  it('--base-url beats FISCAL_BASE_URL, which beats the profile', async () => {
    const env = await setup({ env: { FISCAL_BASE_URL: 'https://env.example.com' } });
    expect(await resolveTarget(env.ctx, noEmulator)).toMatchObject({
      baseUrl: 'https://env.example.com',
      sources: { baseUrl: 'env' },
    });
    const flag = await setup({
      env: { FISCAL_BASE_URL: 'https://env.example.com' },
      globals: { baseUrl: 'https://flag.example.com/v2/' },
    });
    expect(await resolveTarget(flag.ctx, noEmulator)).toMatchObject({
      baseUrl: 'https://flag.example.com/v2',
      sources: { baseUrl: 'flag' },
    });
  });

  it('falls back to production when no source names a base URL', async () => {
    const t = createTestContext({ env: { FISCAL_API_ID: 'i', FISCAL_API_KEY: 'k', FISCAL_PRODUCTION_URL: PROD } });
    expect(await resolveTarget(t.ctx, noEmulator)).toMatchObject({
      baseUrl: PROD,
      profile: undefined,
      sources: { baseUrl: 'default' },
    });
  });

  it('production and sandbox stand for the documented addresses when their variables are unset', async () => {
    const t = createTestContext({ env: { FISCAL_API_ID: 'i', FISCAL_API_KEY: 'k' } });
    expect(await resolveTarget(t.ctx, noEmulator)).toMatchObject({
      baseUrl: 'https://api.arquivei.com.br',
      sources: { baseUrl: 'default' },
    });
    const s = createTestContext({ env: { FISCAL_API_ID: 'i', FISCAL_API_KEY: 'k', FISCAL_BASE_URL: 'sandbox' } });
    expect(await resolveTarget(s.ctx, noEmulator)).toMatchObject({ baseUrl: 'https://sandbox-api.arquivei.com.br' });
  });

  it('an invalid FISCAL_SANDBOX_URL is named, with the built-in address it hides', async () => {
    const t = createTestContext({
      env: {
        FISCAL_API_ID: 'i',
        FISCAL_API_KEY: 'k',
        FISCAL_BASE_URL: 'sandbox',
        FISCAL_SANDBOX_URL: 'sandbox.example.com',
      },
    });
    const error = await rejection(resolveTarget(t.ctx, noEmulator), ConfigError);
    expect(error.message).toMatch(/^invalid FISCAL_SANDBOX_URL/);
    expect(error.details.join('\n')).toContain('https://sandbox-api.arquivei.com.br');
  });

  it('does not open the configuration file when flags and environment give everything', async () => {
    const t = createTestContext({ env: { FISCAL_BASE_URL: PROD, FISCAL_API_ID: 'i', FISCAL_API_KEY: 'k' } });
    mkdirSync(t.configDir, { recursive: true });
    writeFileSync(join(t.configDir, 'config.json'), '{ broken');
    expect(await resolveTarget(t.ctx, noEmulator)).toMatchObject({
      sources: { baseUrl: 'env', apiId: 'env', apiKey: 'env' },
    });
  });

  it('names where an invalid base URL came from', async () => {
    const t = await setup({ env: { FISCAL_BASE_URL: 'api.example.com' } });
    await expect(resolveTarget(t.ctx, noEmulator)).rejects.toThrow(/invalid base URL from FISCAL_BASE_URL/);
    const p = await setup({ globals: { baseUrl: 'ftp://example.com' } });
    await expect(resolveTarget(p.ctx, noEmulator)).rejects.toThrow(/from --base-url: expected an http\(s\) URL/);
  });

  it('warns when the key would travel over plain http to another host', async () => {
    const t = await setup({ globals: { baseUrl: 'http://api.example.com' } });
    await resolveTarget(t.ctx, noEmulator);
    expect(t.stderr()).toContain('plain http');
    const local = await setup({ globals: { baseUrl: 'http://127.0.0.1:8080' } });
    await resolveTarget(local.ctx, noEmulator);
    expect(local.stderr()).toBe('');
  });
});

describe('resolveTarget errors', () => {
  it('lists the ways to provide credentials when there are none', async () => {
    const t = createTestContext();
    const error = await rejection(resolveTarget(t.ctx, noEmulator), ConfigError);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe('no API credentials configured (no profile selected and no default profile)');
    const help = error.details.join('\n');
    for (const way of ['fiscal profile add', 'FISCAL_API_ID', 'FISCAL_API_KEY', '--profile emulator'])
      expect(help).toContain(way);
  });

  it('says which credential is missing', async () => {
    const t = createTestContext({ env: { FISCAL_API_ID: 'i' } });
    await expect(resolveTarget(t.ctx, noEmulator)).rejects.toThrow(/^no API key configured/);
  });

  it('lists the known profiles for an unknown one, with where the name came from', async () => {
    const t = await setup({ env: { FISCAL_PROFILE: 'nope' } });
    const error = await rejection(resolveTarget(t.ctx, noEmulator), ConfigError);
    expect(error.message).toBe('unknown profile "nope" (from FISCAL_PROFILE)');
    expect(error.details[0]).toBe('known profiles: home, work, emulator (built-in)');
  });
});

describe('the built-in emulator profile', () => {
  function fakeEmulator() {
    const close = vi.fn(async () => {});
    const handle: EmulatorHandle = {
      url: 'http://127.0.0.1:40123',
      accounts: [{ apiId: 'emu-id', apiKey: 'emu-key' }],
      close,
    };
    return { start: vi.fn(async () => handle), close };
  }

  it('starts an emulator, uses its first account and closes it when the command ends', async () => {
    const t = createTestContext({ globals: { profile: 'emulator' } });
    const emu = fakeEmulator();
    expect(await resolveTarget(t.ctx, emu.start)).toEqual({
      baseUrl: 'http://127.0.0.1:40123',
      apiId: 'emu-id',
      apiKey: 'emu-key',
      profile: 'emulator',
      sources: { baseUrl: 'emulator', apiId: 'emulator', apiKey: 'emulator' },
      credentialsFrom: 'the API ID and API key come from the built-in emulator',
      emulator: true,
    });
    expect(emu.close).not.toHaveBeenCalled();
    await t.ctx.runDeferred();
    expect(emu.close).toHaveBeenCalledOnce();
  });

  it('lets the environment override the emulator credentials', async () => {
    const t = createTestContext({ env: { FISCAL_PROFILE: 'emulator', FISCAL_API_KEY: 'wrong-key' } });
    expect(await resolveTarget(t.ctx, fakeEmulator().start)).toMatchObject({
      apiId: 'emu-id',
      apiKey: 'wrong-key',
      sources: { apiKey: 'env' },
    });
  });

  it('does not start when flags and environment give everything', async () => {
    const t = createTestContext({
      globals: { baseUrl: PROD },
      env: { FISCAL_PROFILE: 'emulator', FISCAL_API_ID: 'i', FISCAL_API_KEY: 'k' },
    });
    const emu = fakeEmulator();
    expect(await resolveTarget(t.ctx, emu.start)).toMatchObject({ emulator: false, profile: 'emulator' });
    expect(emu.start).not.toHaveBeenCalled();
  });

  it('gives way to a stored profile that took the name before it was reserved', async () => {
    const t = createTestContext({ globals: { profile: 'emulator' } });
    (await t.ctx.config()).set('emulator', { baseUrl: PROD, apiId: 'stored', apiKey: 'stored-key' });
    expect(await resolveTarget(t.ctx, noEmulator)).toMatchObject({ apiId: 'stored', emulator: false });
  });
});
