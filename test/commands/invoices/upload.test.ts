// `fiscal invoices upload`: the OCR upload with the kind fixed, in process against the emulator.
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
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

function pdfFile(text: string): string {
  const file = join(tempDir(), 'invoice.pdf');
  writeFileSync(file, writePdf([{ texts: [{ x: 40, y: 800, text, size: 10 }] }]));
  return file;
}

describe('fiscal invoices upload', () => {
  it('sends each PDF as an invoice; --wait shows the invoice the OCR made, which then lists', async () => {
    const before = requestsTo(emu, 'POST /v1/ocr');
    const r = await fiscal('invoices', 'upload', pdfFile('Invoice 42'), '--owner', owner(), '--wait');
    expect(r.code, r.stderr).toBe(0);
    const [row] = ndjson(r.stdout);
    expect([row!.kind, row!.status]).toEqual(['invoice', 'done']);
    expect(requestsTo(emu, 'POST /v1/ocr') - before).toBe(1);
    const uploaded = ndjson((await fiscal('invoices', 'list', '--source', 'upload', '--all')).stdout);
    expect(uploaded.map((i) => i.id)).toContain(row!.document);
  });

  it('--owner is required and checked before anything is sent (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const file = pdfFile('x');
    const none = await fiscal('invoices', 'upload', file);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('--owner')]);
    const bad = await fiscal('invoices', 'upload', file, '--owner', '12345678000100');
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--owner: ')]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
