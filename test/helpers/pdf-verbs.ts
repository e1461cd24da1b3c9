// What every `fiscal pdf <keyed type>` test checks, in process against an emulator: files and rows,
// a key of another model refused before anything is sent, an unknown key alone not found (exit 4).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { TestEmulator } from './emulator.js';
import { emulatorEnv } from './emulator.js';
import { runMain, tempDir } from './context.js';
import { buildAccessKey } from '../../src/fiscal/access-key.js';
import { ndjson } from './cli.js';

export const unknownKey = (model: string) =>
  buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '11222333000181',
    model,
    series: '1',
    number: '424242',
    emissionType: '1',
    code: '87654321',
  });

/** The shared cases of `argv` (`['pdf', 'cte']`) for keys of `model`; `keys()` gives two of the account's. */
export function keyedPdfCases(
  argv: string[],
  model: string,
  emu: () => TestEmulator,
  keys: () => string[],
  otherModel: () => string,
): void {
  it('R30a: writes <dir>/<key>.pdf of each key, from arguments and --stdin NDJSON, each key once', async () => {
    const [a, b] = keys();
    const dir = tempDir();
    const r = await runMain(
      [...argv, a!, '--stdin', '--dir', dir],
      emulatorEnv(emu()),
      `{"access_key":"${b}"}\n${a}\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.status, x.file])).toEqual([
      [a, 'ok', join(dir, `${a}.pdf`)],
      [b, 'ok', join(dir, `${b}.pdf`)],
    ]);
    expect(
      readFileSync(join(dir, `${a}.pdf`))
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(readdirSync(dir).sort()).toEqual([`${a}.pdf`, `${b}.pdf`].sort());
  });

  it('R7: a key of another model exits 2 naming it; nothing is sent', async () => {
    emu().resetStats();
    const other = otherModel();
    const r = await runMain([...argv, keys()[0]!, other, '--dir', tempDir()], emulatorEnv(emu()));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`"${other}" is a key of model \\d\\d .*\\(${model}\\)`));
    expect(emu().stats().requests.total).toBe(0);
  });

  it('R6: an unknown key alone is not found (exit 4), beside a known one a failed row (exit 7)', async () => {
    const dir = tempDir();
    const unknown = unknownKey(model);
    const alone = await runMain([...argv, unknown, '--dir', dir], emulatorEnv(emu()));
    expect(alone.code).toBe(4);
    const mixed = await runMain([...argv, unknown, keys()[0]!, '--dir', dir], emulatorEnv(emu()));
    expect(mixed.code).toBe(7);
    expect(ndjson(mixed.stdout).map((x) => x.status)).toEqual(['error', 'ok']);
    expect(existsSync(join(dir, `${unknown}.pdf`))).toBe(false);
  });

  it('needs a key or --stdin (exit 2)', async () => {
    const r = await runMain(argv, emulatorEnv(emu()));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give at least one key, or --stdin');
  });
}
