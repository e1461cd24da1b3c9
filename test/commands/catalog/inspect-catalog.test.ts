// `fiscal inspect` of a pull folder answers from the catalog (schema 2, docs/catalog.md): what it
// prints equals what reading the XML gives, and it holds with every XML of the folder garbled in
// place (so no XML was read). A catalog of schema 1 is migrated on first use; a newer one is
// refused with exit 13.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndjson } from '../../helpers/cli.js';
import { copyFolder, inspectFolder, xmlFiles } from '../../helpers/catalog-folder.js';
import { SCHEMA_VERSION } from '../../../src/catalog/schema.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;
/** inspect's output of the folder, read from the catalog. */
let fromCatalog: string;

const catalogFile = (d: string) => join(d, '.fiscal', 'catalog.sqlite');

const copy = () => copyFolder(dir, 'fiscal-inspect-catalog-');
const inspect = (d: string, extra: string[] = []) => inspectFolder(d, env, extra);

function withCatalog<T>(d: string, fn: (db: Database.Database) => T): T {
  const db = new Database(catalogFile(d));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 0, accounts: 1 });
  env = emulatorEnv(emu);
  // Kept for the whole file (tempDir's folders go after each test).
  dir = mkdtempSync(join(tmpdir(), 'fiscal-inspect-pulled-'));
  const r = await runMain(['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', dir], env);
  expect(r.code, r.stderr).toBe(0);
  fromCatalog = await inspect(dir);
}, 60_000);

afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('inspect of a pull folder reads the catalog', () => {
  it('keeps a summary of every document the pull wrote, and prints what reading the XML prints', async () => {
    // Every file the pull wrote, notes and their events (the default pull places the events).
    const files = withCatalog(dir, (db) =>
      db.prepare('SELECT kind, count(*) AS n, count(summary) AS kept FROM files GROUP BY kind ORDER BY kind').all(),
    ) as { kind: string; n: number; kept: number }[];
    expect(files.map((f) => f.kind)).toEqual(['document', 'event']);
    for (const f of files) expect(f.kept).toBe(f.n);
    const total = files.reduce((n, f) => n + f.n, 0);
    // The same folder with the summaries taken out of its catalog: inspect reads every XML.
    const d = copy();
    withCatalog(d, (db) => db.prepare('UPDATE files SET summary = NULL').run());
    const fromXml = await inspect(d);
    expect(ndjson(fromXml).length).toBe(total);
    expect(fromCatalog).toBe(fromXml);
    // Statuses included: a note the listing said canceled is canceled in both.
    expect(ndjson(fromCatalog).some((s) => s.canceled === true)).toBe(true);
  });

  it('answers with every XML of the folder garbled in place: it read none of them', async () => {
    const d = copy();
    for (const file of xmlFiles(d)) writeFileSync(file, '#'.repeat(statSync(file).size));
    expect(await inspect(d)).toBe(fromCatalog);
    // A file no longer the size it was catalogued with is read, and named as unreadable.
    const [first] = xmlFiles(d);
    writeFileSync(first!, 'not xml');
    const r = await runMain(['-o', 'ndjson', 'inspect', d], env);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/not XML/);
  });

  it('--type filters what the catalog gives as it filters what the XML gives', async () => {
    const nfce = await inspect(dir, ['--type', 'nfce']);
    expect(nfce).toBe('');
    const notes = ndjson(await inspect(dir, ['--type', 'nfe']));
    expect(notes).toEqual(ndjson(fromCatalog).filter((s) => s.kind === 'nfe'));
    expect(ndjson(await inspect(dir, ['--type', 'event'])).length).toBe(ndjson(fromCatalog).length - notes.length);
  });
});

describe('catalog schema migrations', () => {
  it('a catalog of schema 1 is migrated on first use and then answers inspect', async () => {
    const d = copy();
    withCatalog(d, (db) => {
      for (const column of ['layout_version', 'environment', 'cfops', 'warnings'])
        db.exec(`ALTER TABLE documents DROP COLUMN ${column}`);
      db.exec('ALTER TABLE files DROP COLUMN summary');
      db.prepare("UPDATE meta SET value = '1' WHERE name = 'schema_version'").run();
    });
    const r = await runMain(['-o', 'ndjson', 'inspect', d], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split(d).join('<dir>')).toBe(fromCatalog);
    expect(r.stderr).toMatch(new RegExp(`schema version 1: migrated to ${SCHEMA_VERSION}, rebuilt`));
    const after = withCatalog(d, (db) => ({
      version: (db.prepare("SELECT value FROM meta WHERE name = 'schema_version'").get() as { value: string }).value,
      kept: (db.prepare('SELECT count(*) AS n FROM files WHERE summary IS NOT NULL').get() as { n: number }).n,
      versions: db.prepare('SELECT DISTINCT layout_version, environment FROM documents').all(),
    }));
    expect(after.version).toBe(String(SCHEMA_VERSION));
    expect(after.kept).toBe(ndjson(fromCatalog).length);
    expect(after.versions).toEqual([{ layout_version: '4.00', environment: 'production' }]);
  });

  it('a catalog of schema 2, whose rows an earlier fiscal may have written wrong, is rebuilt on first use', async () => {
    const d = copy();
    const truth = withCatalog(d, (db) => db.prepare('SELECT key, emitter_uf FROM documents ORDER BY key').all());
    withCatalog(d, (db) => {
      db.exec("UPDATE documents SET emitter_uf = NULL, status_source = 'listing'");
      db.prepare("UPDATE meta SET value = '2' WHERE name = 'schema_version'").run();
    });
    const r = await runMain(['-o', 'ndjson', 'inspect', d], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`schema version 2: migrated to ${SCHEMA_VERSION}, rebuilt`));
    expect(withCatalog(d, (db) => db.prepare('SELECT key, emitter_uf FROM documents ORDER BY key').all())).toEqual(
      truth,
    );
  });

  it('a catalog of a newer schema is refused by inspect with exit 13 and left as it is', async () => {
    const d = copy();
    const newer = String(SCHEMA_VERSION + 1);
    withCatalog(d, (db) => db.prepare("UPDATE meta SET value = ? WHERE name = 'schema_version'").run(newer));
    const r = await runMain(['inspect', d], env);
    expect(r.code).toBe(13);
    expect(r.stderr).toMatch(/newer fiscal/);
    const version = withCatalog(d, (db) => db.prepare("SELECT value FROM meta WHERE name = 'schema_version'").get());
    expect(version).toEqual({ value: newer });
  });
});
