// `-o xlsx` for search, inspect and report, each workbook read back by Python's standard library
// (test/helpers/xlsx.ts), not by the library that wrote it: keys and CNPJs stored as text, amounts
// as numbers shown as R$, dates as dates, the header frozen with filters, widths that fit, and
// Portuguese names with --locale pt-BR.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { BIN, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';
import { hasPython, readXlsx, serialToIso, type XlsxSheetRead } from '../helpers/xlsx.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60, otherDocs: 10, accounts: 1 });
  env = { ...emulatorEnv(emu), FISCAL_CONFIG_DIR: tempDir() };
  dir = join(tempDir(), 'fiscal-docs');
  const r = await runInProcess(['pull', 'nfe', '--role', 'received', '--without-events', '--dir', dir], { env });
  expect(r.exitCode, r.stderr).toBe(0);
}, 60_000);

afterAll(() => emu?.close());

class Bytes extends Writable {
  chunks: Buffer[] = [];
  override _write(chunk: Buffer, _e: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }
}

/** Runs the CLI in process with a binary stdout; the workbook goes to a file read back by Python. */
async function workbook(args: string[], stdoutIsTTY = false): Promise<{ code: number; stderr: string; file: string }> {
  const stdout = new Bytes();
  const stderr = new Bytes();
  const stdin = new PassThrough();
  stdin.end();
  const code = await main(args, {
    io: { stdin, stdout, stderr, stdinIsTTY: false, stdoutIsTTY, stderrIsTTY: false },
    env,
    signal: new AbortController().signal,
  });
  const file = join(tempDir(), 'out.xlsx');
  writeFileSync(file, Buffer.concat(stdout.chunks));
  return { code, stderr: Buffer.concat(stderr.chunks).toString('utf8'), file };
}

const column = (sheet: XlsxSheetRead, header: string) => {
  const i = sheet.rows[0]!.findIndex((c) => c.value === header);
  expect(i, `column ${header} in ${sheet.rows[0]!.map((c) => c.value).join(', ')}`).toBeGreaterThanOrEqual(0);
  return { cells: sheet.rows.slice(1).map((r) => r[i]!), width: sheet.widths[String(i + 1)]! };
};

describe.runIf(hasPython())('-o xlsx read back by another reader', () => {
  it('search nfe --locale pt-BR: keys and CNPJs text, the value a number in R$, dates dates, frozen header with filters', async () => {
    const json = await runInProcess(['search', 'nfe', '--role', 'received', '--from', '2025-01-01', '-o', 'json'], {
      env,
    });
    const records = JSON.parse(json.stdout) as Record<string, any>[];
    expect(records.length).toBeGreaterThan(3);
    const r = await workbook([
      'search',
      'nfe',
      '--role',
      'received',
      '--from',
      '2025-01-01',
      '-o',
      'xlsx',
      '--locale',
      'pt-BR',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const sheet = readXlsx(r.file);
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.autoFilter).toMatch(/^A1:[A-Z]+\d+$/);
    expect(sheet.rows).toHaveLength(records.length + 1);

    const keys = column(sheet, 'Chave de acesso');
    expect(keys.cells.map((c) => c.value)).toEqual(records.map((x) => x.AccessKey));
    expect(keys.cells.every((c) => c.type === 's' && /^\d{44}$/.test(c.value))).toBe(true);
    expect(keys.width).toBeGreaterThanOrEqual(44);

    const emitters = column(sheet, 'CNPJ/CPF do emitente');
    expect(emitters.cells.every((c) => c.type === 's' && /^\d{11,14}$/.test(c.value))).toBe(true);

    const values = column(sheet, 'Valor total');
    expect(values.cells.every((c) => c.type === 'n' && c.numFmt.includes('R$'))).toBe(true);
    expect(values.cells.map((c) => Number(c.value).toFixed(2))).toEqual(records.map((x) => x.Document.TotalValue));

    const dates = column(sheet, 'Data de emissão');
    expect(dates.cells.every((c) => c.type === 'n' && /dd\/mm\/yyyy/.test(c.numFmt))).toBe(true);
    // The emitter's own wall-clock time, as every other output shows it.
    expect(dates.cells.map((c) => serialToIso(Number(c.value)))).toEqual(
      records.map((x) => x.EmissionDate.slice(0, 19)),
    );
    expect(column(sheet, 'Situação').cells.every((c) => /^(autorizada|cancelada)$/.test(c.value))).toBe(true);
  }, 60_000);

  it('report: groups with sums as R$ numbers and months as dates; inspect: one row per file', async () => {
    const rep = await workbook(['report', dir, '--by', 'month,emitter', '-o', 'xlsx']);
    expect(rep.code, rep.stderr).toBe(0);
    const sheet = readXlsx(rep.file);
    expect(sheet.rows[0]!.map((c) => c.value).slice(0, 4)).toEqual(['month', 'emitter', 'emitter_name', 'documents']);
    const json = await runInProcess(['report', dir, '--by', 'month,emitter', '-o', 'json'], { env });
    const groups = JSON.parse(json.stdout) as Record<string, any>[];
    expect(column(sheet, 'total').cells.map((c) => Number(c.value))).toEqual(groups.map((g) => g.total));
    expect(column(sheet, 'icms').cells.every((c) => c.type === 'n' && c.numFmt.includes('R$'))).toBe(true);
    expect(column(sheet, 'emitter').cells.every((c) => c.type === 's' && /^\d{14}$/.test(c.value))).toBe(true);
    const months = column(sheet, 'month').cells;
    expect(months.every((c) => c.numFmt === 'mm/yyyy')).toBe(true);
    expect(months.map((c) => serialToIso(Number(c.value)).slice(0, 7))).toEqual(groups.map((g) => g.month));
    // The share a fraction shown as a percent (1.3%, not 0.01 as #,##0.00 showed it).
    expect(column(sheet, 'share').cells.every((c) => c.type === 'n' && c.numFmt === '0.0%')).toBe(true);
    expect(column(sheet, 'share').cells.map((c) => Number(c.value))).toEqual(groups.map((g) => g.share));

    // The items' groups (--by ncm) get the same flat columns: the share a number, not the table's bar.
    const items = readXlsx((await workbook(['report', dir, '--by', 'ncm', '-o', 'xlsx'])).file);
    expect(items.rows[0]!.map((c) => c.value).slice(0, 3)).toEqual(['ncm', 'documents', 'canceled']);
    expect(column(items, 'share').cells.every((c) => c.type === 'n' && Number(c.value) <= 1)).toBe(true);

    const ins = await workbook(['inspect', dir, '-o', 'xlsx', '--locale', 'pt-BR']);
    expect(ins.code, ins.stderr).toBe(0);
    const files = readXlsx(ins.file);
    expect(files.name).toBe('Dados');
    expect(column(files, 'Chave de acesso').cells.every((c) => c.type === 's' && /^\d{44}$/.test(c.value))).toBe(true);
    expect(column(files, 'Valor total').cells.every((c) => c.type === 'n')).toBe(true);
  }, 60_000);

  it('a terminal gets no binary: -o xlsx to a terminal is a usage error', async () => {
    const r = await workbook(['inspect', dir, '-o', 'xlsx'], true);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('> file.xlsx');
  });

  it('the built CLI writes a workbook to a pipe', () => {
    const bytes = execFileSync(process.execPath, [BIN, 'report', dir, '-o', 'xlsx'], {
      env: { ...process.env, ...env },
    });
    const file = join(tempDir(), 'piped.xlsx');
    writeFileSync(file, bytes);
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    expect(readXlsx(file).rows.length).toBeGreaterThan(1);
  }, 60_000);
});
