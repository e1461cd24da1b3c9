// End to end: whom a pull without --owner files a document under, in a role several parties may
// hold (CT-e not-taker and authorized, CT-e OS not-taker, NF-e authorized, MDF-e contractor and
// authorized): each of the account's companies that holds it, never another party of the XML (a
// carrier, a sender outside the account). Compared with the emulator's own account data, with the
// Owner of the service's records (spec 2.2) and with the catalog's owner column.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 150, otherDocs: 150 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const account = () => emu.accounts[0]!;
const companies = () => new Set(account().companies.map((c) => c.cnpj));
const pairs = (list: Array<{ key: string; owner: string }>) => list.map((p) => `${p.key} ${p.owner}`).sort();

/** The (key, owner) pairs the emulator holds for `role`: its own record of who holds the role. */
function heldIn(type: 'nfe' | 'cte' | 'cteos' | 'mdfe', role: string): Array<{ key: string; owner: string }> {
  const docs =
    type === 'nfe'
      ? emu.store.nfesOf(account().id).entries.map((e) => e.doc)
      : emu.store.docsOf(account().id, type).entries.map((e) => e.doc);
  return docs.flatMap((d) =>
    (d.roles as ReadonlyArray<{ owner: string; role: string }>)
      .filter((r) => r.role === role)
      .map((r) => ({ key: d.accessKey, owner: r.owner })),
  );
}

async function pull(type: string, role: string, extra: string[] = []) {
  const dir = tempDir();
  const r = await runInProcess(
    ['-o', 'json', 'pull', type, '--role', role, '--dir', dir, '--without-events', ...extra],
    {
      env,
    },
  );
  expect(r.exitCode, r.stderr).toBe(0);
  const lines = readNdjson(join(dir, 'index.ndjson')) as Array<{ key: string; owner: string; path: string }>;
  return { dir, lines };
}

async function companiesRequests(): Promise<number> {
  const stats = (await (await fetch(`${emu.url}/_emulator/stats`)).json()) as {
    data: { requests: { byRoute: Record<string, number> } };
  };
  return stats.data.requests.byRoute['GET /v1/companies'] ?? 0;
}

describe('pull without --owner, a role several parties may hold', () => {
  it.each([
    ['cte', 'not-taker'],
    ['cte', 'authorized'],
    ['cteos', 'not-taker'],
    ['nfe', 'authorized'],
    ['mdfe', 'contractor'],
    ['mdfe', 'authorized'],
  ] as const)("%s %s: each document under each of the account's companies holding the role", async (type, role) => {
    const held = heldIn(type, role);
    expect(held.length).toBeGreaterThan(0);
    const { lines } = await pull(type, role);
    expect(pairs(lines)).toEqual(pairs(held));
    for (const l of lines) {
      expect(companies().has(l.owner), l.path).toBe(true);
      expect(l.path.startsWith(`${l.owner}/${type}/${role}/`)).toBe(true);
    }
  });

  it("cte not-taker: the folder, the service's Owner and the catalog's owner column agree", async () => {
    const { dir, lines } = await pull('cte', 'not-taker');
    // The old rule (the first party not taking) filed these under carriers outside the account.
    const keys = new Set(lines.map((l) => l.key));
    expect(lines.length).toBeGreaterThan(keys.size);

    const search = await runInProcess(
      ['-o', 'json', 'search', 'cte', '--role', 'not-taker', '--fields', 'AccessKey,Owner,OwnerRole', '--all'],
      { env },
    );
    expect(search.exitCode, search.stderr).toBe(0);
    const records = JSON.parse(search.stdout) as Array<{ AccessKey: string; Owner: string; OwnerRole: string }>;
    const listed = records
      .filter((r) => r.OwnerRole === 'not-taker')
      .map((r) => ({ key: r.AccessKey, owner: r.Owner }));
    expect(pairs(lines)).toEqual(pairs(listed));

    const query = await runInProcess(
      ['-o', 'json', 'query', '--dir', dir, "SELECT key, owner FROM documents WHERE role = 'not-taker'"],
      { env },
    );
    expect(query.exitCode, query.stderr).toBe(0);
    expect(pairs(JSON.parse(query.stdout) as Array<{ key: string; owner: string }>)).toEqual(pairs(listed));

    // The same as the pulls of each company's --owner together.
    const each = [];
    for (const owner of companies()) each.push(...(await pull('cte', 'not-taker', ['--owner', owner])).lines);
    expect(pairs(each)).toEqual(pairs(lines));
  });

  it('reads the companies once a run, and only for such a role', async () => {
    let before = await companiesRequests();
    await pull('cte', 'taker');
    expect(await companiesRequests()).toBe(before);

    before = await companiesRequests();
    await pull('cte', 'not-taker');
    const once = (await companiesRequests()) - before;
    expect(once).toBeGreaterThan(0);

    before = await companiesRequests();
    await pull('cte', 'not-taker,authorized');
    expect((await companiesRequests()) - before).toBe(once);
  });
});
