// End to end: `fiscal search nfse|nfce|mdfe`, the built CLI against an emulator on a loopback
// port. Expectations come from the emulator's store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseId } from '../../src/emulator/data/nfse.js';
import type { DocIndex } from '../../src/emulator/doc-index.js';
import type { StoredMdfe, StoredNfce, StoredNfse } from '../../src/emulator/model-docs.js';
import { runCliInTerminal, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let nfses: DocIndex<StoredNfse>;
let nfces: DocIndex<StoredNfce>;
let mdfes: DocIndex<StoredMdfe>;

beforeAll(async () => {
  emu = await startEmulator();
  env = emulatorEnv(emu);
  const id = emu.accounts[0]!.id;
  nfses = emu.store.docsOf(id, 'nfse');
  nfces = emu.store.docsOf(id, 'nfce');
  mdfes = emu.store.docsOf(id, 'mdfe');
});
afterAll(async () => emu?.close());

const ROLE_OF = { emitter: 'emitted', taker: 'received', intermediate: 'intermediate' } as const;

describe('fiscal search nfse', () => {
  it('R22: --role received --all follows the paginator across pages and yields every taker record', async () => {
    const expected = nfses.records.filter((r) => r.role === 'received').map((r) => nfseId(r.owner, r.entry.doc));
    expect(expected.length).toBeGreaterThan(50);
    const r = await runInProcess(['search', 'nfse', '--role', 'received', '--all'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.map((x) => x.id)).toEqual(expected);
    for (const x of records) expect(ROLE_OF[x.document.ownerRole as keyof typeof ROLE_OF]).toBe('received');
  });

  it('R22: --competence, --no-canceled and --limit map to competence, isCanceled "false" and limit', async () => {
    const month = nfses.records[0]!.entry.doc.competence;
    const expected = nfses.records.filter((r) => r.entry.doc.competence === month && !r.entry.doc.isCanceled);
    const r = await runInProcess(['search', 'nfse', '--competence', month, '--no-canceled', '--limit', '3'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => x.id)).toEqual(expected.slice(0, 3).map((x) => nfseId(x.owner, x.entry.doc)));
    const canceled = await runInProcess(['search', 'nfse', '--canceled', '--all'], { env });
    expect(ndjson(canceled.stdout).length).toBe(nfses.records.filter((x) => x.entry.doc.isCanceled).length);
  });

  it('R10: --id finds one record; --fields xmlAbrasf brings the CompNfse', async () => {
    const rec = nfses.records[7]!;
    const id = nfseId(rec.owner, rec.entry.doc);
    const r = await runInProcess(['search', 'nfse', '--id', id, '--fields', 'document,xmlAbrasf'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const [x] = ndjson(r.stdout);
    expect(x!.id).toBe(id);
    expect(Buffer.from(x!.xmlAbrasf, 'base64').toString('utf8')).toContain(`<Numero>${rec.entry.doc.number}</Numero>`);
  });

  it('R17: --filter uses the role listing, reading the document facts from the XML', async () => {
    const expected = nfses.byRole('emitted').filter((e) => e.doc.properties.status === 'done');
    const r = await runInProcess(['search', 'nfse', '--role', 'emitted', '--filter', '(= status done)', '--all'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.map((x) => x.document.number)).toEqual(expected.map((e) => e.doc.number));
    expect(records.map((x) => x.document.isCanceled)).toEqual(expected.map((e) => e.doc.isCanceled));
  });

  it('prints a table on a terminal and CSV with -o csv', async () => {
    const t = await runCliInTerminal(['search', 'nfse', '--limit', '4'], { env });
    expect(t.exitCode, t.stdout).toBe(0);
    for (const col of ['ID', 'NUMBER', 'COMPETENCE', 'TAKER', 'CANCELED']) expect(t.stdout).toContain(col);
    const csv = await runInProcess(['-o', 'csv', 'search', 'nfse', '--limit', '5'], { env });
    const rows = csv.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^id,number,emission_date,competence/);
    expect(rows).toHaveLength(6);
  });

  it.each([
    [['--competence', '2026-13'], '--competence'],
    [['--filter', '(= a b)', '--role', 'emitted', '--competence', '2026-01'], '--competence'],
  ])('validation: %j exits 2 naming %s, before any request', async (args, flag) => {
    const r = await runInProcess(['search', 'nfse', ...args], { env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(flag);
  });
});

describe('fiscal search nfce', () => {
  it('R12: --all walks every page of the emitted listing', async () => {
    const r = await runInProcess(['search', 'nfce', '--all'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.length).toBeGreaterThan(50);
    expect(records.map((x) => x.AccessKey)).toEqual(nfces.byRole('emitted').map((e) => e.doc.accessKey));
    expect(records[0]!.EmitterCnpj).toBe(nfces.byRole('emitted')[0]!.doc.emitter.cnpj);
  });

  it('R16: --key selects those NFC-e', async () => {
    const keys = [nfces.entries[4]!.doc.accessKey, nfces.entries[9]!.doc.accessKey];
    const r = await runInProcess(['search', 'nfce', '--key', keys.join(',')], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => x.AccessKey)).toEqual(keys);
  });

  it('R7: a key of another model exits 2 naming --key', async () => {
    const nfe = emu.store.nfesOf(emu.accounts[0]!.id).entries[0]!.doc.accessKey;
    const wrongModel = await runInProcess(['search', 'nfce', '--key', nfe], { env });
    expect(wrongModel.exitCode).toBe(2);
    expect(wrongModel.stderr).toMatch(/--key.*model 55/);
  });
});

describe('fiscal search mdfe', () => {
  it('--status closed --all yields every closed record across pages of the body search', async () => {
    const expected = mdfes.records.filter((r) => r.entry.doc.status === 'closed');
    const r = await runInProcess(['search', 'mdfe', '--status', 'closed', '--all'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.map((x) => `${x.AccessKey}/${x.Owner}`)).toEqual(
      expected.map((e) => `${e.entry.doc.accessKey}/${e.owner}`),
    );
    for (const x of records) expect(x.Status).toBe('closed');
  });

  it('--plate, --uf and --cte map to Plate, Ufs and Ctes', async () => {
    const doc = mdfes.records.find((r) => r.entry.doc.cteKeys.length > 0)!.entry.doc;
    const r = await runInProcess(
      ['search', 'mdfe', '--plate', doc.plate, '--uf', doc.endUf, '--cte', doc.cteKeys[0]!, '--all'],
      { env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const keys = new Set(ndjson(r.stdout).map((x) => x.AccessKey));
    expect(keys).toEqual(new Set([doc.accessKey]));
  });

  it('R17: --filter lists one role with the status read from the events', async () => {
    const expected = mdfes.byRole('emitted').filter((e) => e.doc.properties.status === 'done');
    const r = await runInProcess(['search', 'mdfe', '--role', 'emitted', '--filter', '(= status done)', '--all'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.map((x) => x.AccessKey)).toEqual(expected.map((e) => e.doc.accessKey));
    expect(records.map((x) => x.Status)).toEqual(expected.map((e) => e.doc.status));
  });

  it.each([
    [['--status', 'open'], '--status'],
    [['--plate', '12345'], '--plate'],
  ])('validation: %j exits 2 naming %s', async (args, flag) => {
    const r = await runInProcess(['search', 'mdfe', ...args], { env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(flag);
  });
});
