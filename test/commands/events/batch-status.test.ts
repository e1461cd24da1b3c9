// `fiscal events batch status`, run in process against an emulator (R32): a row per event result
// of each batch; a rejected event makes the exit code 7; an unknown batch is exit 4.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let account: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 80, otherDocs: 20 });
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));

describe('fiscal events batch status', () => {
  it('R32: --wait follows the batch to the end: a row per result, a rejected one exits 7', async () => {
    const mine = emu.store
      .nfesOf(account)
      .entries.map((e) => e.doc)
      .find((d) => d.roles.some((r) => r.role === 'emitted') && d.status !== 'canceled')!;
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
    const file = join(tempDir(), 'events.json');
    writeFileSync(
      file,
      JSON.stringify([
        { access_key: mine.accessKey, tp_evento: '112150' },
        { access_key: foreign, tp_evento: '210210' },
      ]),
    );
    const submitted = await fiscal(['events', 'batch', 'submit', file]);
    expect(submitted.code, submitted.stderr).toBe(0);
    const id = ndjson(submitted.stdout)[0]!.batch_id as string;
    const r = await fiscal(['events', 'batch', 'status', id, id, '--wait']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/1 of 2 events rejected/);
    expect(ndjson(r.stdout).map((row) => [row.batch_id, row.key, row.status])).toEqual([
      [id, mine.accessKey, 'registered'],
      [id, foreign, 'rejected'],
    ]);
  });

  it('R32: an id with other characters exits 2 naming it; an unknown batch is exit 4', async () => {
    const bad = await fiscal(['events', 'batch', 'status', 'a/b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<ids>: a batch id has letters, digits, - and _ only, got "a\/b"/);
    const unknown = await fiscal(['events', 'batch', 'status', 'f'.repeat(32)]);
    expect(unknown.code).toBe(4);
  });
});
