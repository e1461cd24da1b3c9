// `fiscal boletos pdf`, parsed and run in process against the emulator.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar, requestsTo } from '../../helpers/records.js';

let emu: TestEmulator;
let ids: string[];
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  ids = ndjson((await fiscal('boletos', 'list', '--limit', '2')).stdout).map((b) => b.id as string);
});
afterAll(async () => emu?.close());

describe('fiscal boletos pdf', () => {
  it('writes <dir>/<id>.pdf for each id, a row each, one request each', async () => {
    const dir = tempDir();
    const before = requestsTo(emu, 'GET /v1/boletos/pdf');
    const r = await fiscal('boletos', 'pdf', ...ids, '--dir', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.status])).toEqual(ids.map((id) => [id, 'ok']));
    expect(readdirSync(dir).sort()).toEqual(ids.map((id) => `${id}.pdf`).sort());
    expect(
      readFileSync(join(dir, `${ids[0]}.pdf`))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(requestsTo(emu, 'GET /v1/boletos/pdf') - before).toBe(ids.length);
  });

  it('an id the account does not have: exit 4 alone, 7 beside a saved one', async () => {
    const dir = tempDir();
    const missing = await fiscal('boletos', 'pdf', 'bol_0000000000000000', '--dir', dir);
    expect(missing.code).toBe(4);
    const mixed = await fiscal('boletos', 'pdf', ids[0]!, 'bol_0000000000000000', '--dir', dir);
    expect(mixed.code).toBe(7);
    expect(readdirSync(dir)).toEqual([`${ids[0]}.pdf`]);
  });

  it('checks every id before anything is sent (exit 2), and wants an id or --stdin', async () => {
    const before = requestsSoFar(emu);
    const bad = await fiscal('boletos', 'pdf', ids[0]!, 'rcp_0123456789abcdef', '--dir', tempDir());
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringContaining('invalid boleto PDF id "rcp_0123456789abcdef"'),
    ]);
    const none = await fiscal('boletos', 'pdf', '--dir', tempDir());
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('--stdin')]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
