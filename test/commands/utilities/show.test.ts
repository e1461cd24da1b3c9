// `fiscal utilities show`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let listed: Array<Record<string, any>>;
const fiscal = (argv: string[], account = 0) => runMain(argv, emulatorEnv(emu, account));

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  listed = ndjson((await fiscal(['utilities', 'list', '--limit', '2'])).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal utilities show', () => {
  it('answers each id with the record the listing has; one missing among them is exit 7', async () => {
    const r = await fiscal(['utilities', 'show', listed[0]!.id, listed[1]!.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual(listed);
    const mixed = await fiscal(['utilities', 'show', listed[0]!.id, 'utl_000000000000000000000000']);
    expect([mixed.code, mixed.stderr]).toEqual([
      7,
      expect.stringContaining('utility bill utl_000000000000000000000000: not found'),
    ]);
  });

  it('R3: another account does not have it (exit 4); a malformed id is refused first (exit 2)', async () => {
    expect((await fiscal(['utilities', 'show', listed[0]!.id], 1)).code).toBe(4);
    const before = requestsSoFar(emu);
    const r = await fiscal(['utilities', 'show', 'inv_0123456789abcdef01234567']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('expected utl_ and 24 hex digits')]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
