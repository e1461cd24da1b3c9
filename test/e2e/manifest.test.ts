// End to end: `fiscal manifest` (built CLI) against an emulator on a loopback port (R29).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let account: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  env = emulatorEnv(emu);
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const received = (manifested: boolean) =>
  emu.store
    .nfesOf(account)
    .byRole.received.map((e) => e.doc)
    .filter((d) => d.status === 'authorized' && d.manifestations.length > 0 === manifested);
const emittedOnly = () =>
  emu.store
    .nfesOf(account)
    .entries.map((e) => e.doc)
    .find((d) => d.roles.every((r) => r.role !== 'received'))!;

describe('fiscal manifest', () => {
  it('R29: search nfe --role received --has-manifestation=false | manifest aware --stdin --wait gives every key a manifestation', async () => {
    const search = await runCli(['search', 'nfe', '--role', 'received', '--has-manifestation=false', '-o', 'ndjson'], {
      env,
    });
    expect(search.exitCode, search.stderr).toBe(0);
    const keys = ndjson(search.stdout).map((r) => r.AccessKey ?? r.key);
    expect(keys.length).toBeGreaterThan(0);
    const r = await runInProcess(['manifest', 'aware', '--stdin', '--wait', '-o', 'ndjson'], {
      env,
      input: search.stdout,
    });
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => x.key).sort()).toEqual([...new Set(keys)].sort());
    // A canceled NF-e may be refused awareness (650); every other key is registered.
    for (const row of rows) expect(row.status === 'registered' || row.cstat === 650, JSON.stringify(row)).toBe(true);
    expect(r.exitCode, r.stderr).toBe(rows.every((x) => x.status === 'registered') ? 0 : 7);
    for (const row of rows.filter((x) => x.status === 'registered')) {
      expect(emu.store.findNfe(account, row.key)!.manifestations.at(-1)!.Type).toBe('210210');
    }
    const again = await runInProcess(
      ['search', 'nfe', '--role', 'received', '--has-manifestation=false', '-o', 'ndjson'],
      {
        env,
      },
    );
    const left = ndjson(again.stdout).map((x) => x.AccessKey ?? x.key);
    for (const row of rows.filter((x) => x.status === 'registered')) expect(left).not.toContain(row.key);
  });

  it('R29: asynchronous by default: a row per key with its 64-character request_id, which status then follows', async () => {
    const key = received(false)[0]!.accessKey;
    const r = await runInProcess(['manifest', 'confirm', key, '-o', 'ndjson'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const [row] = ndjson(r.stdout);
    expect(row).toMatchObject({ key, code: '210200', status: 'accepted' });
    expect(row!.request_id).toMatch(/^[0-9a-f]{64}$/);
    let status: Record<string, any> | undefined;
    while (status === undefined || status.status === 'pending') {
      const s = await runInProcess(['manifest', 'status', row!.request_id, '-o', 'ndjson'], { env });
      expect(s.exitCode, s.stderr).toBe(0);
      status = ndjson(s.stdout)[0];
    }
    expect(status).toMatchObject({ key, code: '210200', status: 'registered', cstat: 135 });
    const latest = await runInProcess(['manifest', 'latest', key, '--origin', 'api', '-o', 'ndjson'], { env });
    expect(ndjson(latest.stdout)).toEqual([{ key, code: '210200', meaning: 'confirmation' }]);
  });

  it("R29: --sync shows the tax authority's answer; a rejected key and a key not received fail their rows, exit 7", async () => {
    const [fresh, other] = received(false);
    const file = join(tempDir(), 'keys.txt');
    writeFileSync(file, `${other!.accessKey}\n${emittedOnly().accessKey}\n`);
    const first = await runInProcess(['manifest', 'confirm', fresh!.accessKey, '--sync', '-o', 'ndjson'], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(ndjson(first.stdout)[0]).toMatchObject({
      status: 'registered',
      cstat: 135,
      protocol: expect.stringMatching(/^\d{15}$/),
    });
    const r = await runInProcess(['manifest', 'confirm', fresh!.accessKey, '--file', file, '--sync', '-o', 'ndjson'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.key, x.status])).toEqual([
      [fresh!.accessKey, 'rejected'],
      [other!.accessKey, 'registered'],
      [emittedOnly().accessKey, 'error'],
    ]);
    expect(rows[0]).toMatchObject({ cstat: 573 });
  });

  it('R29: not-performed without --justification (or with a short one) exits 2 before sending', async () => {
    const key = received(false)[0]!.accessKey;
    emu.resetStats();
    const none = await runInProcess(['manifest', 'not-performed', key], { env });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('--justification');
    const short = await runInProcess(['manifest', 'not-performed', key, '--justification', 'curta'], { env });
    expect(short.exitCode).toBe(2);
    expect(emu.stats().requests.total).toBe(0);
    const ok = await runInProcess(
      ['manifest', 'not-performed', key, '--justification', 'mercadoria nunca foi entregue', '--sync', '-o', 'ndjson'],
      { env },
    );
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(emu.store.findNfe(account, key)!.manifestations.at(-1)!.Type).toBe('210240');
  });

  it('R7: a bad key exits 2 naming it, before anything is sent; --dry-run sends nothing', async () => {
    const key = received(false)[0]!.accessKey;
    const bad = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    emu.resetStats();
    const r = await runInProcess(['manifest', 'aware', key, bad], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(bad);
    const dry = await runInProcess(['manifest', 'aware', key, '--dry-run', '-o', 'ndjson'], { env });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(ndjson(dry.stdout)).toEqual([expect.objectContaining({ key, code: '210210', status: 'dry-run' })]);
    expect(emu.stats().requests.total).toBe(0);
    expect(emu.store.findNfe(account, key)!.manifestations).toEqual([]);
  });
});
