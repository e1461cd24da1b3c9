// The report cache (.fiscal/report-cache.bin): a second report answers from it without reading
// the XML again nor the index lines it already read; lines a later pull appends (documents, a
// cancellation) are applied; a damaged cache, a cache of another folder or an index whose first
// bytes changed never make a report show a document twice, a wrong one or a stale status.
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
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

async function pull(into = dir, ...args: string[]): Promise<void> {
  const role = args.includes('--role') ? [] : ['--role', 'received'];
  const r = await runMain(['-o', 'json', 'pull', 'nfe', ...role, '--dir', into, ...args], env);
  expect([0, 9], r.stderr).toContain(r.code);
}

type Row = Record<string, any>;

async function report(of = dir): Promise<Row[]> {
  const r = await runMain(['report', of, '--by', 'status', '-o', 'json'], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Row[];
}

/** The same report with no cache at all: what the cache must never change. */
async function reportWithoutCache(of = dir): Promise<Row[]> {
  const path = cachePath(of);
  const kept = readFileSync(path);
  writeFileSync(path, '');
  try {
    return await report(of);
  } finally {
    writeFileSync(path, kept);
  }
}

const count = (rows: Row[], status: string) => rows.find((r) => r.status === status)?.documents ?? 0;
const canceled = (rows: Row[]) => rows.reduce((n, r) => n + r.canceled, 0);
const documents = (rows: Row[]) => rows.reduce((n, r) => n + r.documents + r.canceled, 0);

const cachePath = (of = dir) => join(of, '.fiscal', 'report-cache.bin');
/** The cache's JSON header: after a CRC32 and its own length. */
function cacheHeader(of = dir): Record<string, any> {
  const bytes = readFileSync(cachePath(of));
  return JSON.parse(bytes.toString('utf8', 8, 8 + bytes.readUInt32LE(4)));
}
/** A cache file as this version writes it (right CRC), with the header given. */
function cacheFile(header: object, body = Buffer.alloc(0)): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const out = Buffer.concat([Buffer.alloc(8), json, body]);
  out.writeUInt32LE(json.length, 4);
  out.writeUInt32LE(crc32(out.subarray(4)), 0);
  return out;
}
const indexPath = (of = dir) => join(of, 'index.ndjson');
const indexLines = (of = dir) =>
  readFileSync(indexPath(of), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const received = () => emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.map((e) => e.doc);

/** Every XML of the folder replaced by garbage: a report that reads one fails (exit 7). */
function spoilXml(of = dir): void {
  for (const line of indexLines(of)) writeFileSync(join(of, line.path), 'garbage');
}

describe('report cache', () => {
  it('a second report equals the first, answered from the cache, not from the XML', async () => {
    const first = await report();
    expect(documents(first)).toBe(received().length);
    const lines = indexLines().filter((l) => l.event === undefined);
    // One entry per content: a document two companies received is one file's bytes twice.
    expect(cacheHeader()).toMatchObject({
      version: 3,
      files: new Set(lines.map((l) => l.sha256)).size,
      copies: lines.length,
    });
    spoilXml();
    expect(await report()).toEqual(first);
  });

  it('a document a later pull appends appears once, and is cached in turn', async () => {
    const first = await report();
    emu.addArrivals(7, emu.accounts[0]!.id);
    await pull();
    const second = await report();
    expect(documents(second)).toBe(received().length);
    expect(documents(second)).toBeGreaterThan(documents(first));
    expect(second).toEqual(await reportWithoutCache());
    expect(cacheHeader().copies).toBe(indexLines().filter((l) => l.event === undefined).length);
    spoilXml();
    expect(await report()).toEqual(second);
  });

  it('a cancellation a later pull appends to the index (an event line) makes the document canceled', async () => {
    await pull(dir, '--with-events');
    const first = await report();
    const doc = received().find((d) => d.status === 'authorized' && d.events.length === 0)!;
    emu.store.addEvent(emu.accounts[0]!.id, 'nfe', doc.accessKey, {
      type: '110111',
      createdAt: '2026-06-15T10:00:00-03:00',
    });
    await pull(dir, '--with-events');
    const event = indexLines().find((l) => l.key === doc.accessKey && l.event === '110111');
    expect(event?.status).toBe('canceled');
    // Its document line, read by the first report and kept in the cache, still says authorized.
    expect(indexLines().find((l) => l.key === doc.accessKey && l.event === undefined)?.status).toBe('authorized');
    const second = await report();
    expect(canceled(second)).toBe(canceled(first) + 1);
    expect(count(second, 'authorized')).toBe(count(first, 'authorized') - 1);
    expect(second).toEqual(await reportWithoutCache());
  });

  it('a file missing at the first report is read at the next one; lines appended meanwhile apply to it', async () => {
    const line = indexLines().find((l) => l.event === undefined && l.status === 'authorized')!;
    const before = await report();
    rmSync(cachePath());
    const file = join(dir, line.path);
    const bytes = readFileSync(file);
    rmSync(file);
    const missing = await runMain(['report', dir, '--by', 'status', '-o', 'json'], env);
    expect(missing.code).toBe(7);
    expect(missing.stderr).toContain(line.path);
    // The cache now holds the copy as not read; a pull then appends its cancellation.
    const event = {
      ...line,
      path: line.path.replace('.xml', '-110111-1.xml'),
      status: 'canceled',
      event: '110111',
      seq: 1,
    };
    appendFileSync(indexPath(), `${JSON.stringify(event)}\n`);
    expect((await runMain(['report', dir, '-o', 'json'], env)).code).toBe(7);
    writeFileSync(file, bytes);
    const after = await report();
    expect(documents(after)).toBe(documents(before));
    expect(canceled(after)).toBe(canceled(before) + 1);
    expect(after).toEqual(await reportWithoutCache());
  });

  it('a truncated or corrupt cache is ignored and rebuilt, with the same result', async () => {
    const first = await report();
    const whole = readFileSync(cachePath());
    const header = cacheHeader();
    const flipped = Buffer.from(whole);
    flipped[Math.floor(whole.length * 0.7)]! ^= 0x10; // one bit of a sum, a party number, an id...
    const damaged = [
      whole.subarray(0, Math.floor(whole.length / 2)), // cut by a copy that did not finish
      flipped,
      // Columns shorter than the header says, under a right CRC.
      cacheFile(header, whole.subarray(8 + whole.readUInt32LE(4), whole.length - 100)),
      Buffer.from('not a cache\n'),
      Buffer.alloc(0),
    ];
    for (const bytes of damaged) {
      writeFileSync(cachePath(), bytes);
      expect(await report()).toEqual(first);
      expect(cacheHeader()).toEqual(header);
    }
    // Rebuilt means read from the XML again: with the XML spoilt, the same damage now fails.
    writeFileSync(cachePath(), damaged[0]!);
    spoilXml();
    const r = await runMain(['report', dir, '-o', 'json'], env);
    expect(r.code).toBe(7);
  });

  it('a cache of another folder is not used', async () => {
    const other = tempDir();
    await pull(other, '--role', 'emitted');
    const own = await report(other);
    await report();
    copyFileSync(cachePath(), cachePath(other));
    expect(await report(other)).toEqual(own);
    expect(cacheHeader(other).copies).toBe(indexLines(other).filter((l) => l.event === undefined).length);
  });

  it('an index whose first bytes changed (cut back and written again) is read whole', async () => {
    const before = await report();
    const text = readFileSync(indexPath(), 'utf8');
    const line = JSON.stringify(indexLines().find((l) => l.status === 'authorized'));
    // The same length, other bytes: the line now says canceled (JSON allows the spaces).
    const changed = text.replace(line, line.replace('"status":"authorized"', '"status":"canceled"  '));
    expect(changed.length).toBe(text.length);
    writeFileSync(indexPath(), changed);
    const after = await report();
    expect(canceled(after)).toBe(canceled(before) + 1);
    expect(after).toEqual(await reportWithoutCache());
  });

  it('lines a pull cuts back (no checkpoint covered them) leave the report with it', async () => {
    const first = await report();
    const size = statSync(indexPath()).size;
    // A line of another owner's copy, appended and fsynced by a pull killed before its checkpoint.
    const extra = { ...indexLines()[0], owner: '00000000000191', key: indexLines()[0].key };
    appendFileSync(indexPath(), `${JSON.stringify(extra)}\n`);
    const withExtra = await runMain(['report', dir, '--by', 'owner', '-o', 'json'], env);
    expect(withExtra.stdout).toContain('00000000000191');
    truncateSync(indexPath(), size);
    expect(await report()).toEqual(first);
    const r = await runMain(['report', dir, '--by', 'owner', '-o', 'json'], env);
    expect(r.stdout).not.toContain('00000000000191');
  });

  it('a cache of another version is ignored and replaced; the JSON cache of earlier versions is removed', async () => {
    await report();
    const bytes = readFileSync(cachePath());
    const columns = bytes.subarray(8 + bytes.readUInt32LE(4));
    writeFileSync(cachePath(), cacheFile({ ...cacheHeader(), version: 2 }, columns));
    const legacy = join(dir, '.fiscal', 'report-cache.ndjson');
    writeFileSync(legacy, '{"fiscal":"report-cache","version":1}\n');
    spoilXml();
    // Not used: the XML is read again (and now fails).
    expect((await runMain(['report', dir, '-o', 'json'], env)).code).toBe(7);
    expect(cacheHeader().version).toBe(3);
    expect(existsSync(legacy)).toBe(false);
  });

  it('a torn last line of the index (a pull killed mid-write) is not a document', async () => {
    const first = await report();
    const line = indexLines()[0];
    appendFileSync(indexPath(), JSON.stringify(line).slice(0, 60));
    expect(await report()).toEqual(first);
    // Completed later into a line of another copy (another role): it counts then, once.
    const other = await runMain(['report', dir, '--by', 'status', '--role', 'emitted', '-o', 'json'], env);
    expect(JSON.parse(other.stdout)).toEqual([]);
    appendFileSync(indexPath(), `${JSON.stringify({ ...line, role: 'emitted' }).slice(60)}\n`);
    expect(await report()).toEqual(first);
    const now = await runMain(['report', dir, '--by', 'status', '--role', 'emitted', '-o', 'json'], env);
    expect(documents(JSON.parse(now.stdout))).toBe(1);
  });
});
