// The report cache (.fiscal/report-cache.ndjson): a second report answers from it without reading
// the XML again, a document a later pull adds appears once, and a torn or corrupt cache line (or a
// torn last index line) never shows a document twice or a wrong one.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;

beforeEach(async () => {
  emu = await startEmulator({ docs: 60, otherDocs: 0, accounts: 1 });
  env = emulatorEnv(emu);
  dir = tempDir();
  await pull();
}, 60_000);

afterEach(async () => {
  await emu.close();
});

async function pull(): Promise<void> {
  const r = await runMain(['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', dir], env);
  expect([0, 9], r.stderr).toContain(r.code);
}

async function report(): Promise<Record<string, any>> {
  const r = await runMain(['report', dir, '--by', 'type', '-o', 'json'], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout)[0];
}

const cachePath = () => join(dir, '.fiscal', 'report-cache.ndjson');
const cacheLines = () => readFileSync(cachePath(), 'utf8').split('\n').filter(Boolean);
const indexLines = () =>
  readFileSync(join(dir, 'index.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const receivedKeys = () => new Set(emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.map((e) => e.doc.accessKey));

describe('report cache', () => {
  it('a second report reads the cache, not the XML', async () => {
    const first = await report();
    expect(first.documents + first.canceled).toBe(receivedKeys().size);
    const documents = indexLines().filter((l) => l.event === undefined);
    // One entry per content: a document two companies received is one file's bytes twice.
    expect(cacheLines()).toHaveLength(1 + new Set(documents.map((l) => l.sha256)).size);
    // The XML is gone bad behind the cache's back: the cache (keyed by the index's sha256) answers.
    writeFileSync(join(dir, documents[0].path), 'garbage');
    expect(await report()).toEqual(first);
  });

  it('a document a later pull adds appears once, and is cached in turn', async () => {
    const first = await report();
    emu.addArrivals(7, emu.accounts[0]!.id);
    await pull();
    const second = await report();
    expect(second.documents + second.canceled).toBe(receivedKeys().size);
    expect(second.documents + second.canceled).toBeGreaterThan(first.documents + first.canceled);
    const keys = cacheLines()
      .slice(1)
      .map((l) => JSON.parse(l).k as string);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(
      [
        ...new Set(
          indexLines()
            .filter((l) => l.event === undefined)
            .map((l) => l.sha256),
        ),
      ].sort(),
    );
    expect(await report()).toEqual(second);
  });

  it('a torn last line and a corrupt line are ignored; their files are read again', async () => {
    const first = await report();
    const lines = cacheLines();
    // A line whose figures were tampered with into nonsense, and a last line cut by a crash.
    const broken = [lines[0], lines[1], '{"k":"x","d":[["nfe"]]}', 'not json', ...lines.slice(3)].join('\n');
    writeFileSync(cachePath(), `${broken}\n${lines[2]!.slice(0, 30)}`);
    expect(await report()).toEqual(first);
    // The next appends start on a line of their own: every line but the torn one is whole.
    emu.addArrivals(3, emu.accounts[0]!.id);
    await pull();
    const after = await report();
    expect(after.documents + after.canceled).toBe(receivedKeys().size);
    const whole = readFileSync(cachePath(), 'utf8').split('\n').filter(Boolean);
    const parsed = whole.filter((l) => {
      try {
        JSON.parse(l);
        return true;
      } catch {
        return false;
      }
    });
    expect(whole.length - parsed.length).toBe(2);
    expect(await report()).toEqual(after);
  });

  it('a cache of another version is ignored and replaced', async () => {
    const first = await report();
    writeFileSync(cachePath(), '{"fiscal":"report-cache","version":0}\n{"k":"whatever"}\n');
    expect(await report()).toEqual(first);
    expect(cacheLines()[0]).toBe('{"fiscal":"report-cache","version":1}');
  });

  it('a torn last line of the index (a pull killed mid-write) is not a document', async () => {
    const first = await report();
    const last = JSON.stringify(indexLines()[0]).slice(0, 60);
    appendFileSync(join(dir, 'index.ndjson'), last);
    expect(await report()).toEqual(first);
  });
});
