// End to end: `fiscal search cte` and `search cteos`, the built CLI against an emulator on a
// loopback port. Expected results are computed from the emulator's store, never written down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocRecord } from '../../src/emulator/doc-index.js';
import type { StoredCte, StoredCteOs } from '../../src/emulator/model-docs.js';
import { buildAccessKey, isAccessKey } from '../../src/fiscal/access-key.js';
import { parseCsv } from '../helpers/csv.js';
import { runCliInTerminal, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  // Enough CT-e that --all needs more than one 500-record page.
  emu = await startEmulator({ otherDocs: 600 });
  env = emulatorEnv(emu);
  accountId = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const cteRecords = () => emu.store.docsOf(accountId, 'cte').records as readonly DocRecord<StoredCte>[];
const cteOsRecords = () => emu.store.docsOf(accountId, 'cteos').records as readonly DocRecord<StoredCteOs>[];
const ids = (rs: readonly { entry: { doc: { accessKey: string } }; owner: string }[]) =>
  rs.map((r) => `${r.entry.doc.accessKey}/${r.owner}`);
const idsOf = (rs: Record<string, any>[]) => rs.map((r) => `${r.AccessKey}/${r.Owner}`);

async function search(args: string[]) {
  const r = await runInProcess(['search', ...args], { env });
  expect(r.exitCode, r.stderr).toBe(0);
  return ndjson(r.stdout);
}

describe('fiscal search cte', () => {
  it('writes NDJSON when piped: --role taker --limit 20 gives the first 20 taker records with the default fields', async () => {
    const records = await search(['cte', '--role', 'taker', '--limit', '20']);
    expect(idsOf(records)).toEqual(
      ids(
        cteRecords()
          .filter((r) => r.role === 'taker')
          .slice(0, 20),
      ),
    );
    for (const rec of records) {
      expect(Object.keys(rec).sort()).toEqual([
        'AccessKey',
        'CreatedAt',
        'Document',
        'EmissionDate',
        'Emitter',
        'Number',
        'Owner',
        'OwnerRole',
        'Status',
        'Taker',
      ]);
      expect(isAccessKey(rec.AccessKey)).toBe(true);
      expect(rec.OwnerRole).toBe('taker');
    }
  });

  it('R21: --all follows the Paginator past one 500-record page and yields every record once', async () => {
    const all = cteRecords();
    expect(all.length).toBeGreaterThan(500);
    const records = await search(['cte', '--all', '--fields', 'AccessKey,Owner']);
    expect(idsOf(records)).toEqual(ids(all));
  });

  it('R21: --type (codes and names), --nfe and --not-taker narrow to what the store holds', async () => {
    const all = cteRecords();
    const typed = await search(['cte', '--cte-type', 'complementary', '--cte-type', '3', '--all']);
    expect(idsOf(typed)).toEqual(ids(all.filter((r) => r.entry.doc.cteType !== '0')));
    expect(typed.length).toBeGreaterThan(0);
    const nfeKey = all.find((r) => r.entry.doc.nfeKeys.length > 0)!.entry.doc.nfeKeys[0]!;
    const carrying = await search(['cte', '--nfe', nfeKey, '--all']);
    expect(idsOf(carrying)).toEqual(ids(all.filter((r) => r.entry.doc.nfeKeys.includes(nfeKey))));
    const others = await search(['cte', '--role', 'not-taker,authorized', '--all', '--fields', 'AccessKey,Owner']);
    expect(idsOf(others)).toEqual(ids(all.filter((r) => r.role !== 'taker')));
  });

  it('--role authorized keeps only that role although the API filters by IsTaker only', async () => {
    const records = await search(['cte', '--role', 'authorized', '--all']);
    const expected = cteRecords().filter((r) => r.role === 'authorized');
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(records)).toEqual(ids(expected));
  });

  it('R23: --prop, --status, --emitter and --from/--to select the same records as the store', async () => {
    const all = cteRecords();
    const [name, value] = Object.entries(
      all.find((r) => Object.keys(r.entry.doc.properties).length > 0)!.entry.doc.properties,
    )[0]!;
    const sample = all[11]!.entry.doc;
    const day = sample.emissionDate.slice(0, 10);
    const cases: [string[], (r: DocRecord<StoredCte>) => boolean][] = [
      [['--prop', `${name}=${value}`], (r) => r.entry.doc.properties[name] === value],
      [['--status', 'canceled'], (r) => r.entry.doc.status === 'canceled'],
      [['--emitter', sample.emitter.cnpj!], (r) => r.entry.doc.emitter.cnpj === sample.emitter.cnpj],
      [['--from', day, '--to', day], (r) => r.entry.doc.emissionDate.slice(0, 10) === day],
    ];
    for (const [args, test] of cases) {
      const expected = all.filter(test);
      expect(expected.length, args.join(' ')).toBeGreaterThan(0);
      expect(idsOf(await search(['cte', ...args, '--all'])), args.join(' ')).toEqual(ids(expected));
    }
  });

  it('R17: --filter uses the role listing and selects by custom property', async () => {
    const taking = emu.store.docsOf(accountId, 'cte').byRole('taker');
    const [name, value] = Object.entries(
      taking.find((e) => Object.keys(e.doc.properties).length > 0)!.doc.properties,
    )[0]!;
    const records = await search(['cte', '--role', 'taker', '--filter', `(= ${name} ${value})`, '--all']);
    const expected = taking.filter((e) => e.doc.properties[name] === value);
    expect(records.map((r) => r.AccessKey)).toEqual(expected.map((e) => e.doc.accessKey));
    expect(records.length).toBeGreaterThan(0);
    const first = records[0]!;
    const doc = expected[0]!.doc;
    expect(first).toMatchObject({
      Number: doc.number,
      EmissionDate: doc.emissionDate,
      OwnerRole: 'taker',
      Status: doc.status,
    });
    expect(first.Emitter.Cnpj || first.Emitter.Cpf).toBe(doc.emitter.cnpj ?? doc.emitter.cpf);
  });

  it('R11/R13: --api v1 --all walks the role listing across many 50-document pages', async () => {
    const expected = emu.store
      .docsOf(accountId, 'cte')
      .byRole('not-taker')
      .map((e) => e.doc.accessKey);
    expect(expected.length).toBeGreaterThan(100);
    const records = await search(['cte', '--api', 'v1', '--role', 'not-taker', '--all', '--fields', 'AccessKey']);
    expect(records.map((r) => r.AccessKey)).toEqual(expected);
  });

  it('prints an aligned table with the CT-e columns on a terminal', async () => {
    const r = await runCliInTerminal(['search', 'cte', '--limit', '5'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l.trim());
    const header = lines.find((l) => l.includes('KEY'))!;
    for (const col of ['KEY', 'NUMBER', 'EMITTED', 'EMITTER', 'TAKER', 'STATUS', 'ROLE']) expect(header).toContain(col);
    const rows = lines.filter((l) => /\d{44}/.test(l));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toContain(cteRecords()[0]!.entry.doc.accessKey);
    expect(r.stdout).not.toContain('{"');
  });

  it('-o csv writes the CT-e header and one row per record', async () => {
    const r = await runInProcess(['-o', 'csv', 'search', 'cte', '--limit', '4'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe(
      'access_key,number,emission_date,created_at,emitter_cnpj_cpf,emitter_name,taker_cnpj_cpf,taker_name,total_value,status,owner,owner_role',
    );
    expect(rows).toHaveLength(5);
    // The value the table shows is in the CSV too.
    const json = JSON.parse((await runInProcess(['-o', 'json', 'search', 'cte', '--limit', '4'], { env })).stdout);
    expect(parseCsv(r.stdout).map((x) => x.total_value)).toEqual(json.map((x: any) => x.Document.TotalValue));
  });

  const nfeKey = buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '11222333000181',
    model: '55',
    series: '1',
    number: '1',
    emissionType: '1',
    code: '12345678',
  });
  it.each([
    [['--nfe', `${nfeKey.slice(0, 43)}${(Number(nfeKey[43]) + 1) % 10}`], '--nfe'],
    [
      [
        '--nfe',
        buildAccessKey({
          uf: '35',
          yymm: '2601',
          issuer: '11222333000181',
          model: '57',
          series: '1',
          number: '1',
          emissionType: '1',
          code: '12345678',
        }),
      ],
      '--nfe',
    ],
    [['--key', nfeKey], '--key'],
    [['--emitter', '11222333000180'], '--emitter'],
    [['--owner', '123'], '--owner'],
    [['--cte-type', '2'], '--cte-type'],
    [['--role', 'emitted'], '--role'],
    [['--taker', 'yes'], '--taker'],
    [['--role', 'taker', '--not-taker'], '--not-taker'],
    [['--from', '2026-02-30'], '--from'],
    [['--limit', '0'], '--limit'],
    [['--fields', 'Nope'], '--fields'],
    [['--prop', 'novalue'], '--prop'],
    [['--filter', '(= a'], '--filter'],
    [['--filter', '(= a b)', '--status', 'canceled'], '--status'],
    [['--api', 'v1', '--role', 'taker,not-taker'], '--role'],
    [['--has-cce', 'maybe'], '--has-cce'],
  ])('rejects %j with exit 2 naming the flag, sending nothing', async (args, name) => {
    // A base URL where nothing listens: a request would end in exit 5, not 2.
    const r = await runInProcess(['search', 'cte', ...args], {
      env: { ...env, FISCAL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(name);
    expect(r.stdout).toBe('');
  });
});

describe('fiscal search cteos', () => {
  it('R24: without a role every role of every owner; --role taker keeps the taker records', async () => {
    const all = cteOsRecords();
    expect(idsOf(await search(['cteos', '--all', '--fields', 'AccessKey,Owner']))).toEqual(ids(all));
    const takers = await search(['cteos', '--role', 'taker', '--all']);
    expect(idsOf(takers)).toEqual(ids(all.filter((r) => r.role === 'taker')));
    expect(new Set(takers.map((r) => r.OwnerRole))).toEqual(new Set(['taker']));
  });

  it('R24: --owner narrows to that owner; --api v1 lists one role of the CT-e OS stream', async () => {
    const all = cteOsRecords();
    const owner = all[all.length - 1]!.owner;
    expect(idsOf(await search(['cteos', '--owner', owner, '--all']))).toEqual(
      ids(all.filter((r) => r.owner === owner)),
    );
    const listed = await search(['cteos', '--api', 'v1', '--role', 'not-taker', '--limit', '60']);
    const expected = emu.store
      .docsOf(accountId, 'cteos')
      .byRole('not-taker')
      .slice(0, 60)
      .map((e) => e.doc.accessKey);
    expect(listed.map((r) => r.AccessKey)).toEqual(expected);
  });

  it.each([
    [['--role', 'authorized'], '--role'],
    [
      [
        '--key',
        buildAccessKey({
          uf: '35',
          yymm: '2601',
          issuer: '11222333000181',
          model: '57',
          series: '1',
          number: '1',
          emissionType: '1',
          code: '12345678',
        }),
      ],
      '--key',
    ],
  ])('rejects %j with exit 2 naming the flag', async (args, name) => {
    const r = await runInProcess(['search', 'cteos', ...args], {
      env: { ...env, FISCAL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(name);
  });
});
