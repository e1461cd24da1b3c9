// End to end: `fiscal events` (built CLI) against an emulator on a loopback port.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredNfe } from '../../src/emulator/model.js';
import { buildAccessKey } from '../../src/fiscal/access-key.js';
import { readDocuments } from '../../src/fiscal/readers/index.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let acc: string;
/** Two NF-e with two or more events of different codes. */
let docs: StoredNfe[];

beforeAll(async () => {
  emu = await startEmulator({ docs: 300, otherDocs: 100 });
  env = emulatorEnv(emu);
  acc = emu.accounts[0]!.id;
  docs = emu.store
    .nfesOf(acc)
    .entries.map((e) => e.doc)
    .filter((d) => new Set(d.events.map((e) => e.type)).size > 1)
    .slice(0, 2);
  expect(docs).toHaveLength(2);
});
afterAll(async () => emu?.close());

const unknownKey = buildAccessKey({
  uf: '35',
  yymm: '2601',
  issuer: '11222333000181',
  model: '55',
  series: '1',
  number: '424242',
  emissionType: '1',
  code: '87654321',
});
const DESCRIPTIONS: Record<string, string> = {
  '110111': 'Cancelamento',
  '110110': 'Carta de Correção',
  '210200': 'Confirmação da Operação',
  '210210': 'Ciência da Operação',
  '210220': 'Desconhecimento da Operação',
  '210240': 'Operação não Realizada',
};

