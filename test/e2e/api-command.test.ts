// End to end: `fiscal api` (built CLI) against an emulator: raw requests, -f, --input, --paginate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let acc: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 20 });
  env = emulatorEnv(emu);
  acc = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const received = () => emu.store.nfesOf(acc).byRole.received.map((e) => e.doc.accessKey);
const ALL_DATES = { From: '2000-01-01', To: '2026-12-31' };

describe('fiscal api', () => {
  it('R12: GET a v1 listing prints the page as one JSON line when piped; -f adds query parameters', async () => {
    const r = await runCli(['api', 'get', '/v1/nfe/received', '-f', 'limit=3'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const page = JSON.parse(lines[0]!);
    expect(page.data.map((d: { access_key: string }) => d.access_key)).toEqual(received().slice(0, 3));
    expect(page.count).toBe(3);
    expect(page.page.next).toMatch(/[?&]limit=3/);
  });

  it('R12: --paginate follows the v1 cursor and prints every record once, as NDJSON', async () => {
    const r = await runInProcess(['api', 'GET', '/v1/nfe/received?limit=7', '--paginate'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const keys = ndjson(r.stdout).map((x) => x.access_key);
    expect(keys.length).toBeGreaterThan(7);
    expect(keys).toEqual(received());
  });

  it('R19a: --paginate follows the v2 Paginator of POST /v2/dfe/nfe; the records match the emulator and Total', async () => {
    const expected = emu.store.nfesOf(acc).records.map((r) => r.entry.doc.accessKey);
    const input = JSON.stringify({ Fields: ['AccessKey'], Limit: 40, Filters: { EmissionDate: ALL_DATES } });
    const r = await runInProcess(['api', 'POST', '/v2/dfe/nfe', '--input', '-', '--paginate'], { env, input });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.length).toBeGreaterThan(40);
    expect(records.map((x) => x.AccessKey).sort()).toEqual([...expected].sort());

    const first = await runInProcess(
      [
        'api',
        'POST',
        '/v2/dfe/nfe',
        '-f',
        'Limit=40',
        '-f',
        'Fields[]=AccessKey',
        '-f',
        `Filters=${JSON.stringify({ EmissionDate: ALL_DATES })}`,
      ],
      { env },
    );
    expect(first.exitCode, first.stderr).toBe(0);
    const page = JSON.parse(first.stdout);
    expect(page.Total).toBe(records.length);
    expect(page.Nfes).toHaveLength(40);
  });

  it('R6: a 404 answer: body on stderr, exit 4; a 400 exits 6', async () => {
    const r = await runInProcess(['api', 'GET', '/v1/events/batch/unknown'], { env });
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr.split('\n')[0]!)).toMatchObject({ status: { code: 404 } });
    const bad = await runInProcess(['api', 'GET', '/v1/nfe/received', '-f', 'limit=500'], { env });
    expect(bad.exitCode).toBe(6);
    expect(bad.stderr).toMatch(/limit/);
  });

  it('a bad method, a path without /, or --input with -f exit 2 before anything is sent', async () => {
    const before = emu.stats().requests;
    for (const args of [
      ['api', 'FETCH', '/v1/nfe/received'],
      ['api', 'GET', 'v1/nfe/received'],
      ['api', 'POST', '/v2/dfe/nfe', '--input', '-', '-f', 'Limit=1'],
      ['api', 'GET', '/v1/nfe/received', '--input', '-'],
    ]) {
      const r = await runInProcess(args, { env, input: '{}' });
      expect(r.exitCode, args.join(' ')).toBe(2);
    }
    expect(emu.stats().requests).toEqual(before);
  });
});
