// `fiscal receipts show`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let listed: Array<Record<string, any>>;
const fiscal = (argv: string[], account = 0) => runMain(argv, emulatorEnv(emu, account));

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  listed = ndjson((await fiscal(['receipts', 'list', '--limit', '2'])).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal receipts show', () => {
  it('answers each id with the record the listing has (-o json: an array)', async () => {
    const r = await fiscal(['receipts', 'show', listed[0]!.id, listed[1]!.id, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(listed);
  });

  it('R3: another account does not have it (exit 4)', async () => {
    const r = await fiscal(['receipts', 'show', listed[0]!.id], 1);
    expect(r.code).toBe(4);
  });

  it('refuses an id of another group before anything is sent (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const r = await fiscal(['receipts', 'show', 'bol_0123456789abcdef']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('rcp_ and 16 hex digits')]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
