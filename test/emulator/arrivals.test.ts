// Documents arriving while the emulator runs (R13): next positions, saved cursors resume with
// exactly what arrived, realistic and deterministic documents, the admin endpoint and the timer.
import { afterEach, describe, expect, it } from 'vitest';
import { NFE_ROLES, type NfeRole } from '../../src/api/wire/nfe.js';
import { isAccessKey } from '../../src/fiscal/access-key.js';
import type { Account } from '../../src/emulator/model.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/server.js';
import { authHeaders, get, postV2, startSmall } from './fixtures.js';

/** Mid-month, so that an arrival's emission month (in its access key) is the same in every run. */
const NOW = new Date('2026-03-15T12:00:00-03:00');

let emus: Emulator[] = [];
afterEach(async () => {
  await Promise.all(emus.map((e) => e.close()));
  emus = [];
});

async function generated(options: EmulatorOptions = {}): Promise<Emulator> {
  const emu = await createEmulator({ port: 0, seed: 3, docs: 40, now: NOW, ...options });
  emus.push(emu);
  return emu;
}

/** Follows the v1 cursor of a role from `cursor` to the end: the keys seen and the cursor to save. */
async function walk(
  emu: Emulator,
  account: Account,
  role: NfeRole,
  cursor: number,
): Promise<{ keys: string[]; next: number }> {
  const keys: string[] = [];
  for (let pages = 0; pages < 100; pages++) {
    const r = await get(emu, `/v1/nfe/${role}?cursor=${cursor}&limit=7`, authHeaders(account));
    expect(r.status).toBe(200);
    keys.push(...r.body.data.map((d: { access_key: string }) => d.access_key));
    const next = Number(new URL(r.body.page.next).searchParams.get('cursor'));
    if (r.body.data.length === 0) return { keys, next };
    cursor = next;
  }
  throw new Error('the walk did not end');
}

