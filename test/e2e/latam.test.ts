// End to end: `fiscal latam upload|list|xml|json` (built CLI) against an emulator on a loopback port.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatamDocument } from '../../src/fiscal/latam/index.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const FIXTURES = new URL('../fixtures/latam/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const uploads = () => emu.stats().requests.byRoute['POST /v1/latam/upload'] ?? 0;

function folderWith(files: Record<string, Buffer | string>): string {
  const dir = tempDir();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('fiscal latam upload', () => {
  it('uploads a folder of the four countries, one row per file; a bad file fails locally (no request) and the exit code is 7', async () => {
    const dir = folderWith({
      '1-mx.xml': fixture('cfdi-ingreso.xml'),
      '2-cl.xml': fixture('dte-factura.xml'),
      '3-co.xml': fixture('co-factura.xml'),
      '4-pe.xml': fixture('pe-factura.xml'),
      '5-bad.xml': '<pedido/>',
    });
    const before = uploads();
    const r = await runCli(['latam', 'upload', dir], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.file, x.country ?? null, x.success])).toEqual([
      [join(dir, '1-mx.xml'), 'MX', true],
      [join(dir, '2-cl.xml'), 'CL', true],
      [join(dir, '3-co.xml'), 'CO', true],
      [join(dir, '4-pe.xml'), 'PE', true],
      [join(dir, '5-bad.xml'), null, false],
    ]);
    expect(rows[1]).toMatchObject({ id: 'CL-76086428-5-33-5512', doc_type: 'DTE-33' });
    expect(rows[4]!.message).toMatch(/root element <pedido> is not/);
    expect(r.stderr).toContain(`${join(dir, '5-bad.xml')}: root element <pedido>`);
    expect(uploads() - before).toBe(4);
  });

  it('--dry-run sends nothing; --country refuses another country locally', async () => {
    const dir = folderWith({ 'pe.xml': fixture('pe-factura.xml') });
    const before = uploads();
    const dry = await runInProcess(['latam', 'upload', join(dir, 'pe.xml'), '--dry-run'], { env });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(ndjson(dry.stdout)[0]).toMatchObject({
      id: 'PE-20131312955-01-F001-00000123',
      success: true,
      message: 'dry run: would be sent',
    });
    const wrong = await runInProcess(['latam', 'upload', join(dir, 'pe.xml'), '--country', 'MX'], { env });
    expect(wrong.exitCode).toBe(7);
    expect(ndjson(wrong.stdout)[0]).toMatchObject({ success: false, message: 'the document is from PE, not MX' });
    expect(uploads()).toBe(before);
    const bad = await runInProcess(['latam', 'upload', dir, '--country', 'AR'], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--country/);
  });

  it('reads standard input with -', async () => {
    const r = await runInProcess(['latam', 'upload', '-'], {
      env,
      input: fixture('cfdi-ingreso.xml').toString('utf8'),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)[0]).toMatchObject({
      file: '-',
      id: 'MX-5F0E6A3C-8B1D-4C2E-9A7F-1B2C3D4E5F60',
      success: true,
    });
  });
});

