// `fiscal ocr upload`, parsed and run in process against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/emulator/pdf/pdf-writer.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar, requestsTo } from '../../helpers/records.js';

let emu: TestEmulator;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));
const owner = () => emu.accounts[0]!.companies[0]!.cnpj;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20, otherDocs: 5 });
});
afterAll(async () => emu?.close());

const pdfIn = (dir: string, name: string, text: string) =>
  writeFileSync(join(dir, name), writePdf([{ texts: [{ x: 40, y: 800, text, size: 10 }] }]));

describe('fiscal ocr upload', () => {
  it('--wait follows each request; a PDF the OCR cannot read and a file that is no PDF fail alone (exit 7)', async () => {
    const dir = tempDir();
    pdfIn(dir, 'a.pdf', 'Invoice A');
    pdfIn(dir, 'b.pdf', 'Invoice B FAIL-OCR');
    writeFileSync(join(dir, 'c.pdf'), 'not a pdf at all');
    const before = requestsTo(emu, 'POST /v1/ocr');
    const r = await fiscal('ocr', 'upload', dir, '--kind', 'invoice', '--owner', owner(), '--wait');
    expect(r.code).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.file.replace(`${dir}/`, ''), x.status])).toEqual([
      ['a.pdf', 'done'],
      ['b.pdf', 'failed'],
      ['c.pdf', 'rejected'],
    ]);
    expect(rows[0]!.document).toMatch(/^inv_/);
    expect(requestsTo(emu, 'POST /v1/ocr') - before).toBe(2);
  });

  it('--kind and --owner are required and checked before anything is sent (exit 2)', async () => {
    const dir = tempDir();
    pdfIn(dir, 'x.pdf', 'x');
    const before = requestsSoFar(emu);
    const noKind = await fiscal('ocr', 'upload', join(dir, 'x.pdf'), '--owner', owner());
    expect([noKind.code, noKind.stderr]).toEqual([2, expect.stringContaining('--kind')]);
    const badKind = await fiscal('ocr', 'upload', join(dir, 'x.pdf'), '--owner', owner(), '--kind', 'boleto');
    expect([badKind.code, badKind.stderr]).toEqual([2, expect.stringContaining('--kind')]);
    const badOwner = await fiscal(
      'ocr',
      'upload',
      join(dir, 'x.pdf'),
      '--kind',
      'utility',
      '--owner',
      '12345678000100',
    );
    expect([badOwner.code, badOwner.stderr]).toEqual([2, expect.stringContaining('--owner: ')]);
    expect(requestsSoFar(emu)).toBe(before);
  });

  it('R3: an owner of another account is refused per file (a rejected row, exit 7)', async () => {
    const dir = tempDir();
    pdfIn(dir, 'y.pdf', 'y');
    const r = await fiscal(
      'ocr',
      'upload',
      join(dir, 'y.pdf'),
      '--kind',
      'invoice',
      '--owner',
      emu.accounts[1]!.companies[0]!.cnpj,
    );
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout)[0]!.message).toMatch(/not a company of this account/);
  });
});
