// `fiscal catalog rebuild` of a folder large enough to be ingested on two threads (the built
// CLI: src/catalog/ingest-thread.ts, the catalog's thread of dist/facts-worker.js): the catalog
// it writes equals the pull's, and equals the one-thread rebuild (the sources, in this process)
// with a file gone and one the lean reader cannot follow.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess } from '../helpers/cli.js';
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
    .map((l) => JSON.parse(l) as { path: string; event?: string });

describe('catalog rebuild on two threads', () => {
  it('writes the catalog the pull wrote, in more than one transaction', async () => {
    // Past the two-thread threshold (256 KiB of index) and past one batch (2,000 lines).
    expect(statSync(join(dir, 'index.ndjson')).size).toBeGreaterThan(256 * 1024);
    expect(indexLines().length).toBeGreaterThan(2000);
    const pulled = catalogDump(catalogFile());
    expect(pulled.documents!.length).toBeGreaterThan(0);
    expect(pulled.events!.length).toBeGreaterThan(0);
    const r = await runCli(['catalog', 'rebuild', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(catalogDump(catalogFile())).toEqual(pulled);
  }, 60_000);

  it('agrees with the one-thread rebuild on a file gone and one the lean reader cannot follow', async () => {
    const documents = indexLines().filter((l) => l.event === undefined);
    rmSync(join(dir, documents[10]!.path));
    writeFileSync(join(dir, documents[2500 % documents.length]!.path), '<nfeProc><NFe>cut sh');
    const two = await runCli(['catalog', 'rebuild', dir], { env });
    expect(two.exitCode, two.stderr).toBe(0);
    const threaded = catalogDump(catalogFile());
    const one = await runInProcess(['catalog', 'rebuild', dir], { env });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(catalogDump(catalogFile())).toEqual(threaded);
  }, 60_000);
});
