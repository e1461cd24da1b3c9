// `fiscal webhooks subscriptions remove <id>...` against the in-process emulator: a row per id,
// --dry-run sends nothing, an id already gone (or another account's) exits 4.
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
    .map((l) => JSON.parse(l) as Record<string, string>);

describe('fiscal webhooks subscriptions remove', () => {
  it('R31: removes a subscription (a row each), after a dry run that removed nothing; again, or from another account, exits 4', async () => {
    const env = emulatorEnv(emu);
    const endpoint = rows(
      (await runMain(['webhooks', 'endpoints', 'add', 'https://erp.example.com/s'], env)).stdout,
    )[0]!.id!;
    const cnpj = emu.accounts[0]!.companies[0]!.cnpj;
    const added = await runMain(
      [
        'webhooks',
        'subscriptions',
        'add',
        '--endpoint',
        endpoint,
        '--cnpj',
        cnpj,
        '--document-type',
        'nfe',
        '--event-type',
        'received,canceled',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    const ids = rows(added.stdout).map((r) => r.id!);
    expect(ids).toHaveLength(2);

    const foreign = await runMain(['webhooks', 'subscriptions', 'remove', ids[0]!], emulatorEnv(emu, 1));
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toContain(`webhook subscription ${ids[0]} not found in this account`);

    const dry = await runMain(['webhooks', 'subscriptions', 'rm', ...ids, '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(rows(dry.stdout).map((r) => [r.id, r.status, r.message])).toEqual(
      ids.map((id) => [id, 'dry-run', `would send DELETE /v1/webhooks/subscriptions/${id}; nothing sent`]),
    );

    const removed = await runMain(['webhooks', 'subscriptions', 'remove', ...ids], env);
    expect(removed.code, removed.stderr).toBe(0);
    expect(rows(removed.stdout).map((r) => [r.id, r.status])).toEqual(ids.map((id) => [id, 'deleted']));
    expect(rows((await runMain(['webhooks', 'subscriptions', 'list', '--endpoint', endpoint], env)).stdout)).toEqual(
      [],
    );

    const again = await runMain(['webhooks', 'subscriptions', 'remove', ids[0]!], env);
    expect(again.code).toBe(4);
  });

  it('an id with a space is a usage error before anything is sent', async () => {
    const r = await runMain(['webhooks', 'subscriptions', 'remove', 'ws 1'], emulatorEnv(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"ws 1" is not a webhook subscription id');
  });
});
