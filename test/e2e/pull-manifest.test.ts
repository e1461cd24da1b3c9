// End to end: `fiscal pull nfe --role received --manifest aware` against an emulator. Each newly
// pulled received NF-e with no manifestation gets exactly one awareness request (210210), checked
// against the emulator's own record of the manifestation requests it accepted; a canceled NF-e's
// rejection is named on stderr and the run exits 7; killed with SIGKILL at random moments and run
// again until it completes, no key is manifested twice and none is missed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestRequestsOf } from '../../src/emulator/manifest-requests.js';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { interruptRun } from '../helpers/interrupt.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'received', '--manifest', 'aware'];
const AWARE = '210210';

interface World {
  emu: TestEmulator;
  env: Record<string, string>;
  account: string;
  /** Keys of the account's received NF-e that had a manifestation before any run. */
  hadOne: Set<string>;
}

async function world(options: Parameters<typeof startEmulator>[0] = {}): Promise<World> {
  const emu = await startEmulator({ docs: 150, accounts: 1, ...options });
  const account = emu.accounts[0]!.id;
  const hadOne = new Set(
    emu.store
      .nfesOf(account)
      .byRole.received.map((e) => e.doc)
      .filter((d) => d.manifestations.length > 0)
      .map((d) => d.accessKey),
  );
  return { emu, env: emulatorEnv(emu), account, hadOne };
}

/** How many awareness requests the emulator accepted for each key. */
function requestsByKey(w: World): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of manifestRequestsOf(w.emu.store, () => w.emu.now()).requestsOf(w.account)) {
    for (const item of request.items)
      if (item.code === AWARE) counts.set(item.accessKey, (counts.get(item.accessKey) ?? 0) + 1);
  }
  return counts;
}

const receivedKeys = (dir: string) => [
  ...new Set(
    readNdjson(join(dir, 'index.ndjson'))
      .filter((e) => e.role === 'received' && e.event === undefined)
      .map((e) => e.key as string),
  ),
];
const statusOf = (w: World, key: string) => w.emu.store.findNfe(w.account, key)!.status;

/** Every received key in the folder: one awareness request if it had no manifestation, none otherwise. */
function expectEachManifestedOnce(w: World, dir: string): void {
  const counts = requestsByKey(w);
  const keys = receivedKeys(dir);
  expect(keys.length).toBeGreaterThan(20);
  for (const key of keys) expect(counts.get(key) ?? 0, key).toBe(w.hadOne.has(key) ? 0 : 1);
  // Nothing was sent for a key the folder does not hold.
  for (const key of counts.keys()) expect(keys).toContain(key);
  for (const key of keys.filter((k) => !w.hadOne.has(k))) {
    const doc = w.emu.store.findNfe(w.account, key)!;
    if (doc.status === 'canceled') expect(doc.manifestations).toEqual([]);
    else expect(doc.manifestations.at(-1)!.Type).toBe(AWARE);
  }
}

