// Local PDFs drawn on the render pool's worker threads, as the built command draws them: the same
// bytes as drawn on the calling thread (the sources the other tests run), each PDF committed with
// its document, an XML that cannot be drawn failing alone among the jobs a worker is sent at once,
// a pull drawing on the thread started with it, and a pull killed with SIGKILL mid-run leaving no
// PDF half written.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, spawnCli } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { pullSnapshot, readNdjson, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 400, faults: 'latency=20-40' });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Three pulls of a few hundred PDFs each: minutes on a loaded 2-core machine, not seconds. */
const LOADED = 240_000;

const PULL = ['pull', 'nfe', '--role', 'received', '--without-events', '--with-pdf', 'local'];

const withoutCheckpoints = (snapshot: Record<string, string>) =>
  Object.fromEntries(Object.entries(snapshot).filter(([rel]) => !rel.startsWith('.fiscal/checkpoints/')));

/** Where each stream's checkpoint stands: cursor and index length (not the pages and documents read, which count re-reads). */
function checkpointPlaces(dir: string): unknown[] {
  const folder = join(dir, '.fiscal', 'checkpoints');
  return readdirSync(folder)
    .sort()
    .map((f) => {
      const { cursor, indexLength } = JSON.parse(readFileSync(join(folder, f), 'utf8'));
      return { f, cursor, indexLength };
    });
}

/** Every file under `dir` whose name ends with `suffix`, by path relative to `dir`. */
function filesOf(dir: string, suffix: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (rel.endsWith(suffix)) out.set(rel, readFileSync(join(dir, rel)));
  return out;
}

