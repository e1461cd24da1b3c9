// The catalog of a pull folder (.fiscal/catalog.sqlite, docs/catalog.md): the accountant's month
// against the emulator (the README's default pull, a note canceled before the first pull and one
// after it, the nightly re-run) with the report's totals equal to the service's own; a deleted,
// cut short or foreign catalog rebuilt, a newer one refused (exit 13); `fiscal query` read-only;
// the file opened by Debian's sqlite3 shell.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../../../src/emulator/data/dataset.js';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { EMULATOR_NOW, emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { hostTool } from '../../helpers/host-tools.js';
import { catalogDump } from '../../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;

const account = () => emu.accounts[0]!.id;
const catalogFile = (d: string) => join(d, '.fiscal', 'catalog.sqlite');
const received = (): StoredNfe[] => emu.store.nfesOf(account()).byRole.received.map((e) => e.doc);
const cents = (v: number | string) => Math.round(Number(v) * 100);

/** The service's own figures: vNF of its received notes, canceled ones apart (its status). */
function serviceTotals() {
  const docs = received();
  const live = docs.filter((d) => d.status !== 'canceled');
  const vnf = (d: StoredNfe) => cents(/<vNF>([\d.]+)<\/vNF>/.exec(nfeXml(d))![1]!);
  return { documents: live.length, canceled: docs.length - live.length, total: live.reduce((n, d) => n + vnf(d), 0) };
}

async function reportTotals(d: string) {
  const r = await runMain(['report', d, '--by', 'status', '-o', 'json'], env);
  expect(r.code, r.stderr).toBe(0);
  const groups = JSON.parse(r.stdout) as { status: string; documents: number; canceled: number; total: number }[];
  return {
    documents: groups.reduce((n, g) => n + g.documents, 0),
    canceled: groups.reduce((n, g) => n + g.canceled, 0),
    total: groups.reduce((n, g) => n + cents(g.total), 0),
  };
}

const pull = (d: string, extra: string[] = []) =>
  runMain(['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', d, ...extra], env);

