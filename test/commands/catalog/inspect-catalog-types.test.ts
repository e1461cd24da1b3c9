// `fiscal inspect` of a pull folder of CT-e, CT-e OS, MDF-e or NFS-e answers from the catalog
// (docs/catalog.md, files.summary), as it does for NF-e (inspect-catalog.test.ts): what it prints
// equals what reading every XML prints, and holds with every XML garbled in place at the same size.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../../helpers/cli.js';
import { copyFolder, inspectFolder, xmlFiles } from '../../helpers/catalog-folder.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
/** One pull folder of all four types (one stream each), kept for the whole file. */
let dir: string;

const PULLS = [
  ['cte', 'taker'],
  ['cteos', 'taker'],
  ['mdfe', 'emitted'],
  ['nfse', 'received'],
] as const;

const copy = () => copyFolder(dir, 'fiscal-inspect-types-');
const inspect = (d: string, extra: string[] = []) => inspectFolder(d, env, extra);

function sql<T>(d: string, statement: string): T {
  const db = new Database(join(d, '.fiscal', 'catalog.sqlite'));
  try {
    return (statement.startsWith('SELECT') ? db.prepare(statement).all() : db.prepare(statement).run()) as T;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  emu = await startEmulator({ docs: 0, otherDocs: 40, accounts: 1 });
  env = emulatorEnv(emu);
  dir = mkdtempSync(join(tmpdir(), 'fiscal-inspect-types-pulled-'));
  for (const [type, role] of PULLS) {
    const r = await runMain(['-o', 'json', 'pull', type, '--role', role, '--dir', dir], env);
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);

afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('inspect of a pull folder of CT-e, CT-e OS, MDF-e and NFS-e reads the catalog', () => {
  it('keeps a summary of every document of each type, and prints what reading every XML prints', async () => {
    const kept = sql<{ type: string; n: number; kept: number }[]>(
      dir,
      "SELECT d.type, count(*) AS n, count(f.summary) AS kept FROM files f JOIN documents d USING (key, role, owner) WHERE f.kind = 'document' GROUP BY d.type ORDER BY d.type",
    );
    expect(kept.map((k) => k.type)).toEqual(['cte', 'cteos', 'mdfe', 'nfse']);
    for (const k of kept) {
      expect(k.n, k.type).toBeGreaterThan(0);
      expect(k.kept, k.type).toBe(k.n);
    }
    // Their events too (procEventoCTe, procEventoMDFe, an NFS-e's CancelarNfseResposta: cancellations, closings...).
    const events = sql<{ type: string; n: number; kept: number }[]>(
      dir,
      "SELECT d.type, count(*) AS n, count(f.summary) AS kept FROM files f JOIN documents d USING (key, role, owner) WHERE f.kind = 'event' GROUP BY d.type ORDER BY d.type",
    );
    expect(events.map((e) => e.type)).toContain('nfse');
    expect(events.reduce((n, e) => n + e.kept, 0)).toBeGreaterThan(3);
    for (const e of events) expect(e.kept, e.type).toBe(e.n);
    const fromCatalog = await inspect(dir);
    const d = copy();
    sql(d, 'UPDATE files SET summary = NULL');
    const fromXml = await inspect(d);
    expect(fromCatalog).toBe(fromXml);
    const kinds = new Set(ndjson(fromCatalog).map((s) => s.kind));
    for (const [type] of PULLS) expect(kinds.has(type)).toBe(true);
  });

  it('answers with every XML of the folder garbled in place: it read none of them', async () => {
    const fromCatalog = await inspect(dir);
    const d = copy();
    const files = xmlFiles(d);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) writeFileSync(file, '#'.repeat(statSync(file).size));
    expect(await inspect(d)).toBe(fromCatalog);
  });

  it('a rebuild of the catalog from the folder keeps the same summaries the pull kept', async () => {
    const d = copy();
    const r = await runMain(['catalog', 'rebuild', d], env);
    expect(r.code, r.stderr).toBe(0);
    const summaries = (folder: string) =>
      sql<unknown[]>(folder, 'SELECT path, bytes, summary FROM files ORDER BY path');
    expect(summaries(d)).toEqual(summaries(dir));
  });

  it("the built pull (its catalog's thread: dist/facts-worker.js) keeps the summaries the sources keep", async () => {
    // Spawned: only the build has the worker; run `npm run build` first.
    const d = tempDir('fiscal-inspect-types-built-');
    const r = await runCli(['-o', 'json', 'pull', 'mdfe', '--role', 'emitted', '--dir', d], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const kept = (folder: string) =>
      sql<unknown[]>(
        folder,
        "SELECT f.path, f.summary FROM files f JOIN documents d USING (key, role, owner) WHERE d.type = 'mdfe' ORDER BY f.path",
      );
    expect(kept(d).length).toBeGreaterThan(10);
    expect(kept(d).every((row) => (row as { summary: string | null }).summary !== null)).toBe(true);
    expect(kept(d)).toEqual(kept(dir));
  });

  it('--type filters what the catalog gives as it filters what the XML gives', async () => {
    const all = ndjson(await inspect(dir));
    for (const [type] of PULLS)
      expect(ndjson(await inspect(dir, ['--type', type]))).toEqual(
        all.filter((s) => s.kind === type || s.failure !== undefined),
      );
  });
});
