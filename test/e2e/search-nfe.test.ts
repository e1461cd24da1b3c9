// End to end: the built CLI against an emulator on a loopback port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAccessKey } from '../../src/fiscal/access-key.js';
import { runCliInTerminal, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator();
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const WIDE = ['--from', '2025-01-01', '--to', '2026-06-15'];

async function v2Total(filters: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${emu.url}/v2/dfe/nfe`, {
    method: 'POST',
    headers: {
      'X-API-ID': env.FISCAL_API_ID!,
      'X-API-KEY': env.FISCAL_API_KEY!,
      'X-Use-ApiGateway': 'always',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ Filters: filters, Limit: 1 }),
  });
  return ((await res.json()) as { Total: number }).Total;
}

describe('fiscal search nfe', () => {
  it('writes NDJSON when piped, one record per line, honouring --limit and the role filter', async () => {
    const r = await runInProcess(['search', 'nfe', '--role', 'received', ...WIDE, '--limit', '20'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records).toHaveLength(20);
    for (const rec of records) {
      expect(rec.OwnerRole).toBe('received');
      expect(isAccessKey(rec.AccessKey)).toBe(true);
      expect(rec.EmissionDate >= '2025-01-01').toBe(true);
    }
    expect(new Set(records.map((x) => `${x.AccessKey}/${x.Owner}`)).size).toBe(20);
  });

  it('R18: --all follows the Paginator through every page and yields exactly Total records', async () => {
    const total = await v2Total({ OwnerRoles: ['emitted'], EmissionDate: { From: '2025-01-01', To: '2026-06-15' } });
    expect(total).toBeGreaterThan(0);
    const r = await runInProcess(['search', 'nfe', '--role', 'emitted', ...WIDE, '--all'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records).toHaveLength(total);
    expect(new Set(records.map((x) => `${x.AccessKey}/${x.Owner}`)).size).toBe(total);
  });

  it('R17/R23: --filter on v1 and --custom on v2 select the same documents', async () => {
    const v1 = await runInProcess(['search', 'nfe', '--role', 'received', '--filter', '(= status done)', '--all'], {
      env,
    });
    const v2 = await runInProcess(
      [
        'search',
        'nfe',
        '--role',
        'received',
        '--prop',
        'status=done',
        '--from',
        '2020-01-01',
        '--to',
        '2026-06-15',
        '--all',
      ],
      { env },
    );
    expect(v1.exitCode, v1.stderr).toBe(0);
    expect(v2.exitCode, v2.stderr).toBe(0);
    const keys1 = new Set(ndjson(v1.stdout).map((x) => x.AccessKey));
    const keys2 = new Set(ndjson(v2.stdout).map((x) => x.AccessKey));
    expect(keys1.size).toBeGreaterThan(0);
    expect([...keys1].sort()).toEqual([...keys2].sort());
  });

  it('prints an aligned table with the useful columns on a terminal', async () => {
    const r = await runCliInTerminal(['search', 'nfe', '--role', 'received', ...WIDE, '--limit', '5'], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l.trim());
    const header = lines.find((l) => l.includes('KEY'))!;
    for (const col of ['KEY', 'NUMBER', 'EMITTED', 'EMITTER', 'RECEIVER', 'STATUS']) expect(header).toContain(col);
    expect(lines.filter((l) => /\d{44}/.test(l))).toHaveLength(5);
    expect(r.stdout).not.toContain('{"');
  });

  it('-o csv writes a header and one row per document; -o json a JSON array', async () => {
    const csv = await runInProcess(['-o', 'csv', 'search', 'nfe', ...WIDE, '--limit', '7'], { env });
    expect(csv.exitCode, csv.stderr).toBe(0);
    const rows = csv.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^access_key,number,emission_date/);
    expect(rows).toHaveLength(8);
    const json = await runInProcess(['search', 'nfe', ...WIDE, '--limit', '3', '--output', 'json'], { env });
    expect(JSON.parse(json.stdout)).toHaveLength(3);
  });

  it('says on stderr that the API searches the last 30 days when no emission range is given (R19)', async () => {
    const r = await runInProcess(['search', 'nfe', '--limit', '1'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('last 30 days');
    expect(ndjson(r.stdout).length).toBeLessThanOrEqual(1);
  });

  it.each([
    [['--key', '35260112345678000195550010000012341000012349'], '--key'],
    [['--emitter', '12.345.678/0001-96'], '--emitter'],
    [['--from', '2026-02-30'], '--from'],
    [['--from', '2026-03-01', '--to', '2026-02-01'], '--from'],
    [['--role', 'buyer'], '--role'],
    [['--limit', '0'], '--limit'],
    [['--filter', '(= status'], '--filter'],
    [['--filter', '(= status done)', '--emitter', '11222333000181'], '--emitter'],
    [['--fields', 'Nope'], '--fields'],
    [['--status', 'lost'], '--status'],
  ])('rejects %j with exit 2 naming the flag, sending nothing', async (args, name) => {
    // A base URL where nothing listens: a request would end in exit 5, not 2.
    const r = await runInProcess(['search', 'nfe', ...args], {
      env: { ...env, FISCAL_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(name);
    expect(r.stdout).toBe('');
  });

  it('R2: wrong credentials exit 3 and never print the key', async () => {
    const key = 'k'.repeat(36) + 'SECRET';
    const r = await runInProcess(['--verbose', 'search', 'nfe', '--limit', '1'], {
      env: { ...env, FISCAL_API_KEY: key },
    });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/401/);
    expect(r.stderr + r.stdout).not.toContain('SECRET');
  });

  it("R3: another account sees none of the first account's documents", async () => {
    const mine = ndjson((await runInProcess(['search', 'nfe', ...WIDE, '--all'], { env })).stdout);
    const theirs = ndjson(
      (await runInProcess(['search', 'nfe', ...WIDE, '--all'], { env: emulatorEnv(emu, 1) })).stdout,
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const mineKeys = new Set(mine.map((x) => x.AccessKey));
    expect(theirs.filter((x) => mineKeys.has(x.AccessKey))).toEqual([]);
  });
});

describe('fiscal (global)', () => {
  it('--version prints the version and --help documents the exit codes', async () => {
    const v = await runInProcess(['--version']);
    expect(v.exitCode).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const h = await runInProcess(['--help']);
    expect(h.exitCode).toBe(0);
    for (const code of ['0', '2', '3', '5', '7', '8', '130'])
      expect(h.stdout).toMatch(new RegExp(`^\\s+${code}\\s`, 'm'));
  });

  it('an unknown command or option is a usage error (exit 2)', async () => {
    expect((await runInProcess(['serch'])).exitCode).toBe(2);
    expect((await runInProcess(['search', 'nfe', '--bogus'])).exitCode).toBe(2);
  });

  it('--profile emulator needs no set-up: it starts a local emulator and searches it', async () => {
    const r = await runInProcess(['--profile', 'emulator', 'search', 'nfe', '--limit', '3']);
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThanOrEqual(3);
  });

  it('--summary reads each listed document like inspect: the CSV carries the totals and parties of the store', async () => {
    const r = await runInProcess(
      ['search', 'nfe', '--role', 'received', ...WIDE, '--limit', '7', '--summary', '-o', 'csv'],
      {
        env,
      },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    const cols = header!.split(',');
    expect(rows).toHaveLength(7);
    const at = (row: string, name: string) => row.split(',')[cols.indexOf(name)];
    for (const row of rows) {
      const key = at(row, 'access_key')!;
      const doc = emu.store.findNfe(emu.accounts[0]!.id, key)!;
      expect(doc, key).toBeDefined();
      expect(at(row, 'kind')).toBe('nfe');
      expect(at(row, 'total')).toBe(doc.totalValue);
      expect(at(row, 'emitter_tax_id')).toBe(doc.emitter.cnpj ?? doc.emitter.cpf);
      expect(at(row, 'number')).toBe(doc.number);
    }
  });

  it('--summary with --fields still asks for the XML it reads', async () => {
    const r = await runInProcess(
      [
        'search',
        'nfe',
        '--role',
        'received',
        ...WIDE,
        '--limit',
        '2',
        '--fields',
        'AccessKey',
        '--summary',
        '-o',
        'ndjson',
      ],
      { env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records).toHaveLength(2);
    for (const rec of records) expect(rec).toMatchObject({ kind: 'nfe', source: rec.key, protocol: { status: '100' } });
  });
});
