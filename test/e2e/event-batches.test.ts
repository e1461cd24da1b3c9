// End to end: `fiscal events batch submit|status` (built CLI) against an emulator (R32).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredNfe } from '../../src/emulator/model.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let acc: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 60 });
  env = emulatorEnv(emu);
  acc = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const has = (d: StoredNfe, role: string) => d.roles.some((r) => r.role === role);
const nfes = (pred: (d: StoredNfe) => boolean) =>
  emu.store
    .nfesOf(acc)
    .entries.map((e) => e.doc)
    .filter(pred);
const JUST = 'Nota emitida em duplicidade por falha';

describe('fiscal events batch submit', () => {
  it('R32: --wait sends a JSON file and prints a row per result; the cancellation cancels the NF-e', async () => {
    const emitted = nfes((d) => has(d, 'emitted') && !has(d, 'received') && d.status !== 'canceled')[0]!;
    const received = nfes((d) => has(d, 'received') && d.status !== 'canceled')[0]!;
    const file = join(tempDir('batch-'), 'events.json');
    writeFileSync(
      file,
      JSON.stringify([
        { access_key: emitted.accessKey, tp_evento: '110111', justification: JUST },
        { access_key: received.accessKey, tp_evento: '211120' },
      ]),
    );
    const r = await runCli(['events', 'batch', 'submit', file, '--wait'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.key, x.tp_evento, x.status, x.code])).toEqual([
      [emitted.accessKey, '110111', 'registered', 135],
      [received.accessKey, '211120', 'registered', 135],
    ]);
    expect(rows[0]!.batch_id).toMatch(/^[0-9a-f]{32}$/);
    expect(emu.store.findNfe(acc, emitted.accessKey)!.status).toBe('canceled');
  });

  it('R32: NDJSON on standard input without --wait prints the queued batch; status --wait then shows the results, a rejected one exits 7', async () => {
    const emitted = nfes((d) => has(d, 'emitted') && !has(d, 'received') && d.status !== 'canceled')[1]!;
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
    const input = [
      { access_key: emitted.accessKey, tp_evento: '112150' },
      { access_key: foreign, tp_evento: '210210' },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n');
    const submitted = await runInProcess(['events', 'batch', 'submit', '-'], { env, input });
    expect(submitted.exitCode, submitted.stderr).toBe(0);
    const [batch] = ndjson(submitted.stdout);
    expect(batch).toMatchObject({ status: 'queued', document_type: 'nfe', count: 2 });

    const status = await runInProcess(['events', 'batch', 'status', batch!.batch_id, '--wait'], { env });
    expect(status.exitCode, status.stderr).toBe(7);
    expect(ndjson(status.stdout).map((x) => [x.batch_id, x.key, x.status, x.code])).toEqual([
      [batch!.batch_id, emitted.accessKey, 'registered', 135],
      [batch!.batch_id, foreign, 'rejected', 217],
    ]);
    expect(status.stderr).toMatch(/1 of 2 events rejected/);
  });

  it('R32: a batch mixing NF-e and CT-e stops with exit 2 naming the item and field, nothing sent', async () => {
    const nfe = nfes(() => true)[0]!.accessKey;
    const cte = emu.store.docsOf(acc, 'cte').entries[0]!.doc.accessKey;
    const before = emu.stats();
    const input = `${JSON.stringify({ access_key: nfe, tp_evento: '210210' })}\n\n${JSON.stringify({ access_key: cte, tp_evento: '610111' })}\n`;
    const r = await runInProcess(['events', 'batch', 'submit', '-'], { env, input });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/event 2, line 3 \(events\[1\]\.access_key\): a batch cannot mix document types/);
    expect(emu.stats().requests).toEqual(before.requests);
  });

  it('R32: --dry-run checks and prints the events without sending them', async () => {
    const key = nfes(() => true)[0]!.accessKey;
    const r = await runInProcess(['events', 'batch', 'submit', '-', '--dry-run'], {
      env,
      input: JSON.stringify({ events: [{ access_key: key, tp_evento: '210200' }] }),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([{ batch_id: '', key, tp_evento: '210200', seq: null, status: 'dry-run' }]);
    const bad = await runInProcess(['events', 'batch', 'submit', '-', '--dry-run'], {
      env,
      input: JSON.stringify([{ access_key: key, tp_evento: '110111' }]),
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/events\[0\]\.justification/);
  });
});

describe('fiscal events batch status', () => {
  it("R32: another account's batch id is not found (exit 4)", async () => {
    const key = nfes(() => true)[0]!.accessKey;
    const submitted = await runInProcess(['events', 'batch', 'submit', '-'], {
      env,
      input: JSON.stringify([{ access_key: key, tp_evento: '210210' }]),
    });
    const [batch] = ndjson(submitted.stdout);
    const r = await runInProcess(['events', 'batch', 'status', batch!.batch_id], { env: emulatorEnv(emu, 1) });
    expect(r.exitCode).toBe(4);
  });
});