beforeAll(async () => {
  emu = await startEmulator({ docs: 200, otherDocs: 0, accounts: 1 });
  env = emulatorEnv(emu);
  dir = join(process.env.TMPDIR ?? '/tmp', `fiscal-catalog-test-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("catalog: the accountant's month", () => {
  it('R30: the default pull knows every canceled note; a note canceled after it is canceled after the nightly run', async () => {
    // A note canceled before the first pull: the dataset has some.
    expect(received().some((d) => d.status === 'canceled')).toBe(true);
    const first = await pull(dir);
    expect(first.code, first.stderr).toBe(0);
    expect(await reportTotals(dir)).toEqual(serviceTotals());

    // Canceled after it was pulled: the nightly line (the same command) sees it.
    const target = received().find((d) => d.status === 'authorized')!;
    emu.store.addEvent(account(), 'nfe', target.accessKey, {
      type: '110111',
      createdAt: new Date(EMULATOR_NOW.getTime() + 60_000).toISOString(),
    });
    const before = emu.stats().requests.total;
    const nightly = await pull(dir);
    expect(nightly.code, nightly.stderr).toBe(0);
    // The documents' listing (nothing new), and the events' (a page with the cancellation, and
    // the one that says there is no more).
    expect(emu.stats().requests.total - before).toBeLessThanOrEqual(3);
    expect(JSON.parse(nightly.stdout)).toMatchObject({ documents: 0, events: 1 });
    expect(await reportTotals(dir)).toEqual(serviceTotals());
    const q = await runMain(
      [
        'query',
        '--dir',
        dir,
        `SELECT status, status_source FROM documents WHERE key = '${target.accessKey}'`,
        '-o',
        'json',
      ],
      env,
    );
    expect(JSON.parse(q.stdout)).toEqual([{ status: 'canceled', status_source: 'event' }]);

    // A night with nothing new: one request per stream, and "up to date".
    const quiet = emu.stats().requests.total;
    const again = await pull(dir);
    expect(again.code, again.stderr).toBe(0);
    expect(emu.stats().requests.total - quiet).toBe(2);
    expect(JSON.parse(again.stdout)).toMatchObject({ up_to_date: true, deferred_events: 0 });
  });

  it('holds each document of the index once, with the facts a fresh rebuild gives', async () => {
    const before = catalogDump(catalogFile(dir));
    const index = readFileSync(join(dir, 'index.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { key: string; event?: string });
    expect(before.documents).toHaveLength(index.filter((l) => l.event === undefined).length);
    expect(before.files).toHaveLength(index.length);
    const r = await runMain(['catalog', 'rebuild', dir], env);
    expect(r.code, r.stderr).toBe(0);
    expect(catalogDump(catalogFile(dir))).toEqual(before);
  });

  it('report --by ncm sums the items of the notes not canceled', async () => {
    const r = await runMain(['report', dir, '--by', 'ncm', '-o', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    const groups = JSON.parse(r.stdout) as { ncm: string; total: number }[];
    const live = received().filter((d) => d.status !== 'canceled');
    let expected = 0;
    for (const d of live)
      for (const m of nfeXml(d).matchAll(/<prod>[\s\S]*?<vProd>([\d.]+)<\/vProd>/g)) expected += cents(m[1]!);
    expect(groups.reduce((n, g) => n + cents(g.total), 0)).toBe(expected);
    expect(groups.every((g) => /^\d{8}$/.test(g.ncm))).toBe(true);
  });
});

describe('report of items', () => {
  it('--by month,ncm lists months in time order, then the largest total first within each', async () => {
    const r = await runMain(['report', dir, '--by', 'month,ncm', '-o', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    const groups = JSON.parse(r.stdout) as { month: string; ncm: string; total: number }[];
    expect(new Set(groups.map((g) => g.month)).size).toBeGreaterThan(1);
    for (const [i, g] of groups.entries()) {
      if (i === 0) continue;
      const prev = groups[i - 1]!;
      expect(prev.month <= g.month, `${prev.month} before ${g.month}`).toBe(true);
      if (prev.month === g.month) expect(prev.total).toBeGreaterThanOrEqual(g.total);
    }
  });
});

describe('events on a first pull', () => {
  const route = (key: string) => emu.stats().requests.byRoute[key] ?? 0;
  const EVENTS = 'GET /v1/events/{type}';
  const eventFiles = (d: string) =>
    readFileSync(join(d, 'index.ndjson'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"event"')).length;

  it('R30: the default pull takes the statuses from the listing and reads one page of events, not the history', async () => {
    const d = tempDir('catalog-first');
    const events = route(EVENTS);
    const first = await pull(d);
    expect(first.code, first.stderr).toBe(0);
    // The stream starts at the present, whatever the history holds: the page of the last hour's
    // events (the cancellation the month above added) and the one that says there is no more.
    expect(route(EVENTS) - events).toBeLessThanOrEqual(2);
    expect(await reportTotals(d)).toEqual(serviceTotals());
    const q = await runMain(
      [
        'query',
        '--dir',
        d,
        "SELECT status_source, count(*) AS n FROM documents WHERE status = 'canceled' GROUP BY 1 ORDER BY 1",
        '-o',
        'json',
      ],
      env,
    );
    // Every one from the listing but the note canceled within the last hour (month above), whose
    // event the stream read.
    expect(JSON.parse(q.stdout)).toEqual([
      { status_source: 'event', n: 1 },
      { status_source: 'listing', n: serviceTotals().canceled - 1 },
    ]);
    // A rebuild replays the statuses the pull journaled.
    const before = catalogDump(catalogFile(d));
    expect((await runMain(['catalog', 'rebuild', d], env)).code).toBe(0);
    expect(catalogDump(catalogFile(d))).toEqual(before);
  });

  it('--with-events reads the whole history of events', async () => {
    const d = tempDir('catalog-history');
    const events = route(EVENTS);
    const first = await pull(d, ['--with-events']);
    expect(first.code, first.stderr).toBe(0);
    expect(route(EVENTS) - events).toBeGreaterThan(2);
    expect(eventFiles(d)).toBeGreaterThan(0);
    expect(await reportTotals(d)).toEqual(serviceTotals());
  });
});

describe('catalog: never trusted when it does not match the folder', () => {
  const copy = () => {
    const d = tempDir();
    spawnSync('cp', ['-a', `${dir}/.`, d]);
    return d;
  };
  const count = async (d: string) => {
    const r = await runMain(['query', '--dir', d, 'SELECT count(*) AS n FROM documents', '-o', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { n: number }[])[0]!.n;
  };
  const documents = () => received().length;

  it('a deleted catalog is built again on first use (a folder pulled before the catalog existed)', async () => {
    const d = copy();
    rmSync(catalogFile(d));
    expect(await count(d)).toBe(documents());
  });

  it('a catalog cut short is rebuilt, with a warning', async () => {
    const d = copy();
    truncateSync(catalogFile(d), Math.floor(statSync(catalogFile(d)).size / 2));
    const r = await runMain(['query', '--dir', d, 'SELECT count(*) AS n FROM documents', '-o', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/rebuilt/);
    expect(JSON.parse(r.stdout)).toEqual([{ n: documents() }]);
  });

  it('a catalog emptied to 0 bytes is rebuilt, with a warning (not taken for a new one)', async () => {
    const d = copy();
    truncateSync(catalogFile(d), 0);
    for (const suffix of ['-wal', '-shm']) rmSync(`${catalogFile(d)}${suffix}`, { force: true });
    const r = await runMain(['query', '--dir', d, 'SELECT count(*) AS n FROM documents', '-o', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/catalog\.sqlite is empty \(0 bytes\): rebuilt from the folder/);
    expect(JSON.parse(r.stdout)).toEqual([{ n: documents() }]);
  });

  it("another folder's catalog (or one claiming more than the index) is rebuilt", async () => {
    const other = tempDir();
    const p = await runMain(
      ['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', other, '--max-docs', '40'],
      env,
    );
    expect(p.code, p.stderr).toBe(0);
    const d = copy();
    copyFileSync(catalogFile(other), catalogFile(d));
    expect(await count(d)).toBe(documents());
    const r = await runMain(['query', '--dir', other, 'SELECT count(*) AS n FROM documents', '-o', 'json'], env);
    const small = (JSON.parse(r.stdout) as { n: number }[])[0]!.n;
    // The big catalog into the small folder: it claims more than the index holds.
    copyFileSync(catalogFile(d), catalogFile(other));
    expect(await count(other)).toBe(small);
  });

  it('a file that is not a database is rebuilt; a catalog of a newer schema is refused with exit 13', async () => {
    const d = copy();
    writeFileSync(catalogFile(d), 'not a database at all');
    expect(await count(d)).toBe(documents());
    const db = new Database(catalogFile(d));
    db.prepare("UPDATE meta SET value = '999' WHERE name = 'schema_version'").run();
    db.close();
    const r = await runMain(['report', d], env);
    expect(r.code).toBe(13);
    expect(r.stderr).toMatch(/newer/);
    // Left as it was: never rewritten by an older program.
    expect(existsSync(catalogFile(d))).toBe(true);
  });

  it('a folder where the catalog file should be: exit 13, saying so', async () => {
    const d = copy();
    rmSync(catalogFile(d));
    mkdirSync(catalogFile(d));
    const r = await runMain(['query', '--dir', d, 'SELECT 1'], env);
    expect(r.code).toBe(13);
    expect(r.stderr).toContain('cannot be opened: it is a folder, not a file');
  });
});

describe('fiscal query', () => {
  it('refuses a statement that writes (exit 2) and leaves the catalog as it was', async () => {
    const before = catalogDump(catalogFile(dir));
    for (const sql of ['DELETE FROM documents', "UPDATE documents SET status = 'authorized'", 'DROP TABLE items']) {
      const r = await runMain(['query', '--dir', dir, sql], env);
      expect(r.code, sql).toBe(2);
      expect(r.stderr).toMatch(/only statements that read/);
    }
    expect(catalogDump(catalogFile(dir))).toEqual(before);
  });

  it('writes CSV like every command, and names a wrong column (exit 2)', async () => {
    const r = await runMain(
      ['query', '--dir', dir, 'SELECT status, count(*) AS n FROM documents GROUP BY 1 ORDER BY 1', '-o', 'csv'],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('status,n');
    const bad = await runMain(['query', '--dir', dir, 'SELECT nope FROM documents'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no such column: nope/);
    const two = await runMain(['query', '--dir', dir, 'SELECT 1; SELECT 2'], env);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('fiscal: query: one statement at a time (this text holds several)');
  });

  it('shows a sum of REAL amounts to 15 significant digits in a table and CSV, and as SQLite gave it in JSON', async () => {
    // The canceled notes' totals summed by SQLite: a REAL with the noise of its additions.
    const sql = "SELECT sum(total) AS total, 0.1 + 0.2 AS noise, 3 AS whole FROM documents WHERE status = 'canceled'";
    const json = await runMain(['query', '--dir', dir, sql, '-o', 'json'], env);
    expect(json.code, json.stderr).toBe(0);
    const [raw] = JSON.parse(json.stdout) as { total: number; noise: number; whole: number }[];
    expect(raw!.noise).toBe(0.1 + 0.2);
    const csv = await runMain(['query', '--dir', dir, sql, '-o', 'csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    const [total, noise, whole] = csv.stdout.split('\n')[1]!.split(',');
    expect(noise).toBe('0.3');
    expect(whole).toBe('3');
    // At most two decimals, and the cents of the exact sum.
    expect(total).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(cents(total!)).toBe(cents(raw!.total));
    const table = await runMain(['query', '--dir', dir, sql, '-o', 'table'], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/\b0\.3\b/);
    expect(table.stdout).not.toMatch(/0\.30000000000000004/);
    // Numbers right-aligned under their header: `whole` (5 wide) over `    3`.
    const [head, row] = table.stdout.split('\n');
    expect(head!.endsWith('whole')).toBe(true);
    expect(row!.endsWith('    3')).toBe(true);
  });

  it('refuses what returns no rows (ATTACH, BEGIN, a PRAGMA that sets) and load_extension, with exit 2', async () => {
    const before = catalogDump(catalogFile(dir));
    for (const sql of [
      `ATTACH '${join(tempDir(), 'other.db')}' AS other`,
      'BEGIN',
      'SAVEPOINT a',
      'PRAGMA writable_schema = ON',
      'PRAGMA query_only = 0',
    ]) {
      const r = await runMain(['query', '--dir', dir, sql], env);
      expect(r.code, sql).toBe(2);
      expect(r.stderr, sql).toMatch(/^fiscal: query: only statements that read are run .*: this one returns no rows$/m);
    }
    const extension = await runMain(['query', '--dir', dir, "SELECT load_extension('/tmp/x')"], env);
    expect(extension.code).toBe(2);
    expect(extension.stderr).toMatch(/^fiscal: query: not authorized: fiscal query loads no extension$/m);
    expect(extension.stderr).not.toMatch(/unexpected|please report/);
    expect(catalogDump(catalogFile(dir))).toEqual(before);
  });

  it("names SQLite's error in running a statement (exit 2), not an unexpected one", async () => {
    for (const [sql, message] of [
      ["SELECT json_extract('not json', '$.a')", 'malformed JSON'],
      ['SELECT abs(-9223372036854775808)', 'integer overflow'],
    ]) {
      const r = await runMain(['query', '--dir', dir, sql!], env);
      expect(r.code, sql).toBe(2);
      expect(r.stderr).toBe(`fiscal: query: ${message}\n`);
    }
  });

  it('keeps an integer past 2^53 exact in every format, and writes a blob as hex in JSON as in CSV', async () => {
    const sql = "SELECT 9007199254740993 AS big, -9007199254740991 AS safe, x'00ff' AS blob, 1e999 AS inf";
    const json = await runMain(['query', '--dir', dir, sql, '-o', 'json'], env);
    expect(json.code, json.stderr).toBe(0);
    // A number a double holds is a number; one it cannot hold, its exact digits as a string.
    expect(JSON.parse(json.stdout)).toEqual([
      { big: '9007199254740993', safe: -9007199254740991, blob: '00ff', inf: 'Infinity' },
    ]);
    const ndjson = await runMain(['query', '--dir', dir, sql, '-o', 'ndjson'], env);
    expect(ndjson.stdout).toBe('{"big":"9007199254740993","safe":-9007199254740991,"blob":"00ff","inf":"Infinity"}\n');
    const csv = await runMain(['query', '--dir', dir, sql, '-o', 'csv'], env);
    expect(csv.stdout).toBe('big,safe,blob,inf\n9007199254740993,-9007199254740991,00ff,Infinity\n');
    const table = await runMain(['query', '--dir', dir, sql, '-o', 'table'], env);
    expect(table.stdout).toMatch(/\b9007199254740993\b/);
    // Still a number column: right-aligned under its header.
    const [head, row] = table.stdout.split('\n');
    expect(head!.indexOf('big') + 3).toBe(row!.indexOf('9007199254740993') + 16);
  });

  it('runs a statement that starts with a -- comment given after --, and says so when it is taken for an option', async () => {
    const sql = '-- documents, all of them\nSELECT count(*) AS n FROM documents';
    const r = await runMain(['query', '--dir', dir, '-o', 'json', '--', sql], env);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { n: number }[])[0]!.n).toBe(received().length);
    const before = await runMain(['query', '--dir', dir, sql], env);
    expect(before.code).toBe(2);
    expect(before.stderr).toMatch(/^fiscal: unknown option '-- documents/m);
    expect(before.stderr).toMatch(/^ {2}an argument that starts with - goes after the flags and --/m);
  });

  it("opens in Debian's sqlite3 shell as it is", () => {
    if (!hostTool('sqlite3', ['-version'], 'opening the catalog in the sqlite3 shell', 'sqlite3')) return;
    const out = spawnSync(
      'sqlite3',
      ['-readonly', catalogFile(dir), "SELECT count(*) FROM documents WHERE status = 'canceled';"],
      {
        encoding: 'utf8',
      },
    );
    expect(out.status, out.stderr).toBe(0);
    expect(Number(out.stdout.trim())).toBe(serviceTotals().canceled);
  });
});
