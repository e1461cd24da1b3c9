// `fiscal utilities pdf`, parsed and run in process against the emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { expectPdfShows } from '../../helpers/pdf.js';
import { ndjson } from '../../helpers/records.js';

let emu: TestEmulator;
let first: Record<string, any>;
const fiscal = (...argv: string[]) => runMain(argv, emulatorEnv(emu));

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  first = ndjson((await fiscal('utilities', 'list', '--limit', '1')).stdout)[0]!;
});
afterAll(async () => emu?.close());

describe('fiscal utilities pdf', () => {
  it('writes <dir>/<id>.pdf showing the provider', async () => {
    const dir = tempDir();
    const r = await fiscal('utilities', 'pdf', first.id, '--dir', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.status])).toEqual([[first.id, 'ok']]);
    expectPdfShows(readFileSync(join(dir, `${first.id}.pdf`)), first.provider.name);
  });

  it('refuses a malformed id before anything is sent (exit 2)', async () => {
    const r = await fiscal('utilities', 'pdf', 'utl_1', '--dir', tempDir());
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('invalid utility bill id "utl_1"')]);
  });
});