describe('PDFs drawn on worker threads (the built command)', () => {
  it(
    'pull --with-pdf local: the same PDFs, byte for byte, as drawn on the calling thread',
    async () => {
      const workers = tempDir();
      const inThread = tempDir();
      const built = await runCli([...PULL, '--dir', workers], { env });
      expect(built.exitCode, built.stderr).toBe(0);
      expect((await runInProcess([...PULL, '--dir', inThread], { env })).exitCode).toBe(0);
      const drawn = filesOf(workers, '.pdf');
      const expected = filesOf(inThread, '.pdf');
      expect(drawn.size).toBeGreaterThan(100);
      expect([...drawn.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [rel, pdf] of drawn) expect(pdf.equals(expected.get(rel)!), rel).toBe(true);
      // And the rest of the folder too: the XML handed to a worker is still the caller's to write.
      expect(pullSnapshot(workers)).toEqual(pullSnapshot(inThread));
      for (const xml of filesOf(workers, '.xml').values()) expect(xml.subarray(0, 5).toString()).toBe('<?xml');
      // Every document of the index has its PDF beside it: drawn with its page, committed with it.
      for (const line of readNdjson(join(workers, 'index.ndjson')))
        expect(drawn.has(line.path.replace(/\.xml$/, '.pdf')), line.key).toBe(true);
    },
    LOADED,
  );

  it(
    'pull --with-pdf local draws on the thread started with the command, and one never used ends with it',
    async () => {
      // Started as the flags are read, while the pull's modules load; the pool then draws on it.
      const dir = tempDir();
      const run = await runCli([...PULL, '--dir', dir, '--max-docs', '1', '--verbose'], { env });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stderr).toContain('render pool: drawing on the thread started with the command');
      expect(filesOf(dir, '.pdf').size).toBeGreaterThan(0);
      // A run refused before its pool starts (no credentials): the thread ends with the command,
      // which would otherwise outlive its answer (bin/fiscal.js says so after 10 s).
      const refused = await runCli([...PULL, '--dir', tempDir()], { env: { ...env, FISCAL_API_KEY: undefined } });
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain('no API key');
      expect(refused.stderr).not.toContain('still running');
    },
    LOADED,
  );

  it(
    'pdf nfe --local: the same PDFs as drawn on the calling thread, and the same rows in the same order',
    async () => {
      const folder = tempDir();
      expect((await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', folder], { env })).exitCode).toBe(0);
      const [workers, inThread] = [tempDir(), tempDir()];
      const built = await runCli(['-o', 'ndjson', 'pdf', 'nfe', '--local', folder, '--dir', workers], { env });
      expect(built.exitCode, built.stderr).toBe(0);
      const local = await runInProcess(['-o', 'ndjson', 'pdf', 'nfe', '--local', folder, '--dir', inThread], { env });
      expect(local.exitCode, local.stderr).toBe(0);
      const rows = (out: string, dir: string) => out.replaceAll(dir, '<dir>');
      expect(rows(built.stdout, workers)).toBe(rows(local.stdout, inThread));
      const drawn = filesOf(workers, '.pdf');
      expect(drawn.size).toBeGreaterThan(100);
      for (const [rel, pdf] of drawn) expect(pdf.equals(readFileSync(join(inThread, rel))), rel).toBe(true);
    },
    LOADED,
  );
});

describe('a worker sent many XML at once', () => {
  it(
    'pdf nfe --local: an XML that cannot be drawn fails alone, named, among the PDFs answered with it',
    async () => {
      const pulled = tempDir();
      expect((await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', pulled], { env })).exitCode).toBe(0);
      const xmls = [...filesOf(pulled, '.xml').keys()].filter((rel) => /(^|\/)\d{44}\.xml$/.test(rel)).slice(0, 40);
      expect(xmls.length).toBe(40);
      const folder = tempDir();
      for (const [i, rel] of xmls.entries()) copyFileSync(join(pulled, rel), join(folder, `nfe-${i}.xml`));
      // Cut in the middle of a document: neither parser reads it.
      const cut = readFileSync(join(folder, 'nfe-17.xml'));
      writeFileSync(join(folder, 'nfe-17.xml'), cut.subarray(0, cut.length >> 1));
      const out = tempDir();
      const r = await runCli(['-o', 'ndjson', 'pdf', 'nfe', '--local', folder, '--dir', out], { env });
      expect(r.exitCode, r.stderr).toBe(7);
      expect(r.stderr).toContain('nfe-17.xml');
      const rows = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { xml: string; status: string });
      expect(rows.filter((row) => row.status === 'error').map((row) => row.xml)).toEqual([join(folder, 'nfe-17.xml')]);
      const drawn = filesOf(out, '.pdf');
      expect(drawn.size).toBe(39);
      for (const pdf of drawn.values()) expect(pdf.subarray(-6).toString().trim()).toBe('%%EOF');
    },
    LOADED,
  );
});

describe('a pull drawing on worker threads, killed', () => {
  // An emulator of its own: the request held below is counted from this account's first pull.
  beforeAll(async () => {
    await emu?.close();
    emu = await startEmulator({ docs: 400, faults: 'latency=20-40' });
    env = emulatorEnv(emu);
  });

  it(
    'a pull killed with SIGKILL while drawing leaves a whole PDF beside each committed document, any other noted for the next run to remove; a re-run ends as one run',
    async () => {
      const clean = tempDir();
      expect((await runCli([...PULL, '--dir', clean], { env })).exitCode).toBe(0);
      const total = readNdjson(join(clean, 'index.ndjson')).length;
      const dir = tempDir();
      const index = join(dir, 'index.ndjson');
      const lines = () => (existsSync(index) ? readFileSync(index, 'utf8').split('\n').filter(Boolean).length : 0);
      // Killed at observed progress: once the run is seen drawing (a PDF in the folder, so workers
      // are writing), with the listing held so that the run cannot have ended (a stop at a request
      // count missed: the listing runs ahead of the drawing, and pages commit at most once a second).
      const child = spawnCli([...PULL, '--dir', dir], { env });
      let ended = false;
      void child.then(() => (ended = true));
      const drawing = () => existsSync(dir) && filesOf(dir, '.pdf').size > 0;
      try {
        while (!ended && !drawing()) await pause(5);
        emu.hold(0);
        expect(ended).toBe(false);
        expect(lines()).toBeLessThan(total);
        child.kill('SIGKILL');
        expect((await child).signal).toBe('SIGKILL');
      } finally {
        emu.release();
      }
      const committed = new Set(
        (existsSync(index) ? readNdjson(index) : []).map((l) => l.path.replace(/\.xml$/, '.pdf')),
      );
      const pdfs = filesOf(dir, '.pdf');
      // A new file is created in place, not renamed from a temp file (src/sync/file-writes.ts): a
      // kill between its creation and its bytes leaves it empty or cut. No index line names such a
      // file, and its path was noted in .fiscal/new-files before it was created, so that the next
      // run removes it (or writes it again): the re-run below ends with the clean run's files.
      const journal = join(dir, '.fiscal', 'new-files');
      const noted = new Set(existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter(Boolean) : []);
      for (const [rel, pdf] of pdfs) {
        if (!committed.has(rel)) {
          expect(noted.has(rel), `${rel}: uncommitted and not in .fiscal/new-files`).toBe(true);
          continue;
        }
        expect(pdf.subarray(0, 5).toString(), rel).toBe('%PDF-');
        expect(pdf.subarray(-6).toString().trim(), rel).toBe('%%EOF');
      }
      for (const rel of committed) expect(pdfs.has(rel), rel).toBe(true);
      const again = await runCli([...PULL, '--dir', dir], { env });
      expect(again.exitCode, again.stderr).toBe(0);
      // The same files, index and catalog; the checkpoint at the same place (its count of pages read
      // counts the page a stop inside it makes the re-run list again).
      expect(withoutCheckpoints(pullSnapshot(dir))).toEqual(withoutCheckpoints(pullSnapshot(clean)));
      expect(checkpointPlaces(dir)).toEqual(checkpointPlaces(clean));
    },
    LOADED,
  );
});
