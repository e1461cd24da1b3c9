// End to end: `fiscal pull <type> --with-events` against an emulator: every event of the pulled
// documents is written beside its document, a cancellation shows in index.ndjson, and a later
// run fetches only the events that arrived since (R13), leaving the rest of the folder as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, EMULATOR_NOW, type TestEmulator } from '../helpers/emulator.js';
import { readNdjson, snapshot, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 250 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const account = () => emu.accounts[0]!.id;

describe('fiscal pull nfe --with-events', () => {
  it('writes each event of a pulled document beside it, and cancellations into the index', async () => {
    const dir = tempDir();
    const r = await runCli(['pull', 'nfe', '--role', 'received', '--dir', dir, '--with-events'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = readNdjson(join(dir, 'index.ndjson'));
    const docs = lines.filter((l) => !l.event);
    const events = lines.filter((l) => l.event);
    // Every event of every received document in the store, and nothing else.
    const expected = new Set<string>();
    for (const d of docs) {
      const doc = emu.store.findNfe(account(), d.key)!;
      for (const e of doc.events) expected.add(`${d.key}|${d.owner}|${e.type}|${e.seq}`);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(events.map((e) => `${e.key}|${e.owner}|${e.event}|${e.seq}`))).toEqual(expected);
    expect(events).toHaveLength(expected.size);
    for (const e of events) {
      const doc = docs.find((d) => d.key === e.key && d.owner === e.owner)!;
      expect(e.path).toBe(doc.path.replace(/[^/]+\.xml$/, `${e.key}-${e.event}-${e.seq}.xml`));
      const xml = readFileSync(join(dir, e.path), 'utf8');
      expect(xml).toContain(`<tpEvento>${e.event}</tpEvento>`);
      expect(xml).toContain(e.key);
      if (e.event === '110111') expect(e.status).toBe('canceled');
    }
    const canceled = docs.filter((d) => emu.store.findNfe(account(), d.key)!.status === 'canceled');
    expect(canceled.length).toBeGreaterThan(0);
    for (const d of canceled) expect(events.some((e) => e.key === d.key && e.status === 'canceled')).toBe(true);
  });

  it('R13: a later run fetches only the new cancellation, appended to the index, and changes nothing else', async () => {
    const dir = tempDir();
    const first = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, '--with-events'], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    const before = snapshot(dir);
    const docs = readNdjson(join(dir, 'index.ndjson')).filter((l) => !l.event);
    const target = docs.find(
      (d) =>
        emu.store.findNfe(account(), d.key)!.status === 'authorized' &&
        !emu.store.findNfe(account(), d.key)!.events.length,
    )!;
    expect(target).toBeDefined();
    emu.store.addEvent(account(), 'nfe', target.key, {
      type: '110111',
      createdAt: new Date(EMULATOR_NOW.getTime() + 60_000).toISOString(),
    });

    const again = await runInProcess(
      ['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', dir, '--with-events'],
      {
        env,
      },
    );
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ documents: 0, events: 1 });
    const after = snapshot(dir);
    const added = Object.keys(after).filter((k) => !(k in before) && !k.startsWith('.fiscal'));
    expect(added).toEqual([target.path.replace(/[^/]+\.xml$/, `${target.key}-110111-1.xml`)]);
    for (const [path, hash] of Object.entries(before))
      if (path !== 'index.ndjson' && !path.startsWith('.fiscal')) expect(after[path], path).toBe(hash);
    const last = readNdjson(join(dir, 'index.ndjson')).at(-1)!;
    expect(last).toMatchObject({
      key: target.key,
      event: '110111',
      seq: 1,
      status: 'canceled',
      owner: target.owner,
      role: 'received',
    });
  });
});
