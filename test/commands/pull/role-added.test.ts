// A role pulled for the first time into a folder that has others (docs/pull.md, "A role added
// later"): its documents' past cancellations and manifestations are learnt as a first pull's are,
// so the folder says what a pull of both roles at once says. NF-e from the listings (R30), CT-e
// from the type's history of events; and a first pull knows each received note's manifestation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let root: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 300, otherDocs: 120, accounts: 1 });
  env = emulatorEnv(emu);
  // One folder for the file: the tests go on from each other's pulls (a test's own temporary
  // folders are removed after it).
  root = mkdtempSync(join(tmpdir(), 'fiscal-role-added-'));
}, 60_000);

afterAll(async () => {
  await emu?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function pull(type: string, roles: string, dir: string) {
  const r = await runMain(['-o', 'json', 'pull', type, '--role', roles, '--dir', dir], env);
  expect(r.code, r.stderr).toBe(0);
}

/** Every copy's status and manifestation, as the catalog says. */
async function statuses(dir: string) {
  const sql = 'SELECT key, role, owner, status, manifestation, manifested_at FROM documents ORDER BY key, role, owner';
  const r = await runMain(['query', '--dir', dir, sql, '-o', 'json'], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { key: string; role: string; status: string; manifestation: string | null }[];
}

describe('a role added later', () => {
  it('R30: NF-e emitted after received: the canceled notes of both, as one pull of both roles says', async () => {
    const [apart, together] = [join(root, 'nfe-apart'), join(root, 'nfe-together')];
    await pull('nfe', 'received', apart);
    await pull('nfe', 'emitted', apart);
    await pull('nfe', 'received,emitted', together);
    const rows = await statuses(apart);
    expect(rows).toEqual(await statuses(together));
    const emitted = emu.store.nfesOf(emu.accounts[0]!.id).byRole.emitted.map((e) => e.doc);
    const canceled = emitted.filter((d) => d.status === 'canceled').length;
    expect(canceled).toBeGreaterThan(0);
    expect(rows.filter((r) => r.role === 'emitted' && r.status === 'canceled')).toHaveLength(canceled);
  });

  it("a first pull knows each received note's latest manifestation, as the events would say", async () => {
    const dir = join(root, 'nfe-together');
    const received = emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.map((e) => e.doc);
    const manifested = received.filter((d) => d.manifestations.length > 0);
    expect(manifested.length).toBeGreaterThan(0);
    const rows = new Map((await statuses(dir)).filter((r) => r.role === 'received').map((r) => [r.key, r]));
    for (const d of received) {
      const active = d.manifestations.find((m) => m.Active) ?? d.manifestations.at(-1);
      expect(rows.get(d.accessKey)?.manifestation ?? null, d.accessKey).toBe(active?.Type ?? null);
    }
  });

  it('CT-e not-taker after taker: the past events of the new role, from the history', async () => {
    const [apart, together] = [join(root, 'cte-apart'), join(root, 'cte-together')];
    await pull('cte', 'taker', apart);
    await pull('cte', 'not-taker', apart);
    await pull('cte', 'taker,not-taker', together);
    const rows = await statuses(apart);
    expect(rows).toEqual(await statuses(together));
    expect(rows.some((r) => r.role === 'not-taker' && r.status === 'canceled')).toBe(true);
  });

  it('a night after: nothing taken again (one request per stream)', async () => {
    const dir = join(root, 'nfe-apart');
    const before = emu.stats().requests.total;
    await pull('nfe', 'received,emitted', dir);
    // Each role's listing, and the events' (one page saying there is no more).
    expect(emu.stats().requests.total - before).toBeLessThanOrEqual(3);
  });
});