describe('fiscal events <type> <key>...', () => {
  it('R30: one row per event of each key, matching the store, with the status and protocol of the XML', async () => {
    const r = await runCli(['events', 'nfe', ...docs.map((d) => d.accessKey)], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    const expected = docs.flatMap((d) => d.events.map((e) => [d.accessKey, e.type, DESCRIPTIONS[e.type], e.seq]));
    expect(rows.map((x) => [x.key, x.type, x.description, x.seq])).toEqual(expected);
    for (const row of rows) {
      const event = docs
        .find((d) => d.accessKey === row.key)!
        .events.find((e) => e.type === row.type && e.seq === row.seq)!;
      // /v2/nfe/events carries no date: it is dhEvento, read from the XML.
      expect(Date.parse(row.date)).toBe(Date.parse(event.createdAt));
      expect(row.status).toBe('135');
      expect(row.protocol).toMatch(/^\d{15}$/);
    }
  });

  it('R30: --event-code keeps only the events of that code', async () => {
    const code = docs[0]!.events[0]!.type;
    const r = await runInProcess(['events', 'nfe', docs[0]!.accessKey, '--event-code', code, '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { type: string }[];
    expect(rows.map((x) => x.type)).toEqual(docs[0]!.events.filter((e) => e.type === code).map((e) => e.type));
    expect(rows.length).toBeLessThan(docs[0]!.events.length);
  });

  it('--dir writes each event as <key>-<type>-<seq>.xml, a readable event of that key', async () => {
    const dir = tempDir();
    const doc = docs[1]!;
    const r = await runInProcess(['events', 'nfe', doc.accessKey, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const names = doc.events.map((e) => `${doc.accessKey}-${e.type}-${e.seq}.xml`);
    expect(readdirSync(dir).sort()).toEqual([...names].sort());
    expect(ndjson(r.stdout).map((x) => x.file)).toEqual(names.map((n) => join(dir, n)));
    for (const [i, name] of names.entries()) {
      const [event] = readDocuments(readFileSync(join(dir, name)), name);
      expect(event!.kind).toBe('event');
      expect(event!.event).toMatchObject({
        type: doc.events[i]!.type,
        refKey: doc.accessKey,
        seq: String(doc.events[i]!.seq),
      });
    }
  });

  it('R10: NFS-e by id; the saved file name replaces the id\'s ":"', async () => {
    const nfse = emu.store.docsOf(acc, 'nfse').entries.find((e) => e.doc.events.length > 0)!.doc;
    const dir = tempDir();
    const r = await runInProcess(['events', 'nfse', nfse.id, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.type, x.description, x.seq, x.date])).toEqual([
      [nfse.id, '101101', 'Cancelamento de NFS-e', 1, nfse.events[0]!.createdAt],
    ]);
    expect(readdirSync(dir)).toEqual([`${nfse.id.replaceAll(':', '_')}-101101-1.xml`]);
  });

  it('R7: a bad key, a key of another model or a bad --event-code exits 2 naming it, before anything is sent', async () => {
    emu.resetStats();
    const bad = `${docs[0]!.accessKey.slice(0, 43)}${(Number(docs[0]!.accessKey[43]) + 1) % 10}`;
    const r = await runInProcess(['events', 'nfe', docs[0]!.accessKey, bad], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(bad);
    const r2 = await runInProcess(['events', 'cte', docs[0]!.accessKey], { env });
    expect(r2.exitCode).toBe(2);
    expect(r2.stderr).toMatch(new RegExp(`${docs[0]!.accessKey}.*model 55`));
    const r3 = await runInProcess(['events', 'nfe', docs[0]!.accessKey, '--event-code', '1101'], { env });
    expect(r3.exitCode).toBe(2);
    expect(r3.stderr).toMatch(/--event-code.*1101/);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R3: a key not found exits 4; with other keys found, they are printed and the exit is 7', async () => {
    const alone = await runInProcess(['events', 'nfe', unknownKey], { env });
    expect(alone.exitCode).toBe(4);
    expect(alone.stderr).toContain(unknownKey);
    const mixed = await runInProcess(['events', 'nfe', unknownKey, docs[0]!.accessKey], { env });
    expect(mixed.exitCode).toBe(7);
    expect(ndjson(mixed.stdout).map((x) => x.key)).toEqual(docs[0]!.events.map(() => docs[0]!.accessKey));
    expect(mixed.stderr).toContain(unknownKey);
  });
});

describe('fiscal events <type> --stream', () => {
  it('R13: reads the stream from a cursor and says where to resume; a resumed run sees only the new event', async () => {
    const stream = emu.store.eventsOf(acc, 'mdfe').entries;
    const first = await runInProcess(['events', 'mdfe', '--stream', '--cursor', String(stream.length - 2)], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(ndjson(first.stdout).map((x) => [x.key, x.type])).toEqual(
      stream.slice(-2).map((e) => ['accessKey' in e.doc ? e.doc.accessKey : '', e.event.type]),
    );
    const resume = /next cursor: (\d+)/.exec(first.stderr)![1]!;
    expect(Number(resume)).toBe(stream.length);

    const open = emu.store.docsOf(acc, 'mdfe').entries.find((e) => e.doc.status === 'authorized')!.doc;
    const added = await fetch(`${emu.url}/_emulator/events`, {
      method: 'POST',
      body: JSON.stringify({ type: 'mdfe', id: open.accessKey, event: '110112' }),
    });
    expect(added.status).toBe(200);
    const second = await runInProcess(['events', 'mdfe', '--stream', '--cursor', resume], { env });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(ndjson(second.stdout).map((x) => [x.key, x.type, x.description])).toEqual([
      [open.accessKey, '110112', 'Encerramento'],
    ]);
  });

  it('--limit stops after that many events and the resume cursor follows the last one (also with --quiet)', async () => {
    const r = await runInProcess(['--quiet', 'events', 'nfe', '--stream', '--limit', '3', '--event-code', '110111'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const cancellations = emu.store.eventsOf(acc, 'nfe').entries.filter((e) => e.event.type === '110111');
    expect(ndjson(r.stdout).map((x) => x.key)).toEqual(
      cancellations.slice(0, 3).map((e) => ('accessKey' in e.doc ? e.doc.accessKey : '')),
    );
    expect(r.stderr).toContain(`next cursor: ${cancellations[2]!.position + 1}`);
  });

  it('--stream with keys, or --cursor without --stream, exits 2', async () => {
    expect((await runInProcess(['events', 'nfe', '--stream', docs[0]!.accessKey], { env })).exitCode).toBe(2);
    expect((await runInProcess(['events', 'nfe', docs[0]!.accessKey, '--cursor', '3'], { env })).exitCode).toBe(2);
  });
});
