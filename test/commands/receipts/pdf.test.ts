// `fiscal receipts pdf`, parsed and run in process against the emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { expectPdfShows } from '../../helpers/pdf.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let id: string;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  id = ndjson((await fiscal('receipts', 'list', '--source', 'manual', '--limit', '1')).stdout)[0]!.id;
});
afterAll(async () => emu?.close());

describe('fiscal receipts pdf', () => {
  it('writes <dir>/<id>.pdf in the one receipt layout', async () => {
    const dir = tempDir();
    const r = await fiscal('receipts', 'pdf', id, '--dir', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      expect.objectContaining({ key: id, status: 'ok', file: join(dir, `${id}.pdf`) }),
    ]);
    expectPdfShows(readFileSync(join(dir, `${id}.pdf`)), 'COMPROVANTE DE PAGAMENTO');
  });

  it('refuses a malformed id before anything is sent (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const r = await fiscal('receipts', 'pdf', 'rcp_123', '--dir', tempDir());
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('invalid receipt PDF id "rcp_123"')]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
