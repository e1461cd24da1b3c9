// End to end: `fiscal pull nfe --profiles a,b` pulls each profile's account (R3: each sees only
// its own documents) into <dir>/<profile>/, and one profile failing (a wrong key: 401) does not
// stop the other: the run ends with a summary line per profile and exit 7 naming the failed one.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, freshConfigDir, runInProcess } from '../helpers/cli.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
/** A config dir only: no FISCAL_* credentials, every account comes from a profile. */
let env: Record<string, string>;

const PULL = ['pull', 'nfe', '--role', 'received', '--without-events'];

async function addProfile(name: string, account: number, apiKey?: string): Promise<void> {
  const a = emu.accounts[account]!;
  const r = await runInProcess(
    ['profile', 'add', name, '--api-id', a.apiId, '--base-url', emu.url, '--api-key-stdin', '--force', '--no-verify'],
    { env, input: apiKey ?? a.apiKey },
  );
  expect(r.exitCode, r.stderr).toBe(0);
}

const holder = (key: string) => emu.accounts.findIndex((a) => emu.store.findNfe(a.id, key) !== undefined);
const indexOf = (dir: string) => readNdjson(join(dir, 'index.ndjson')).filter((e) => e.event === undefined);
const receivedOf = (account: number) => emu.store.nfesOf(emu.accounts[account]!.id).byRole.received.length;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60, otherDocs: 5, accounts: 2 });
  env = { FISCAL_CONFIG_DIR: freshConfigDir() };
  await addProfile('acme', 0);
  await addProfile('beta', 1, 'not-the-right-key-0000');
});
afterAll(async () => emu?.close());

describe('fiscal pull --profiles', () => {
  const dir = tempDir();

  it("R2: pulls the good profile's account into <dir>/<profile>; the one with a wrong key is named, exit 7", async () => {
    const r = await runCli([...PULL, '--profiles', 'acme,beta', '--dir', dir, '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    const acme = indexOf(join(dir, 'acme'));
    expect(acme).toHaveLength(receivedOf(0));
    expect(new Set(acme.map((e) => holder(e.key)))).toEqual(new Set([0]));
    for (const e of acme) expect(existsSync(join(dir, 'acme', e.path))).toBe(true);
    expect(existsSync(join(dir, 'beta', 'index.ndjson')) ? indexOf(join(dir, 'beta')) : []).toEqual([]);
    // One line per profile, then the error naming the failed one.
    expect(r.stderr).toMatch(new RegExp(`^acme: pulled ${acme.length} documents .* into ${join(dir, 'acme')}`, 'm'));
    expect(r.stderr).toMatch(/^beta: FAILED: .*401|^beta: FAILED: .*(credentials|unauthori[sz]ed|API key)/im);
    expect(r.stderr).toMatch(/^fiscal: 1 of 2 profiles did not pull everything: beta$/m);
    const summary = JSON.parse(r.stdout);
    expect(summary.profiles.map((p: { profile: string; ok: boolean }) => [p.profile, p.ok])).toEqual([
      ['acme', true],
      ['beta', false],
    ]);
    expect(summary.profiles[0]).toMatchObject({ documents: acme.length, dir: join(dir, 'acme') });
    // One lock for the whole folder, released.
    expect(existsSync(join(dir, '.fiscal', 'lock'))).toBe(false);
  });

  it('a second run with both good pulls only what is new: nothing for acme, everything for beta', async () => {
    await addProfile('beta', 1);
    const r = await runInProcess([...PULL, '--profiles', 'acme,beta', '--dir', dir, '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(
      summary.profiles.map((p: { profile: string; documents: number; ok: boolean }) => [p.profile, p.documents, p.ok]),
    ).toEqual([
      ['acme', 0, true],
      ['beta', receivedOf(1), true],
    ]);
    expect(r.stderr).toMatch(new RegExp(`^acme: ${join(dir, 'acme')} is up to date`, 'm'));
    expect(r.stderr).toMatch(new RegExp(`^beta: pulled ${receivedOf(1)} documents`, 'm'));
    expect(new Set(indexOf(join(dir, 'beta')).map((e) => holder(e.key)))).toEqual(new Set([1]));

    // Arrivals for each account: each profile gets its own new documents only.
    const arrived = emu.addArrivals(10);
    const received = (i: number) =>
      arrived.filter(
        (a) =>
          a.account === emu.accounts[i]!.id &&
          emu.store.findNfe(a.account, a.accessKey)!.roles.some((x) => x.role === 'received'),
      ).length;
    const third = await runInProcess([...PULL, '--all-profiles', '--dir', dir, '-o', 'json', '--concurrency', '2'], {
      env,
    });
    expect(third.exitCode, third.stderr).toBe(0);
    const after = JSON.parse(third.stdout);
    expect(after.profiles.map((p: { profile: string; documents: number }) => [p.profile, p.documents])).toEqual([
      ['acme', received(0)],
      ['beta', received(1)],
    ]);
    expect(indexOf(join(dir, 'acme'))).toHaveLength(receivedOf(0));
    expect(indexOf(join(dir, 'beta'))).toHaveLength(receivedOf(1));
  });

  it('a profile whose service answers 5xx past every retry fails alone: the other is pulled, exit 7', async () => {
    const down: Server = createServer((_req, res) =>
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":503,"message":"down"}'),
    );
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const a = emu.accounts[1]!;
      const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
      const add = await runInProcess(
        ['profile', 'add', 'gama', '--api-id', a.apiId, '--base-url', url, '--api-key-stdin', '--no-verify'],
        {
          env,
          input: a.apiKey,
        },
      );
      expect(add.exitCode, add.stderr).toBe(0);
      const arrived = emu
        .addArrivals(4, emu.accounts[0]!.id)
        .filter((x) => emu.store.findNfe(x.account, x.accessKey)!.roles.some((r) => r.role === 'received'));
      const r = await runInProcess([...PULL, '--profiles', 'gama,acme', '--dir', dir], { env });
      expect(r.exitCode, r.stderr).toBe(7);
      expect(r.stderr).toMatch(/^gama: FAILED: .*503/m);
      expect(r.stderr).toMatch(
        arrived.length ? new RegExp(`^acme: pulled ${arrived.length} documents?`, 'm') : /^acme: .* is up to date/m,
      );
      expect(r.stderr).toMatch(/^fiscal: 1 of 2 profiles did not pull everything: gama$/m);
      expect(indexOf(join(dir, 'acme'))).toHaveLength(receivedOf(0));
    } finally {
      await new Promise((resolve) => down.close(resolve));
    }
  });

  it('names problems before anything is sent: an unknown profile, --profile with --profiles (exit 2)', async () => {
    const before = emu.stats().requests.total;
    const unknown = await runInProcess([...PULL, '--profiles', 'acme,nope', '--dir', tempDir()], { env });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('unknown profile "nope"');
    const both = await runInProcess(['--profile', 'acme', ...PULL, '--profiles', 'acme', '--dir', tempDir()], { env });
    expect(both.exitCode).toBe(2);
    expect(emu.stats().requests.total).toBe(before);
  });
});
