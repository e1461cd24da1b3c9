// `fiscal catalog rebuild` (the built CLI) of a folder of more than one batch of lines, its files
// read into one buffer as each transaction takes them (src/catalog/file-buffer.ts): the catalog it
// writes equals the pull's; a file gone or cut short leaves its document catalogued from its
// index line, every other row as the pull wrote it; a rebuild killed midway leaves the catalog as it was.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { catalogDump, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;
const catalogFile = () => join(dir, '.fiscal', 'catalog.sqlite');

beforeAll(async () => {
  emu = await startEmulator({ docs: 4000, otherDocs: 0, accounts: 1 });
  env = emulatorEnv(emu);
  dir = tempDir('fiscal-rebuild-');
  const r = await runCli(['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', dir], { env });
  expect(r.exitCode, r.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

const indexLines = () =>
  readFileSync(join(dir, 'index.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { key: string; path: string; event?: string });

describe('catalog rebuild', () => {
  it('writes the catalog the pull wrote, from more than one batch of lines', async () => {
    // Past one batch (2,000 lines) and many chunks (250), read here and on the threads.
    expect(indexLines().length).toBeGreaterThan(2000);
    const pulled = catalogDump(catalogFile());
    expect(pulled.documents!.length).toBeGreaterThan(0);
    expect(pulled.events!.length).toBeGreaterThan(0);
    const r = await runCli(['catalog', 'rebuild', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    // Its counts read as the pull's summary line writes them, grouped by thousands (the lines:
    // the index's and the status journal's).
    const documents = pulled.documents!.length.toLocaleString('en-US');
    expect(r.stderr).toMatch(new RegExp(`: ${documents} documents from \\d{1,3}(,\\d{3})+ lines in `));
    // The files read on threads of their own (src/catalog/rebuild-pool.ts), one per core besides
    // the one that inserts the rows.
    if (availableParallelism() > 1) expect(r.stderr).toMatch(/\(on [2-4] threads\)/);
    expect(catalogDump(catalogFile())).toEqual(pulled);
    // Built aside without a journal, in place in WAL mode (a query reads while a pull writes).
    const db = new Database(catalogFile(), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    expect(existsSync(`${catalogFile()}.rebuild`)).toBe(false);
  }, 60_000);

  it('killed with SIGKILL midway, leaves the catalog as it was; the next run rebuilds it whole', async () => {
    const pulled = catalogDump(catalogFile());
    const aside = `${catalogFile()}.rebuild`;
    // Held at observed progress: a document's file is a named pipe, whose open waits for a writer,
    // so the rebuild stops there with the lines before it inserted in the file aside.
    const documents = indexLines().filter((l) => l.event === undefined);
    const held = documents[Math.floor(documents.length * 0.75)]!;
    const file = join(dir, held.path);
    renameSync(file, `${file}.away`);
    execFileSync('mkfifo', [file]);
    try {
      const child = spawnCli(['catalog', 'rebuild', dir], { env });
      let ended = false;
      void child.then(() => (ended = true));
      while (!ended && !(existsSync(aside) && statSync(aside).size > 0)) await new Promise((r) => setTimeout(r, 10));
      expect(ended).toBe(false);
      child.kill('SIGKILL');
      expect((await child).signal).toBe('SIGKILL');
    } finally {
      rmSync(file);
      renameSync(`${file}.away`, file);
    }
    expect(existsSync(aside)).toBe(true);
    expect(catalogDump(catalogFile())).toEqual(pulled);
    const r = await runCli(['catalog', 'rebuild', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(catalogDump(catalogFile())).toEqual(pulled);
    expect(existsSync(aside)).toBe(false);
  }, 60_000);

  it('catalogues a document whose file is gone or cannot be followed from its index line, the others as pulled', async () => {
    const pulled = catalogDump(catalogFile());
    const documents = indexLines().filter((l) => l.event === undefined);
    const gone = documents[10]!;
    const cut = documents[documents.length - 10]!;
    rmSync(join(dir, gone.path));
    writeFileSync(join(dir, cut.path), '<nfeProc><NFe>cut sh');
    const r = await runCli(['catalog', 'rebuild', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rebuilt = catalogDump(catalogFile());
    const touched = (row: string) => row.includes(gone.key) || row.includes(cut.key);
    expect(rebuilt.documents).toHaveLength(pulled.documents!.length);
    expect(rebuilt.documents!.filter((row) => !touched(row))).toEqual(pulled.documents!.filter((row) => !touched(row)));
    expect(rebuilt.documents!.filter(touched)).toHaveLength(2);
    expect(rebuilt.documents!.filter(touched)).not.toEqual(pulled.documents!.filter(touched));
    expect(rebuilt.files).toHaveLength(pulled.files!.length);
    expect(rebuilt.files!.filter((row) => !touched(row))).toEqual(pulled.files!.filter((row) => !touched(row)));
  }, 60_000);
});
