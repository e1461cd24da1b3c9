// `fiscal invoices pdf`, parsed and run in process against the emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { expectPdfShows } from '../../helpers/pdf.js';
import { ndjson, requestsTo } from '../../helpers/records.js';

let emu: TestEmulator;
let first: Record<string, any>;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  first = ndjson((await fiscal('invoices', 'list', '--limit', '1')).stdout)[0]!;
});
afterAll(async () => emu?.close());

describe('fiscal invoices pdf', () => {
  it('writes <dir>/<id>.pdf showing the supplier, one request', async () => {
    const dir = tempDir();
    const before = requestsTo(emu, 'GET /v1/invoices/pdf');
    const r = await fiscal('invoices', 'pdf', first.id, '--dir', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.status])).toEqual([[first.id, 'ok']]);
    expectPdfShows(readFileSync(join(dir, `${first.id}.pdf`)), first.supplier.name);
    expect(requestsTo(emu, 'GET /v1/invoices/pdf') - before).toBe(1);
  });

  it('an id the account does not have is exit 4, nothing written', async () => {
    const dir = tempDir();
    const r = await fiscal('invoices', 'pdf', 'inv_000000000000000000000000', '--dir', dir);
    expect([r.code, r.stderr]).toEqual([4, expect.stringContaining('not found')]);
  });
});