describe('fiscal latam list', () => {
  it('lists every document of the account across pages, filtered by country and issue dates', async () => {
    const all = await runInProcess(['latam', 'list'], { env });
    expect(all.exitCode, all.stderr).toBe(0);
    const rows = ndjson(all.stdout);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const mx = ndjson((await runInProcess(['latam', 'list', '--country', 'MX'], { env })).stdout);
    expect(mx.map((x) => x.id)).toEqual(rows.filter((x) => x.country === 'MX').map((x) => x.id));
    const dates = rows.map((x) => String(x.issued_at).slice(0, 10)).sort();
    const from = dates[3]!;
    const to = dates[10]!;
    const ranged = ndjson(
      (await runInProcess(['latam', 'list', '--issued-from', from, '--issued-to', to], { env })).stdout,
    );
    const expected = rows.filter((x) => x.issued_at.slice(0, 10) >= from && x.issued_at.slice(0, 10) <= to);
    expect(ranged.map((x) => x.id)).toEqual(expected.map((x) => x.id));
    const issuer = rows[0]!.issuer.tax_id as string;
    const byIssuer = ndjson(
      (await runInProcess(['latam', 'list', '--issuer', issuer, '--limit', '2'], { env })).stdout,
    );
    expect(byIssuer.length).toBeGreaterThan(0);
    expect(byIssuer.length).toBeLessThanOrEqual(2);
    expect(byIssuer.every((x) => x.issuer.tax_id === issuer)).toBe(true);
  });

  it('bad dates are a usage error naming the flag (exit 2)', async () => {
    const r = await runInProcess(['latam', 'list', '--issued-from', '2026/02/01'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--issued-from: "2026/02/01": expected a date YYYY-MM-DD or dd/mm/yyyy');
    const reversed = await runInProcess(['latam', 'list', '--issued-from', '2026-03-01', '--issued-to', '2026-02-01'], {
      env,
    });
    expect(reversed.exitCode).toBe(2);
  });
});

describe('fiscal latam xml', () => {
  it('one id without --dir: the XML on stdout, byte for byte as uploaded', async () => {
    await runInProcess(['latam', 'upload', fileOf('co-factura.xml')], { env });
    const id = readLatamDocument(fixture('co-factura.xml')).id;
    const r = await runInProcess(['latam', 'xml', id], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(fixture('co-factura.xml').toString('utf8').trimEnd());
  });

  it('--stdin from list -o ndjson with --dir: <dir>/<id>.xml for each, no temp file left; a missing id fails alone (exit 7)', async () => {
    const listed = await runInProcess(['latam', 'list', '--country', 'PE', '-o', 'ndjson'], { env });
    const ids = ndjson(listed.stdout).map((x) => x.id as string);
    const dir = tempDir();
    const input = `${listed.stdout}\nPE-20131312955-01-F999-1\n`;
    const r = await runInProcess(['latam', 'xml', '--stdin', '--dir', dir], { env, input });
    expect(r.exitCode, r.stderr).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.filter((x) => x.status === 'ok').map((x) => x.id)).toEqual(ids);
    expect(rows.at(-1)).toMatchObject({ id: 'PE-20131312955-01-F999-1', status: 'error' });
    expect(readdirSync(dir).sort()).toEqual(ids.map((id) => `${id}.xml`).sort());
    expect(readLatamDocument(readFileSync(join(dir, `${ids[0]}.xml`))).id).toBe(ids[0]);
  });

  it('a malformed id is a usage error before any request (exit 2); an unknown one alone is not found (exit 4)', async () => {
    const bad = await runInProcess(['latam', 'xml', 'BR-123'], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('"BR-123" is not a LATAM document id');
    const missing = await runInProcess(['latam', 'xml', 'MX-00000000-0000-4000-A000-000000000000'], { env });
    expect(missing.exitCode).toBe(4);
  });
});

describe('fiscal latam json', () => {
  it('-o json gives the whole parsed document; the table a summary', async () => {
    await runInProcess(['latam', 'upload', fileOf('cfdi-ingreso.xml')], { env });
    const id = 'MX-5F0E6A3C-8B1D-4C2E-9A7F-1B2C3D4E5F60';
    const r = await runInProcess(['latam', 'json', id, '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const [doc] = JSON.parse(r.stdout) as Record<string, any>[];
    expect(doc).toEqual(readLatamDocument(fixture('cfdi-ingreso.xml')));
    const table = await runInProcess(['latam', 'json', id, '-o', 'table'], { env: { ...env, COLUMNS: '250' } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/CFDI-I/);
    expect(table.stdout).toMatch(/2856\.67/);
  });

  it('R3: a document of another account is not found for this one (exit 7, reported on stderr)', async () => {
    const mine = ndjson((await runInProcess(['latam', 'list', '--limit', '1'], { env })).stdout)[0]!.id as string;
    const other = emulatorEnv(emu, 1);
    const r = await runInProcess(['latam', 'json', mine], { env: other });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain(`${mine}: `);
    expect(r.stdout).toBe('');
  });
});

/** A fixture copied to its own folder (the CLI reads files, not URLs). */
function fileOf(name: string): string {
  const file = join(tempDir(), name);
  copyFileSync(new URL(name, FIXTURES), file);
  expect(existsSync(file)).toBe(true);
  return file;
}
