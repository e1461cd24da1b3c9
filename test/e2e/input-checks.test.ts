// End to end: bad input is refused before anything is sent (exit 2), in our words, naming where it
// came from and never repeating a secret: credentials a header cannot carry, empty flag values, a
// configuration file that is no object, a number flag given a word.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const SEARCH = ['search', 'nfe', '--role', 'received'];

describe('credentials a header cannot carry', () => {
  it.each([
    ['a line break', 'FISCAL_API_KEY', (k: string) => `${k}\nX-Other: 1`, /a line break/],
    ['a non-ASCII character', 'FISCAL_API_KEY', (k: string) => `${k.slice(0, 4)}é${k.slice(4)}`, /not printable ASCII/],
    ['a line break in the id', 'FISCAL_API_ID', (k: string) => `${k.slice(0, 3)}\r\n${k.slice(3)}`, /a line break/],
  ] as const)('%s: exit 2 before sending, naming the variable, never the value', async (_what, name, spoil, said) => {
    const value = spoil(env[name]!);
    emu.resetStats();
    const r = await runInProcess(SEARCH, { env: { ...env, [name]: value } });
    expect(r.exitCode, r.stderr).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(said);
    expect(r.stderr).toContain(name);
    expect(r.stderr).toMatch(/nothing was sent/);
    expect(r.stderr).not.toContain(env[name]!.slice(4, 12));
    expect(emu.stats().requests.total).toBe(0);
    expect(r.stderr).not.toMatch(/last 30 days/);
  });
});

describe('empty values are refused, not ignored', () => {
  it.each([
    [['--owner', ''], /--owner: "": expected a CNPJ or CPF/],
    [['--profile', ''], /--profile is empty/],
  ])('%j: exit 2, and no 30-day note before the usage error', async (flags, said) => {
    const r = await runInProcess([...SEARCH, ...flags], { env });
    expect(r.exitCode, r.stderr).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(said);
    expect(r.stderr).not.toMatch(/last 30 days/);
  });

  it.each([
    ['1.5', /--limit: expected a whole number/],
    ['1e2', /--limit: expected a number/],
    ['0x10', /--limit: expected a number/],
  ])('--limit %s is refused in our words (no "expected a int", no hex or exponent)', async (value, said) => {
    const r = await runInProcess([...SEARCH, '--limit', value], { env });
    expect(r.exitCode).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(said);
    expect(r.stderr).not.toMatch(/expected a int/);
  });

  it('--limit abc says what was expected in our words', async () => {
    const r = await runInProcess([...SEARCH, '--limit', 'abc'], { env });
    expect(r.exitCode).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(/--limit: expected a number/);
    expect(r.stderr).not.toMatch(/Invalid input|received NaN/);
  });
});

describe('--timeout out of what the timers can hold', () => {
  // Above 536870 s, 4 times it overflowed Node's timers (a 1 ms timer, exit 5); under 1 ms undici
  // took it as 0 and refused it (exit 5); 1e9 and 0x10 passed as numbers.
  it.each(['600000', '1e9', '0x10', '0.0004', '0', '-1', 'abc'])(
    '--timeout %s: exit 2 naming it, nothing sent',
    async (value) => {
      emu.resetStats();
      const r = await runInProcess(['--timeout', value, ...SEARCH], { env });
      expect(r.exitCode, r.stderr).toBe(ExitCode.usage);
      expect(r.stderr).toContain(`--timeout: expected seconds from 0.001 to 432000 (5 days), got "${value}"`);
      expect(r.stderr).not.toMatch(/TimeoutOverflowWarning/);
      expect(emu.stats().requests.total).toBe(0);
    },
  );

  it.each(['432000', '2.5'])('--timeout %s is taken', async (value) => {
    const r = await runInProcess(['--timeout', value, ...SEARCH, '--limit', '1'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/TimeoutOverflowWarning|--timeout/);
  });
});

describe('a configuration file that is no object', () => {
  it.each(['[]', 'null', '"text"'])(
    'config.json holding %s is reported invalid (exit 2), not read as no profiles',
    async (text) => {
      const dir = tempDir();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'config.json'), text);
      const r = await runInProcess(['profile', 'list'], { env: { FISCAL_CONFIG_DIR: dir } });
      expect(r.exitCode, r.stderr).toBe(ExitCode.usage);
      expect(r.stderr).toMatch(/invalid configuration file .*config\.json: it holds .*, not an object of profiles/);
    },
  );
});
