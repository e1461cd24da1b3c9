// `fiscal ocr status`, parsed and run in process against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/emulator/pdf/pdf-writer.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let requestId: string;
const fiscal = (argv: string[], account = 0) => runMain(argv, emulatorEnv(emu, account));
const UNKNOWN = '0b7c1d9e-4a55-4c1e-9f0e-2d3c4b5a6978';

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  const file = join(tempDir(), 'bill.pdf');
  writeFileSync(file, writePdf([{ texts: [{ x: 40, y: 800, text: 'Conta de gás', size: 10 }] }]));
  const r = await fiscal(['ocr', 'upload', file, '--kind', 'utility', '--owner', emu.accounts[0]!.companies[0]!.cnpj]);
  requestId = ndjson(r.stdout)[0]!.request_id;
});
afterAll(async () => emu?.close());

describe('fiscal ocr status', () => {
  it('--wait follows the request until read and names the bill it made', async () => {
    const r = await fiscal(['ocr', 'status', requestId.toUpperCase(), '--wait']);
    expect(r.code, r.stderr).toBe(0);
    const [row] = ndjson(r.stdout);
    expect([row!.request_id, row!.status]).toEqual([requestId, 'done']);
    expect(row!.document).toMatch(/^utl_/);
  });

  it('R3: an id unknown to the account is exit 4 alone, 7 beside a known one', async () => {
    expect((await fiscal(['ocr', 'status', requestId], 1)).code).toBe(4);
    const mixed = await fiscal(['ocr', 'status', requestId, UNKNOWN]);
    expect([mixed.code, mixed.stderr]).toEqual([7, expect.stringContaining(`OCR request ${UNKNOWN}: not found`)]);
  });

  it('a request id that is not a UUID is refused before anything is sent (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const r = await fiscal(['ocr', 'status', 'not-a-uuid']);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringContaining('invalid request id "not-a-uuid": expected a UUID'),
    ]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
