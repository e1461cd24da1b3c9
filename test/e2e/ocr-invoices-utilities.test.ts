// End to end: `fiscal invoices|utilities list|show|pdf|upload` and `fiscal ocr upload|status`
// (built CLI) against an emulator on a loopback port.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../src/emulator/pdf/pdf-writer.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { expectPdfShows } from '../helpers/pdf.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40, otherDocs: 10 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const owner = () => emu.accounts[0]!.companies[0]!.cnpj;
const pdfFile = (dir: string, name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, writePdf([{ texts: [{ x: 40, y: 800, text, size: 10 }] }]));
  return file;
};

describe('fiscal invoices', () => {
  it('lists with filters sent to the service, and csv has the spreadsheet columns', async () => {
    const all = ndjson((await runCli(['invoices', 'list', '--all'], { env })).stdout);
    expect(all.length).toBeGreaterThanOrEqual(25);
    const currency = all[0]!.currency as string;
    const r = await runInProcess(['invoices', 'list', '--all', '--currency', currency.toLowerCase()], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const some = ndjson(r.stdout);
    expect(some.length).toBe(all.filter((i) => i.currency === currency).length);
    const csv = await runInProcess(['invoices', 'list', '--limit', '3', '-o', 'csv'], { env });
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id,owner,supplier_name,supplier_country,supplier_tax_id,number,issue_date/);
    expect(lines).toHaveLength(4);
  });

  it('refuses a bad filter before sending, naming the flag (exit 2)', async () => {
    const r = await runInProcess(['invoices', 'list', '--currency', 'dollars'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--currency');
    const before = emu.stats().requests.total;
    const s = await runInProcess(['invoices', 'show', 'inv_123'], { env });
    expect(s.exitCode).toBe(2);
    expect(s.stderr).toContain('inv_123');
    expect(emu.stats().requests.total).toBe(before);
  });

  it('shows by id (exit 4 for an id of another account, R3) and saves PDFs as files', async () => {
    const [first] = ndjson((await runInProcess(['invoices', 'list', '--limit', '1'], { env })).stdout);
    const shown = await runInProcess(['invoices', 'show', first!.id, '-o', 'json'], { env });
    expect(JSON.parse(shown.stdout)[0]).toEqual(first);
    const other = await runInProcess(['invoices', 'show', first!.id], { env: emulatorEnv(emu, 1) });
    expect(other.exitCode).toBe(4);
    const dir = tempDir('fiscal-invoices-');
    const pdf = await runInProcess(['invoices', 'pdf', first!.id, '--dir', dir], { env });
    expect(pdf.exitCode, pdf.stderr).toBe(0);
    const bytes = readFileSync(join(dir, `${first!.id}.pdf`));
    expectPdfShows(bytes, first!.supplier.name);
  });
});

describe('fiscal utilities', () => {
  it('lists by kind and status with repeatable choices, and refuses an unknown kind', async () => {
    const all = ndjson((await runInProcess(['utilities', 'list', '--all'], { env })).stdout);
    const r = await runInProcess(
      ['utilities', 'list', '--all', '--kind', 'electricity,water', '--status', 'open,overdue'],
      {
        env,
      },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const some = ndjson(r.stdout);
    expect(some.length).toBe(
      all.filter((u) => ['electricity', 'water'].includes(u.kind) && u.status !== 'paid').length,
    );
    const bad = await runInProcess(['utilities', 'list', '--kind', 'sewage'], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/electricity/);
    const before = emu.stats().requests.total;
    const reversed = await runInProcess(['utilities', 'list', '--due-from', '2026-06-30', '--due-to', '2026-06-01'], {
      env,
    });
    expect(reversed.exitCode).toBe(2);
    expect(reversed.stderr).toContain('--due-from: 2026-06-30 is after --due-to 2026-06-01');
    const amounts = await runInProcess(['invoices', 'list', '--min-brl', '500', '--max-brl', '100'], { env });
    expect(amounts.exitCode).toBe(2);
    expect(amounts.stderr).toContain('--min-brl');
    expect(emu.stats().requests.total).toBe(before);
  });
});

describe('fiscal ocr', () => {
  it('uploads PDFs, waits for the reading and names the document each one made; a bad file fails alone (exit 7)', async () => {
    const dir = tempDir('fiscal-ocr-');
    pdfFile(dir, 'a.pdf', 'Invoice A');
    pdfFile(dir, 'b.pdf', 'Invoice B FAIL-OCR');
    writeFileSync(join(dir, 'c.pdf'), 'not a pdf at all');
    const r = await runInProcess(['ocr', 'upload', dir, '--kind', 'invoice', '--owner', owner(), '--wait'], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => [row.file.replace(`${dir}/`, ''), row.status])).toEqual([
      ['a.pdf', 'done'],
      ['b.pdf', 'failed'],
      ['c.pdf', 'rejected'],
    ]);
    expect(rows[2]!.request_id).toBeUndefined();
    const shown = await runInProcess(['invoices', 'show', rows[0]!.document], { env });
    expect(ndjson(shown.stdout)[0]!.source).toBe('upload');
    const status = await runInProcess(['ocr', 'status', rows[0]!.request_id, rows[1]!.request_id], { env });
    expect(status.exitCode).toBe(7);
    expect(ndjson(status.stdout).map((row) => row.status)).toEqual(['done', 'failed']);
  });

  it('invoices upload is the OCR upload with the kind fixed; --dry-run sends nothing', async () => {
    const dir = tempDir('fiscal-ocr-');
    const file = pdfFile(dir, 'bill.pdf', 'Conta de luz');
    const before = emu.stats().requests.total;
    const dry = await runInProcess(['utilities', 'upload', file, '--owner', owner(), '--dry-run'], { env });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(ndjson(dry.stdout)[0]!.status).toBe('dry-run');
    expect(emu.stats().requests.total).toBe(before);
    const r = await runInProcess(['utilities', 'upload', file, '--owner', owner()], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const [row] = ndjson(r.stdout);
    expect([row!.kind, row!.status]).toEqual(['utility', 'queued']);
    const waited = await runInProcess(['ocr', 'status', row!.request_id, '--wait'], { env });
    expect(ndjson(waited.stdout)[0]!.status).toBe('done');
  });

  it('checks the owner and the kind before sending (exit 2) and refuses an owner of another account per file', async () => {
    const dir = tempDir('fiscal-ocr-');
    const file = pdfFile(dir, 'x.pdf', 'x');
    const bad = await runInProcess(['ocr', 'upload', file, '--kind', 'invoice', '--owner', '12345678000100'], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--owner');
    const noKind = await runInProcess(['ocr', 'upload', file, '--owner', owner()], { env });
    expect(noKind.exitCode).toBe(2);
    const foreign = await runInProcess(
      ['ocr', 'upload', file, '--kind', 'invoice', '--owner', emu.accounts[1]!.companies[0]!.cnpj],
      { env },
    );
    expect(foreign.exitCode).toBe(7);
    expect(ndjson(foreign.stdout)[0]!.message).toMatch(/not a company of this account/);
  });

  it('status of an unknown request id exits 4', async () => {
    const r = await runInProcess(['ocr', 'status', '0b7c1d9e-4a55-4c1e-9f0e-2d3c4b5a6978'], { env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('not found');
  });
});
