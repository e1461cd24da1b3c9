// `fiscal latam json`, in process against an emulator: the parsed documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let ids: string[];
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
  const listed = await runMain(['latam', 'list', '--limit', '2'], emulatorEnv(emu));
  ids = listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
});
afterAll(async () => emu?.close());

describe('fiscal latam json', () => {
  it('gives each document whole (taxes and items) from arguments and --stdin', async () => {
    const r = await runMain(['latam', 'json', ids[0]!, '--stdin', '-o', 'ndjson'], emulatorEnv(emu), `${ids[1]}\n`);
    expect(r.code, r.stderr).toBe(0);
    const docs = ndjson(r.stdout);
    expect(docs.map((d) => d.id)).toEqual(ids);
    for (const d of docs) {
      expect(Array.isArray(d.taxes)).toBe(true);
      expect(Array.isArray(d.items)).toBe(true);
    }
  });

  it('an id of no document of the account is reported and the others go on (exit 7)', async () => {
    const missing = 'MX-00000000-0000-4000-A000-000000000000';
    const r = await runMain(['latam', 'json', missing, ids[0]!], emulatorEnv(emu));
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`fiscal: ${missing}: `);
    expect(ndjson(r.stdout).map((d) => d.id)).toEqual([ids[0]]);
  });

  it('a malformed id exits 2 before any request', async () => {
    emu.resetStats();
    const r = await runMain(['latam', 'json', ids[0]!, 'BR-123'], emulatorEnv(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"BR-123" is not a LATAM document id');
    expect(emu.stats().requests.total).toBe(0);
  });
});
