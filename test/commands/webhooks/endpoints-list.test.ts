// `fiscal webhooks endpoints list` against the in-process emulator: the account's endpoints, never
// a secret, and none of another account's (R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 5, otherDocs: 0 });
});
afterAll(async () => emu?.close());

const rows = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('fiscal webhooks endpoints list', () => {
  it('R31: lists the endpoints added, without their secrets; another account sees none of them', async () => {
    const env = emulatorEnv(emu);
    const added = await runMain(
      ['webhooks', 'endpoints', 'add', 'https://erp.example.com/a', '--description', 'ERP'],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    const [row] = rows(added.stdout);
    expect(row!.secret).toMatch(/^whsec_/);

    const listed = await runMain(['webhooks', 'endpoints', 'ls'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(rows(listed.stdout)).toEqual([
      expect.objectContaining({ id: row!.id, url: 'https://erp.example.com/a', description: 'ERP' }),
    ]);
    expect(listed.stdout).not.toContain(String(row!.secret));
    expect(listed.stdout).not.toContain('secret');

    const other = await runMain(['webhooks', 'endpoints', 'list'], emulatorEnv(emu, 1));
    expect(other.code).toBe(0);
    expect(rows(other.stdout)).toEqual([]);
  });
});
