// End to end: `fiscal flag`, `fiscal props`, `fiscal labels` and `search nfe --where` (built CLI)
// against an emulator on a loopback port (R27, R28, R17, R10, R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let accountId: string;
let received: { accessKey: string; owner: string }[];
let foreignKey: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  env = emulatorEnv(emu);
  accountId = emu.accounts[0]!.id;
  const entries = emu.store.nfesOf(accountId).byRole.received;
  // Start from no `status` on the received documents, so a search for it finds only what is set here.
  for (const { doc } of entries) {
    const { status: _status, ...rest } = doc.properties;
    doc.properties = rest;
  }
  received = entries
    .slice(0, 4)
    .map(({ doc }) => ({ accessKey: doc.accessKey, owner: doc.roles.find((r) => r.role === 'received')!.owner }));
  foreignKey = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
});
afterAll(async () => emu?.close());

const keyOf = (row: Record<string, any>) => (row.AccessKey ?? row.access_key ?? row.key) as string;

describe('fiscal flag', () => {
  it('R27: flags a document; the flags land in its FlagErp', async () => {
    const { accessKey, owner } = received[0]!;
    const r = await runCli(
      ['flag', 'nfe', accessKey, '--owner', owner, '--set', 'erp_id=884', '--set', 'exported=true'],
      { env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => [row.key, row.value, row.status])).toEqual([
      ['erp_id', '884', 'flagged'],
      ['exported', 'true', 'flagged'],
    ]);
    expect(emu.store.findNfe(accountId, accessKey)!.flagErp).toMatchObject({ erp_id: '884', exported: 'true' });
  });

  it('R27: missing fields exit 2 naming each of them, and nothing is sent', async () => {
    const before = emu.stats().requests.total;
    const r = await runInProcess(['flag', 'nfe'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/<id> is missing/);
    expect(r.stderr).toMatch(/--owner is missing/);
    expect(r.stderr).toMatch(/--set is missing/);
    expect(emu.stats().requests.total).toBe(before);
  });

  it("R3: another account's document is a 404: exit 4", async () => {
    const r = await runInProcess(['flag', 'nfe', foreignKey, '--owner', received[0]!.owner, '--set', 'k=v'], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/404/);
  });

  it('--dry-run shows the flags and sends nothing', async () => {
    const before = emu.stats().requests.total;
    const { accessKey, owner } = received[1]!;
    const r = await runInProcess(['flag', 'nfe', accessKey, '--owner', owner, '--set', 'erp_id=1', '--dry-run'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)[0]).toMatchObject({ key: 'erp_id', status: 'dry-run' });
    expect(emu.stats().requests.total).toBe(before);
    expect(emu.store.findNfe(accountId, accessKey)!.flagErp.erp_id).toBeUndefined();
  });
});

describe('fiscal props and search --where', () => {
  it('R28, R17: props set then search nfe --role received --where status=done finds exactly those keys', async () => {
    const keys = received.slice(0, 3).map((d) => d.accessKey);
    const set = await runInProcess(['props', 'set', 'status', 'done', ...keys, '--role', 'received'], { env });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(ndjson(set.stdout).map((row) => [row.access_key, row.status])).toEqual(keys.map((k) => [k, 'ok']));
    const found = await runInProcess(
      ['search', 'nfe', '--role', 'received', '--where', 'status=done', '--all', '-o', 'ndjson'],
      { env },
    );
    expect(found.exitCode, found.stderr).toBe(0);
    expect(ndjson(found.stdout).map(keyOf).sort()).toEqual([...keys].sort());
  });

  it('R17: --where with --filter is a usage error (exit 2)', async () => {
    const r = await runInProcess(
      ['search', 'nfe', '--role', 'received', '--where', 'status=done', '--filter', '(NOT_EXISTS x)'],
      { env },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--where/);
  });

  it('R28: a key the account does not hold is a failed row, the others are set; exit 7', async () => {
    const r = await runInProcess(['props', 'set', 'erp_ref', 'E1', received[3]!.accessKey, foreignKey], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(ndjson(r.stdout).map((row) => row.status)).toEqual(['ok', 'error']);
    expect(emu.store.findNfe(emu.accounts[1]!.id, foreignKey)!.properties.erp_ref).toBeUndefined();
  });

  it('props set --dry-run sends nothing; a bad key exits 2', async () => {
    const before = emu.stats().requests.total;
    const dry = await runInProcess(['props', 'set', 'status', 'x', received[3]!.accessKey, '--dry-run'], { env });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(ndjson(dry.stdout)[0]).toMatchObject({ status: 'dry-run' });
    const bad = await runInProcess(['props', 'set', 'status', 'x', '123'], { env });
    expect(bad.exitCode).toBe(2);
    expect(emu.stats().requests.total).toBe(before);
  });

  it('props list shows the default status property', async () => {
    const r = await runInProcess(['props', 'list', '-o', 'ndjson'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toContainEqual(expect.objectContaining({ name: 'status', default: true }));
  });
});

describe('fiscal labels', () => {
  it('apply, list and remove a label', async () => {
    const key = received[2]!.accessKey;
    const apply = await runInProcess(['labels', 'apply', '--label', 'conferido', key], { env });
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(ndjson(apply.stdout)[0]).toMatchObject({ id: key, status: 'ok' });
    const list = await runInProcess(['labels', 'list', '-o', 'ndjson'], { env });
    expect(ndjson(list.stdout)).toContainEqual({ name: 'conferido', documents: 1 });
    const remove = await runInProcess(['labels', 'remove', '--label', 'conferido', key], { env });
    expect(remove.exitCode, remove.stderr).toBe(0);
    expect(emu.store.findNfe(accountId, key)!.tags).not.toContain('conferido');
  });
});
