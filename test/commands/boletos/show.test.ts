// `fiscal boletos show`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let listed: Array<Record<string, any>>;
const fiscal = (argv: string[], account = 0) => runMain(argv, emulatorEnv(emu, account));

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  listed = ndjson((await fiscal(['boletos', 'list', '--limit', '3'])).stdout);
});
afterAll(async () => emu?.close());

describe('fiscal boletos show', () => {
  it('answers each id with the record the listing has, once per id', async () => {
    const [a, b] = listed;
    const r = await fiscal(['boletos', 'show', a!.id, b!.id, a!.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([a, b]);
  });

  it('R3: an id of another account is not found (exit 4); with others found, exit 7', async () => {
    const alone = await fiscal(['boletos', 'show', listed[0]!.id], 1);
    expect([alone.code, alone.stderr]).toEqual([4, expect.stringContaining('not found')]);
    const mixed = await fiscal(['boletos', 'show', listed[0]!.id, 'bol_0000000000000000']);
    expect(mixed.code).toBe(7);
    expect(mixed.stderr).toContain('boleto bol_0000000000000000: not found');
    expect(ndjson(mixed.stdout).map((x) => x.id)).toEqual([listed[0]!.id]);
  });

  it('a malformed id is refused before anything is sent (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const r = await fiscal(['boletos', 'show', 'bol_xyz']);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringContaining('invalid boleto id "bol_xyz": a boleto id is bol_ and 16 hex digits'),
    ]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
