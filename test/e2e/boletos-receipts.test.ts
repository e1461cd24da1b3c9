// End to end: `fiscal boletos list|show|pdf` and `fiscal receipts list|show|pdf` (built CLI)
// against an emulator on a loopback port.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boletoSchema, type Boleto } from '../../src/api/wire/boletos.js';
import { receiptSchema, type Receipt } from '../../src/api/wire/receipts.js';
import { formatLine } from '../../src/fiscal/boleto-line.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { expectPdfShows } from '../helpers/pdf.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let boletos: Boleto[];
let receipts: Receipt[];

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  env = emulatorEnv(emu);
  const [b, r] = await Promise.all([
    runInProcess(['boletos', 'list', '--all', '-o', 'ndjson'], { env }),
    runInProcess(['receipts', 'list', '--all', '-o', 'ndjson'], { env }),
  ]);
  boletos = ndjson(b.stdout).map((x) => boletoSchema.parse(x));
  receipts = ndjson(r.stdout).map((x) => receiptSchema.parse(x));
});
afterAll(async () => emu?.close());

const expectPdf = (file: string, shown: string): void => expectPdfShows(readFileSync(file), shown);

describe('fiscal boletos', () => {
  it('list --all pages through every slip of the account', () => {
    expect(boletos.length).toBeGreaterThan(50);
    expect(new Set(boletos.map((b) => b.id)).size).toBe(boletos.length);
  });

  it('list filters on the server: status, direction and amount range', async () => {
    const r = await runCli(
      [
        'boletos',
        'list',
        '--status',
        'overdue,paid',
        '--direction',
        'receivable',
        '--min-amount',
        '100',
        '--all',
        '-o',
        'ndjson',
      ],
      { env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const want = boletos.filter(
      (b) => ['overdue', 'paid'].includes(b.status) && b.direction === 'receivable' && b.amount >= 100,
    );
    expect(ndjson(r.stdout).map((x) => x.id)).toEqual(want.map((b) => b.id));
    expect(want.length).toBeGreaterThan(0);
  });

  it('list --line takes the line as printed, dots and spaces included', async () => {
    const b = boletos[4]!;
    const r = await runInProcess(['boletos', 'list', '--line', formatLine(b.digitable_line), '-o', 'ndjson'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => x.id)).toEqual([b.id]);
  });

  it('list refuses bad flags before sending anything, naming them; exit 2', async () => {
    const line = boletos[0]!.digitable_line;
    const wrong = `${line.slice(0, 20)}${(Number(line[20]) + 1) % 10}${line.slice(21)}`;
    const bad = await runInProcess(['boletos', 'list', '--line', wrong], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--line: .*check digit of field 2/);
    const order = await runInProcess(['boletos', 'list', '--due-from', '2026-06-30', '--due-to', '2026-06-01'], {
      env,
    });
    expect([order.exitCode, order.stderr]).toEqual([
      2,
      expect.stringContaining('--due-from: 2026-06-30 is after --due-to 2026-06-01'),
    ]);
    const status = await runInProcess(['boletos', 'list', '--status', 'late'], { env });
    expect(status.exitCode).toBe(2);
    expect(status.stderr).toContain('open, paid, overdue, canceled');
  });

  it('list -o csv writes a header and one row per slip', async () => {
    const r = await runInProcess(['boletos', 'list', '--limit', '3', '-o', 'csv'], { env });
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id,access_key,duplicata,owner,direction,/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(boletos.slice(0, 3).map((b) => b.id));
  });

  it('show answers each id; an unknown one is reported and the others go on (exit 7)', async () => {
    const [a, b] = [boletos[1]!, boletos[2]!];
    const r = await runInProcess(['boletos', 'show', a.id, 'bol_0000000000000000', b.id, '-o', 'ndjson'], { env });
    expect(r.exitCode).toBe(7);
    expect(ndjson(r.stdout)).toEqual([a, b]);
    expect(r.stderr).toContain('boleto bol_0000000000000000: not found');
    const malformed = await runInProcess(['boletos', 'show', 'bol_xyz'], { env });
    expect([malformed.exitCode, malformed.stderr]).toEqual([2, expect.stringContaining('invalid boleto id "bol_xyz"')]);
  });

  it('pdf writes <dir>/<id>.pdf with the digitable line, from arguments and from a piped list', async () => {
    const dir = tempDir();
    const [a, b] = [boletos[0]!, boletos[3]!];
    const r = await runInProcess(['boletos', 'pdf', a.id, '--dir', dir, '--stdin', '-o', 'ndjson'], {
      env,
      input: `${JSON.stringify(b)}\n`,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.status])).toEqual([
      [a.id, 'ok'],
      [b.id, 'ok'],
    ]);
    expect(readdirSync(dir).sort()).toEqual([`${a.id}.pdf`, `${b.id}.pdf`].sort());
    expectPdf(join(dir, `${a.id}.pdf`), formatLine(a.digitable_line));
  });
});

describe('fiscal receipts', () => {
  it('list --source keeps one source; both exist', async () => {
    for (const source of ['manual', 'automatico']) {
      const r = await runInProcess(['receipts', 'list', '--source', source, '--all', '-o', 'ndjson'], { env });
      expect(r.exitCode, r.stderr).toBe(0);
      const ids = ndjson(r.stdout).map((x) => x.id);
      expect(ids).toEqual(receipts.filter((x) => x.source === source).map((x) => x.id));
      expect(ids.length).toBeGreaterThan(0);
    }
  });

  it('list --source takes only manual or automatico; exit 2', async () => {
    const r = await runInProcess(['receipts', 'list', '--source', 'automatic'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('manual, automatico');
  });

  it('list filters by paid date range and kind', async () => {
    const r = await runInProcess(
      ['receipts', 'list', '--paid-from', '2026-01-01', '--kind', 'boleto', '--all', '-o', 'ndjson'],
      { env },
    );
    expect(ndjson(r.stdout).map((x) => x.id)).toEqual(
      receipts.filter((x) => x.paid_at >= '2026-01-01' && x.kind === 'boleto').map((x) => x.id),
    );
  });

  it('show and pdf: the record, and <dir>/<id>.pdf as a receipt', async () => {
    const rc = receipts.find((x) => x.source === 'manual')!;
    const show = await runInProcess(['receipts', 'show', rc.id, '-o', 'json'], { env });
    expect(show.exitCode, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toEqual([rc]);
    const dir = tempDir();
    const pdf = await runInProcess(['receipts', 'pdf', rc.id, '--dir', dir], { env });
    expect(pdf.exitCode, pdf.stderr).toBe(0);
    expectPdf(join(dir, `${rc.id}.pdf`), 'COMPROVANTE DE PAGAMENTO');
  });

  it('--help of each verb shows examples', async () => {
    for (const args of [
      ['boletos', 'list'],
      ['boletos', 'pdf'],
      ['receipts', 'list'],
      ['receipts', 'show'],
    ]) {
      const r = await runInProcess([...args, '--help']);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(`$ fiscal ${args[0]} ${args[1]}`);
    }
  });
});
