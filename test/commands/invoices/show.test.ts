// `fiscal invoices show`, parsed and run in process against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson, requestsSoFar } from '../../helpers/records.js';

let emu: TestEmulator;
let first: Record<string, any>;
const fiscal = (argv: string[], account = 0) => runMain(argv, emulatorEnv(emu, account));

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  first = ndjson((await fiscal(['invoices', 'list', '--limit', '1'])).stdout)[0]!;
});
afterAll(async () => emu?.close());

describe('fiscal invoices show', () => {
  it('answers the record the listing has; R3: another account does not have it (exit 4)', async () => {
    const r = await fiscal(['invoices', 'show', first.id, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([first]);
    expect((await fiscal(['invoices', 'show', first.id], 1)).code).toBe(4);
  });

  it('refuses a malformed id before anything is sent (exit 2)', async () => {
    const before = requestsSoFar(emu);
    const r = await fiscal(['invoices', 'show', 'inv_123']);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringContaining('invalid invoice id "inv_123": expected inv_ and 24 hex digits'),
    ]);
    expect(requestsSoFar(emu)).toBe(before);
  });
});
