// `fiscal events batch submit`, run in process against an emulator (R32): the batch is checked
// before it is sent; accepted, it is printed queued, or with --wait a row per event result.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let account: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 80 });
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));
const has = (d: StoredNfe, role: string) => d.roles.some((r) => r.role === role);
const emittedOnly = () =>
  emu.store
    .nfesOf(account)
    .entries.map((e) => e.doc)
    .filter((d) => has(d, 'emitted') && !has(d, 'received') && d.status !== 'canceled');
const fileOf = (text: string) => {
  const file = join(tempDir('batch-'), 'events.json');
  writeFileSync(file, text);
  return file;
};

describe('fiscal events batch submit', () => {
  it('R32: without --wait prints the queued batch; --wait a row per result and the NF-e is canceled', async () => {
    const [a, b] = emittedOnly();
    const queued = await fiscal([
      'events',
      'batch',
      'submit',
      fileOf(JSON.stringify([{ access_key: a!.accessKey, tp_evento: '112150' }])),
    ]);
    expect(queued.code, queued.stderr).toBe(0);
    expect(ndjson(queued.stdout)).toEqual([
      expect.objectContaining({ status: 'queued', document_type: 'nfe', count: 1 }),
    ]);
    const events = [
      { access_key: b!.accessKey, tp_evento: '110111', justification: 'Nota emitida em duplicidade por falha' },
    ];
    const waited = await fiscal(['events', 'batch', 'submit', fileOf(JSON.stringify({ events })), '--wait']);
    expect(waited.code, waited.stderr).toBe(0);
    expect(ndjson(waited.stdout).map((row) => [row.key, row.tp_evento, row.status, row.code])).toEqual([
      [b!.accessKey, '110111', 'registered', 135],
    ]);
    expect(emu.store.findNfe(account, b!.accessKey)!.status).toBe('canceled');
  });

  it('R32: a bad item exits 2 naming its line and field, before anything is sent', async () => {
    const [a] = emittedOnly();
    emu.resetStats();
    const ndjsonFile = fileOf(
      `${JSON.stringify({ access_key: a!.accessKey, tp_evento: '112150' })}\n\n${JSON.stringify({ access_key: a!.accessKey, tp_evento: '110111' })}\n`,
    );
    const r = await fiscal(['events', 'batch', 'submit', ndjsonFile]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/event 2, line 3 \(events\[1\]\.justification\): event 110111 needs a justification/);
    const missing = await fiscal(['events', 'batch', 'submit', join(tempDir(), 'none.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read /);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('--dry-run prints a row per event and sends nothing', async () => {
    const [a] = emittedOnly();
    emu.resetStats();
    const r = await fiscal([
      'events',
      'batch',
      'submit',
      fileOf(JSON.stringify([{ access_key: a!.accessKey, tp_evento: '112150' }])),
      '--dry-run',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      { batch_id: '', key: a!.accessKey, tp_evento: '112150', seq: null, status: 'dry-run' },
    ]);
    expect(emu.stats().requests.total).toBe(0);
  });
});
