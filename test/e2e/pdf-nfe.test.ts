// End to end: `fiscal pdf nfe` (built CLI) against an emulator on a loopback port.
import { drawnText } from '../helpers/render.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/fiscal/access-key.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  env = emulatorEnv(emu);
  keys = emu.store
    .nfesOf(emu.accounts[0]!.id)
    .entries.slice(0, 3)
    .map((e) => e.doc.accessKey);
});
afterAll(async () => emu?.close());

const unknownKey = buildAccessKey({
  uf: '35',
  yymm: '2601',
  issuer: '11222333000181',
  model: '55',
  series: '1',
  number: '424242',
  emissionType: '1',
  code: '87654321',
});

function expectPdf(dir: string, key: string): void {
  const bytes = readFileSync(join(dir, `${key}.pdf`));
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(drawnText(bytes)).toContain(key.replace(/(\d{4})(?=\d)/g, '$1 '));
}

describe('fiscal pdf nfe', () => {
  it('R30a: writes <dir>/<key>.pdf for each key and one ok row per key; exit 0', async () => {
    const dir = tempDir();
    const r = await runCli(['pdf', 'nfe', ...keys, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => x.key)).toEqual(keys);
    for (const row of rows) {
      expect(row.status).toBe('ok');
      expect(row.file).toBe(join(dir, `${row.key}.pdf`));
      expect(row.bytes).toBeGreaterThan(500);
      expectPdf(dir, row.key);
    }
    expect(readdirSync(dir).sort()).toEqual(keys.map((k) => `${k}.pdf`).sort());
  });

  it('R6: an unknown key (404) is a failed row, the others are written; exit 7', async () => {
    const dir = tempDir();
    const r = await runInProcess(['pdf', 'nfe', keys[0]!, unknownKey, keys[1]!, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.key, x.status])).toEqual([
      [keys[0], 'ok'],
      [unknownKey, 'error'],
      [keys[1], 'ok'],
    ]);
    expect(rows[1]!.message).toMatch(/404/);
    expect(r.stderr).toContain(unknownKey);
    expectPdf(dir, keys[0]!);
    expectPdf(dir, keys[1]!);
    expect(existsSync(join(dir, `${unknownKey}.pdf`))).toBe(false);
  });

  it('R7: a malformed key or a key of another model exits 2 naming it, before anything is sent', async () => {
    emu.resetStats();
    const dir = tempDir();
    const bad = `${keys[0]!.slice(0, 43)}${(Number(keys[0]![43]) + 1) % 10}`;
    const r = await runInProcess(['pdf', 'nfe', keys[0]!, bad, '--dir', dir], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(bad);
    const nfce = buildAccessKey({
      uf: '35',
      yymm: '2601',
      issuer: '11222333000181',
      model: '65',
      series: '1',
      number: '1',
      emissionType: '1',
      code: '1',
    });
    const r2 = await runInProcess(['pdf', 'nfe', nfce], { env });
    expect(r2.exitCode).toBe(2);
    expect(r2.stderr).toMatch(new RegExp(`${nfce}.*model 65`));
    expect(emu.stats().requests.total).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--stdin takes the NDJSON of `fiscal search nfe` (and plain lines), skipping repeated keys', async () => {
    const search = await runInProcess(
      [
        'search',
        'nfe',
        '--role',
        'emitted',
        '--from',
        '2025-01-01',
        '--to',
        '2026-06-15',
        '--limit',
        '3',
        '-o',
        'ndjson',
      ],
      { env },
    );
    expect(search.exitCode, search.stderr).toBe(0);
    const found = ndjson(search.stdout).map((x) => x.AccessKey as string);
    expect(found.length).toBeGreaterThan(0);
    const dir = tempDir();
    const input = `${search.stdout}\n${found[0]}\n{"access_key":"${found[0]}"}\n`;
    const r = await runInProcess(['pdf', 'nfe', '--stdin', '--dir', dir], { env, input });
    expect(r.exitCode, r.stderr).toBe(0);
    const unique = [...new Set(found)];
    expect(ndjson(r.stdout).map((x) => x.key)).toEqual(unique);
    for (const key of unique) expectPdf(dir, key);
  });

  it('--stdin with a bad line exits 2 naming the line', async () => {
    const r = await runInProcess(['pdf', 'nfe', '--stdin'], { env, input: `${keys[0]}\nnot-a-key\n` });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/not-a-key.*line 2/);
  });
});