function postArrivals(emu: Emulator, body: unknown): Promise<Response> {
  return fetch(`${emu.url}/_emulator/arrivals`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('R13: arrivals', () => {
  it('R13: new documents get the next, higher positions; existing positions never change', async () => {
    const emu = await generated();
    const account = emu.accounts[0]!;
    const before = emu.store.nfesOf(account.id).entries.map((e) => [e.doc.accessKey, e.doc.position]);
    const lastPosition = before[before.length - 1]![1] as number;
    const added = emu.addArrivals(5, account.id);
    expect(added).toHaveLength(5);
    expect(added.map((a) => a.position)).toEqual([1, 2, 3, 4, 5].map((i) => lastPosition + i));
    expect(added.every((a) => a.account === account.id)).toBe(true);
    const after = emu.store.nfesOf(account.id).entries.map((e) => [e.doc.accessKey, e.doc.position]);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(emu.stats().documents).toMatchObject({ [account.id]: 45, acc_2: 40 });
  });

  it('R13: a saved v1 cursor returns exactly the new documents afterwards, per role', async () => {
    const emu = await generated();
    const account = emu.accounts[0]!;
    const saved = {} as Record<NfeRole, number>;
    for (const role of NFE_ROLES) saved[role] = (await walk(emu, account, role, 0)).next;

    const r = await postArrivals(emu, { account: account.id, count: 12 });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.status).toEqual({ code: 200, message: 'OK' });
    const added: { account: string; access_key: string; position: number }[] = body.data.added;
    expect(added).toHaveLength(12);

    const seen = new Set<string>();
    for (const role of NFE_ROLES) {
      const { keys } = await walk(emu, account, role, saved[role]);
      const expected = added.filter((a) =>
        emu.store.findNfe(account.id, a.access_key)!.roles.some((x) => x.role === role),
      );
      expect(keys).toEqual(expected.map((a) => a.access_key));
      for (const key of keys) seen.add(key);
    }
    expect([...seen].sort()).toEqual(added.map((a) => a.access_key).sort());
  });

  it('R7/R19: arrivals are realistic: valid keys of their emission month, XML rendered for them, seen by a default v2 search', async () => {
    const emu = await generated();
    const account = emu.accounts[1]!;
    const startMs = emu.now();
    const added = emu.addArrivals(8, account.id);
    for (const { accessKey } of added) {
      const doc = emu.store.findNfe(account.id, accessKey)!;
      expect(isAccessKey(accessKey)).toBe(true);
      expect(accessKey.slice(2, 6)).toBe(doc.emissionDate.slice(2, 4) + doc.emissionDate.slice(5, 7));
      expect(doc.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
      const createdMs = Date.parse(doc.createdAt);
      expect(createdMs).toBeGreaterThanOrEqual(Math.floor(startMs / 1000) * 1000);
      expect(createdMs).toBeLessThanOrEqual(emu.now());
      expect(Date.parse(doc.emissionDate)).toBeLessThan(createdMs);
      expect(Date.parse(doc.emissionDate)).toBeGreaterThan(createdMs - 6 * 24 * 3600_000);
      expect(doc).toMatchObject({ status: 'authorized', events: [], manifestations: [] });
      expect(doc.roles.length).toBeGreaterThan(0);
    }
    const page = await get(
      emu,
      `/v1/nfe/${emu.store.findNfe(account.id, added[0]!.accessKey)!.roles[0]!.role}?access_key[]=${added[0]!.accessKey}`,
      authHeaders(account),
    );
    const xml = Buffer.from(page.body.data[0].xml, 'base64').toString('utf8');
    const doc = emu.store.findNfe(account.id, added[0]!.accessKey)!;
    expect(xml).toContain(`Id="NFe${doc.accessKey}"`);
    expect(xml).toContain(`<dhEmi>${doc.emissionDate}</dhEmi>`);
    expect(xml).toContain(`<vNF>${doc.totalValue}</vNF>`);
    const v2 = await postV2(emu, { Fields: ['AccessKey'] }, authHeaders(account));
    const found = new Set(v2.body.Nfes.map((n: { AccessKey: string }) => n.AccessKey));
    for (const { accessKey } of added) expect(found.has(accessKey)).toBe(true);
  });

  it('arrivals are deterministic for a seed: the n-th arrival of an account is the same however they are batched', async () => {
    const a = await generated();
    const b = await generated();
    const batched = [...a.addArrivals(2), ...a.addArrivals(3)];
    const once = b.addArrivals(5);
    const describe = (emu: Emulator, list: typeof once) =>
      emu.accounts.map((acc) =>
        list
          .filter((x) => x.account === acc.id)
          .map((x) => {
            const { createdAt: _c, emissionDate: _e, ...doc } = emu.store.findNfe(acc.id, x.accessKey)!;
            return doc;
          }),
      );
    expect(describe(a, batched)).toEqual(describe(b, once));
    expect(new Set(once.map((x) => x.accessKey)).size).toBe(15);
    const other = await generated({ seed: 4 });
    const otherKeys = other.addArrivals(5).map((x) => x.accessKey);
    expect(otherKeys.filter((k) => once.some((x) => x.accessKey === k))).toEqual([]);
  });

  it('arrivals work on a hand-made dataset, single-company accounts included', async () => {
    const emu = await startSmall();
    emus.push(emu);
    const added = emu.addArrivals(3);
    expect(added.map((a) => [a.account, a.position])).toEqual([
      ['acc_1', 22],
      ['acc_1', 23],
      ['acc_1', 24],
      ['acc_2', 2],
      ['acc_2', 3],
      ['acc_2', 4],
    ]);
    for (const { account, accessKey } of added) {
      const owners = emu.accounts.find((x) => x.id === account)!.companies.map((c) => c.cnpj);
      const doc = emu.store.findNfe(account, accessKey)!;
      expect(doc.roles.length).toBeGreaterThan(0);
      for (const role of doc.roles) expect(owners).toContain(role.owner);
    }
  });
});

describe('POST /_emulator/arrivals and --arrival-rate', () => {
  it('adds to every account by default; refuses bad bodies with a 400 naming the field', async () => {
    const emu = await generated({ docs: 5 });
    const all = await (await postArrivals(emu, { count: 2 })).json();
    expect(all.data.added.map((a: { account: string }) => a.account)).toEqual([
      'acc_1',
      'acc_1',
      'acc_2',
      'acc_2',
      'acc_3',
      'acc_3',
    ]);
    expect(all.data.added[0]).toEqual({
      account: 'acc_1',
      access_key: expect.stringMatching(/^\d{44}$/),
      position: expect.any(Number),
    });
    const cases: [unknown, RegExp][] = [
      [{}, /^count: /],
      [{ count: -1 }, /^count: /],
      [{ count: 1.5 }, /^count: /],
      [{ count: 100_001 }, /^count: /],
      [{ count: 1, account: 'acc_9' }, /^account: no account "acc_9"; accounts are acc_1, acc_2, acc_3/],
      [{ count: 1, accounts: 'acc_1' }, /unrecognized key/i],
      ['{"count": ', /^malformed JSON body/],
    ];
    for (const [body, message] of cases) {
      const r = await postArrivals(emu, body);
      expect(r.status).toBe(400);
      expect((await r.json()).error.message).toMatch(message);
    }
    expect(emu.stats().documents).toEqual({ acc_1: 7, acc_2: 7, acc_3: 7 });
  });

  it('--arrival-rate adds documents to every account over time, and close() stops it', async () => {
    const emu = await generated({ docs: 5, arrivalRate: 40 });
    for (let i = 0; i < 800 && emu.stats().documents.acc_3! <= 5; i++) await new Promise((r) => setTimeout(r, 25));
    const grown = emu.stats().documents;
    expect(grown.acc_1).toBeGreaterThan(5);
    expect(grown.acc_3).toBeGreaterThan(5);
    await emu.close();
    const atClose = emu.stats().documents;
    await new Promise((r) => setTimeout(r, 300));
    expect(emu.stats().documents).toEqual(atClose);
  });
});