describe('fiscal pull nfe --manifest aware', () => {
  let w: World;
  let dir: string;
  beforeAll(async () => {
    w = await world();
    dir = tempDir();
  });
  afterAll(async () => w?.emu.close());

  it('R29: manifests each new received NF-e once; a canceled one is rejected, named on stderr, and the run exits 7', async () => {
    const r = await runInProcess([...PULL, '--dir', dir, '-o', 'json'], { env: w.env });
    const keys = receivedKeys(dir);
    const fresh = keys.filter((k) => !w.hadOne.has(k));
    const canceled = fresh.filter((k) => statusOf(w, k) === 'canceled');
    expect(canceled.length, 'the dataset has canceled received NF-e without a manifestation').toBeGreaterThan(0);
    expect(r.exitCode, r.stderr).toBe(7);
    for (const key of canceled) expect(r.stderr).toMatch(new RegExp(`${key}: .*rejected: 650`));
    expect(r.stderr).toMatch(/manifestations? (was|were) rejected/);
    const summary = JSON.parse(r.stdout);
    expect(summary.manifest).toMatchObject({
      code: AWARE,
      manifested: fresh.length - canceled.length,
      already: keys.length - fresh.length,
      pending: 0,
    });
    expect(summary.manifest.rejected.map((x: { key: string }) => x.key).sort()).toEqual([...canceled].sort());
    expect(summary.manifest.rejected.every((x: { cstat: number }) => x.cstat === 650)).toBe(true);
    expect(r.stderr).toMatch(
      new RegExp(
        `manifested ${fresh.length - canceled.length} \\(210210\\), ${keys.length - fresh.length} had one already, ${canceled.length} rejected`,
      ),
    );
    expectEachManifestedOnce(w, dir);
    // The state is cleared once every key is answered.
    expect(existsSync(join(dir, '.fiscal', 'manifest-queue.ndjson'))).toBe(false);
  });

  it('R29: a re-run sends nothing again; after arrivals it manifests only the new documents', async () => {
    const before = requestsByKey(w);
    const again = await runInProcess([...PULL, '--dir', dir, '-o', 'json'], { env: w.env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).manifest).toMatchObject({ manifested: 0, already: 0, rejected: [], pending: 0 });
    expect(requestsByKey(w)).toEqual(before);

    const arrived = w.emu
      .addArrivals(12)
      .filter((a) => w.emu.store.findNfe(w.account, a.accessKey)?.roles.some((x) => x.role === 'received'));
    const third = await runInProcess([...PULL, '--dir', dir, '-o', 'json'], { env: w.env });
    expect([0, 7]).toContain(third.exitCode);
    const summary = JSON.parse(third.stdout);
    expect(summary.documents).toBe(arrived.length);
    expect(summary.manifest.manifested + summary.manifest.rejected.length + summary.manifest.already).toBe(
      arrived.length,
    );
    expectEachManifestedOnce(w, dir);
  });

  it('refuses --manifest where nothing received is pulled (exit 2), before anything is sent', async () => {
    const before = w.emu.stats().requests.total;
    const r = await runInProcess(['pull', 'nfe', '--role', 'emitted', '--manifest', 'aware', '--dir', tempDir()], {
      env: w.env,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--manifest aware');
    const cte = await runInProcess(['pull', 'cte', '--role', 'taker', '--manifest', 'aware', '--dir', tempDir()], {
      env: w.env,
    });
    expect(cte.exitCode).toBe(2);
    const bad = await runInProcess([...PULL.slice(0, 4), '--manifest', 'confirm', '--dir', tempDir()], { env: w.env });
    expect(bad.exitCode).toBe(2);
    expect(w.emu.stats().requests.total).toBe(before);
  });
});

describe('fiscal pull nfe --manifest aware, killed with SIGKILL at random moments', () => {
  let w: World;
  // A slower service, so that the kills land in the pull, between its commits, and in the
  // manifestation phase (checks, the POST, the wait for the answers).
  beforeAll(async () => {
    w = await world({ docs: 300, latency: '10-30' });
  });
  afterAll(async () => w?.emu.close());

  it('R29: then run again until complete: no key manifested twice, none missed', async () => {
    const dir = tempDir();
    const queue = join(dir, '.fiscal', 'manifest-queue.ndjson');
    const done = join(dir, '.fiscal', 'manifest-done.ndjson');
    const sentSoFar = () => [...requestsByKey(w).values()].reduce((a, b) => a + b, 0);
    let seed = 20261124;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Each trial waits for a moment of the run, then kills it a random while later: after a
    // commit queued keys, after the emulator accepted a POST (before or after the run recorded
    // it), after answers were recorded.
    const moments: Array<{ name: string; reached: (sentBefore: number) => boolean; spreadMs: number }> = [
      { name: 'queued', reached: () => existsSync(queue), spreadMs: 800 },
      { name: 'posted', reached: (before) => sentSoFar() > before, spreadMs: 40 },
      { name: 'recorded', reached: () => existsSync(done), spreadMs: 400 },
    ];
    let killed = 0;
    for (let trial = 0; trial < 9; trial++) {
      // New documents each time, so that every run has something to pull and to manifest.
      w.emu.addArrivals(25);
      const moment = moments[trial % moments.length]!;
      const sentBefore = sentSoFar();
      // Once the moment is reached the emulator holds its answers; the kill comes a random while
      // after the run is seen waiting on one (it lands unless the run needed nothing more).
      const { result: r, landed } = await interruptRun(w.emu, [...PULL, '--dir', dir], {
        env: w.env,
        when: () => moment.reached(sentBefore),
        settleMs: Math.floor(next() * moment.spreadMs),
      });
      if (landed && r.signal === 'SIGKILL') killed++;
      // Every key sent so far was sent once, whatever the moment of the kill.
      for (const [key, n] of requestsByKey(w)) expect(n, `${key} (killed at ${moment.name})`).toBe(1);
    }
    expect(killed).toBeGreaterThan(0);
    let last;
    for (let round = 0; round < 5; round++) {
      last = await runInProcess([...PULL, '--dir', dir, '-o', 'json'], { env: w.env });
      if (!existsSync(join(dir, '.fiscal', 'manifest-queue.ndjson'))) break;
    }
    expect([0, 7], last!.stderr).toContain(last!.exitCode);
    expect(existsSync(join(dir, '.fiscal', 'manifest-queue.ndjson'))).toBe(false);
    expectEachManifestedOnce(w, dir);
    // And the folder is what one clean run leaves: each received key once in the index.
    const index = readNdjson(join(dir, 'index.ndjson'));
    expect(new Set(index.map((e) => e.key)).size).toBe(index.length);
    expect(readFileSync(join(dir, 'index.ndjson'), 'utf8').endsWith('\n')).toBe(true);
  });
});
