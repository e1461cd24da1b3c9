// `fiscal utilities upload`: the OCR upload with the kind fixed, in process against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/emulator/pdf/pdf-writer.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));
const owner = () => emu.accounts[0]!.companies[0]!.cnpj;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

describe('fiscal utilities upload', () => {
  it('--dry-run checks the files and sends nothing; a folder is searched for *.pdf', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'luz.pdf'), writePdf([{ texts: [{ x: 40, y: 800, text: 'Conta de luz', size: 10 }] }]));
    writeFileSync(join(dir, 'agua.pdf'), 'not a pdf');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const before = requestsSoFar(emu);
    const r = await fiscal('utilities', 'upload', dir, '--owner', owner(), '--dry-run');
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((x) => [x.file.replace(`${dir}/`, ''), x.kind, x.status])).toEqual([
      ['agua.pdf', 'utility', 'rejected'],
      ['luz.pdf', 'utility', 'dry-run'],
    ]);
    expect(requestsSoFar(emu)).toBe(before);
  });

  it('sends a PDF as a utility bill: a queued request', async () => {
    const file = join(tempDir(), 'bill.pdf');
    writeFileSync(file, writePdf([{ texts: [{ x: 40, y: 800, text: 'Conta de água', size: 10 }] }]));
    const r = await fiscal('utilities', 'upload', file, '--owner', owner());
    expect(r.code, r.stderr).toBe(0);
    const [row] = ndjson(r.stdout);
    expect([row!.kind, row!.status]).toEqual(['utility', 'queued']);
    expect(row!.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
