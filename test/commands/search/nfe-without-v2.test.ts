// R39: an account without v2 (POST /v2/dfe/nfe answers 404, as on some real accounts): `search nfe`
// falls back to the v1 listing of each role with one line saying so, remembers it for the target,
// and goes to v1 at once on the next run. The emulator's `withoutV2` option models the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeatures } from '../../../src/config/api-features.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startEmulator({ withoutV2: ['1'] });
});
afterAll(async () => emu?.close());

describe('R39: search nfe on an account without v2', () => {
  it('the emulator answers 404 on every /v2/ path of that account only', async () => {
    const env = emulatorEnv(emu, 0);
    const other = emulatorEnv(emu, 1);
    const ask = (e: Record<string, string>) =>
      fetch(`${emu.url}/v2/dfe/nfe`, {
        method: 'POST',
        headers: { 'X-API-ID': e.FISCAL_API_ID!, 'X-API-KEY': e.FISCAL_API_KEY!, 'X-Use-ApiGateway': 'always' },
        body: '{"Limit":1}',
      });
    expect((await ask(env)).status).toBe(404);
    expect((await ask(other)).status).toBe(200);
  });

  it('falls back to v1 with one line, remembers it, and the next run goes to v1 at once', async () => {
    const env: Record<string, string> = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    const first = await runMain(['search', 'nfe', '--role', 'received', '--limit', '5', '-o', 'ndjson'], env);
    expect(first.code, first.stderr).toBe(0);
    const rows = first.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { AccessKey: string; OwnerRole: string });
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.OwnerRole === 'received' && r.AccessKey.length === 44)).toBe(true);
    const notes = first.stderr.split('\n').filter((l) => /v2/.test(l));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/POST \/v2\/dfe\/nfe answered 404.*GET \/v1\/nfe\/\{role\}/);
    expect(readFeatures(env, `${emu.url} ${env.FISCAL_API_ID}`)).toMatchObject({ v2: false });

    const before = emu.stats().requests;
    const second = await runMain(['search', 'nfe', '--role', 'received', '--limit', '5', '-o', 'ndjson'], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toMatch(/learned on an earlier run/);
    const after = emu.stats().requests;
    expect(after.byRoute['GET /v1/nfe/{role}']).toBeGreaterThan(before.byRoute['GET /v1/nfe/{role}']!);
    expect(after.byRoute['POST /v2/dfe/nfe']).toBe(before.byRoute['POST /v2/dfe/nfe']);
  });

  it('without --role, every role is read from v1', async () => {
    const env: Record<string, string> = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    const r = await runMain(['search', 'nfe', '--all', '-o', 'ndjson'], env);
    expect(r.code, r.stderr).toBe(0);
    const roles = new Set(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { OwnerRole: string }).OwnerRole),
    );
    expect(roles.size).toBeGreaterThan(1);
  });

  it('a search only v2 can answer stops with a message saying why, exit 2', async () => {
    const env: Record<string, string> = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    const r = await runMain(['search', 'nfe', '--status', 'canceled'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/v2 is not enabled for this account.*--status/);
  });

  it('a pull that needs v2, on an account known to have none, stops at once saying why, exit 2', async () => {
    const env: Record<string, string> = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    expect((await runMain(['search', 'nfe', '--role', 'received', '--limit', '1'], env)).code).toBe(0);
    const before = emu.stats().requests.total;
    const dir = tempDir('fiscal-pull-');
    const r = await runMain(['pull', 'nfe', '--role', 'received', '--status', 'canceled', '--dir', dir], env);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/v2 is not enabled for .*--status needs it/);
    expect(emu.stats().requests.total).toBe(before);
  });

  it('--api v2 asked for explicitly is not replaced: the 404 is the answer', async () => {
    const env: Record<string, string> = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    const r = await runMain(['search', 'nfe', '--api', 'v2'], env);
    expect(r.code).toBe(4);
  });
});

describe('R39: a default pull on an account without v2', () => {
  it('reads the history of events instead of the listing of canceled notes, and knows every canceled one', async () => {
    const env: Record<string, string> = { ...emulatorEnv(emu, 0), FISCAL_CONFIG_DIR: tempDir('fiscal-config-') };
    const dir = tempDir('fiscal-pull-');
    const r = await runMain(['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', dir], env);
    expect(r.code, r.stderr).toBe(0);
    const canceled = emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.filter((e) => e.doc.status === 'canceled');
    expect(canceled.length).toBeGreaterThan(0);
    const q = await runMain(['query', '--dir', dir, "SELECT count(*) AS n FROM documents WHERE status = 'canceled'"], {
      ...env,
    });
    expect(q.stdout.trim().split('\n').pop()).toContain(String(canceled.length));
  });
});
