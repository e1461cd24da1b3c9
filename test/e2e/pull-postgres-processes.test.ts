// Several real processes on one shared catalog (`pull --all-profiles --catalog postgres://…`),
// against a throwaway PostgreSQL cluster and two emulators (six accounts, one profile each):
// three runs at once leave every document once in the catalog and once on disk, no profile's
// streams pulled by two processes at once (the lease history says who held what, when); a run
// killed (-9) after it committed pages loses its leases, another run finishes its profiles, and
// the catalog equals an uninterrupted run's; PostgreSQL restarted mid-run, the run waits, takes
// its leases again and ends complete.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConfigDir, runInProcess, spawnCli } from '../helpers/cli.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import {
  catalogDump,
  committingHolder,
  postgresMissing,
  startPostgres,
  type PostgresCluster,
} from '../helpers/postgres.js';
import { tempDir } from '../helpers/tree.js';

const missing = postgresMissing();
const PROFILES = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
// Two profiles at once per run, one stream each: the same plan in every run (no backfill windows).
// Without the events stream: which events are old enough to place depends on the emulator's
// clock, which moves between the reference run and the others.
const PULL = ['pull', 'nfe', '--role', 'received', '--all-profiles', '--concurrency', '2', '--without-events'];

let pg: PostgresCluster;
let emus: TestEmulator[];
let env: Record<string, string>;
/** The reference: one uninterrupted run. */
let reference: { catalog: string; dir: string };

const catalogOf = (db: string) => catalogDump(pg, db);

/** A query while the runs may not have made the tables yet: '' until they have. */
const peek = (sql: string, db: string) => pg.psql(sql, db).catch(() => '');
const tick = () => new Promise((r) => setTimeout(r, 50));

const indexText = (dir: string, profile: string) => readFileSync(join(dir, profile, 'index.ndjson'), 'utf8');

async function sameAsReference(db: string, dir: string): Promise<void> {
  expect(await catalogOf(db)).toBe(reference.catalog);
  for (const p of PROFILES) expect(indexText(dir, p), p).toBe(indexText(reference.dir, p));
}

/** No two holdings of one lease overlap (every holding released: no process was killed). */
async function leasesNeverShared(db: string): Promise<void> {
  const rows = (
    await pg.psql(
      `SELECT name, holder, extract(epoch from acquired_at), extract(epoch from released_at) FROM lease_history ORDER BY name, acquired_at`,
      db,
    )
  )
    .trim()
    .split('\n')
    .map((l) => l.split('|'));
  for (const [i, row] of rows.entries()) {
    const next = rows[i + 1];
    if (next && next[0] === row[0])
      expect(Number(next[2]), `${row[0]}: ${row[1]} then ${next[1]}`).toBeGreaterThanOrEqual(Number(row[3]));
  }
}

describe.skipIf(missing)('three processes on one PostgreSQL catalog', () => {
  beforeAll(async () => {
    const opts = { docs: 700, otherDocs: 5, accounts: 3, latency: '5-15' };
    [pg, ...emus] = await Promise.all([
      startPostgres(),
      startEmulator({ ...opts, seed: 1 }),
      startEmulator({ ...opts, seed: 2 }),
    ]);
    env = { FISCAL_CONFIG_DIR: freshConfigDir() };
    for (const [i, name] of PROFILES.entries()) {
      const emu = emus[Math.floor(i / 3)]!;
      const a = emu.accounts[i % 3]!;
      const r = await runInProcess(
        ['profile', 'add', name, '--api-id', a.apiId, '--base-url', emu.url, '--api-key-stdin', '--force'],
        { env, input: a.apiKey },
      );
      expect(r.exitCode, r.stderr).toBe(0);
    }
    const url = await pg.createDatabase('reference');
    const dir = tempDir();
    const r = await runInProcess([...PULL, '--catalog', url, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    reference = { catalog: await catalogOf('reference'), dir };
  });
  afterAll(async () => {
    await Promise.all([pg?.close(), ...(emus ?? []).map((e) => e.close())]);
  });

  it('three runs at once: every document once in the catalog and on disk, no lease held by two', async () => {
    const url = await pg.createDatabase('three');
    const dir = tempDir();
    const runs = await Promise.all([1, 2, 3].map(() => spawnCli([...PULL, '--catalog', url, '--dir', dir], { env })));
    for (const r of runs) expect(r.exitCode, String(r.stderr)).toBe(0);
    await sameAsReference('three', dir);
    await leasesNeverShared('three');
    expect((await pg.psql('SELECT count(*) FROM lease_history WHERE released_at IS NULL', 'three')).trim()).toBe('0');
  });

  it('kill -9 of a run that committed pages: the others finish its profiles, the catalog equals an uninterrupted run', async () => {
    const url = await pg.createDatabase('killed');
    const dir = tempDir();
    const runs = [1, 2, 3].map(() => spawnCli([...PULL, '--catalog', url, '--dir', dir], { env }));
    const pids = new Set(runs.map((r) => r.pid));
    // Observed progress: a run holds a lease and has committed documents under it.
    let victim: number | undefined;
    while ((victim = await committingHolder(pg, 'killed', pids)) === undefined) await tick();
    const killed = runs.find((r) => r.pid === victim)!;
    killed.kill('SIGKILL');
    const ends = await Promise.all(runs);
    for (const r of ends) if (r !== (await killed)) expect(r.exitCode, String(r.stderr)).toBe(0);
    expect((await killed).signal).toBe('SIGKILL');
    await sameAsReference('killed', dir);
    for (const p of PROFILES) expect(existsSync(join(dir, p, '.fiscal', 'lock'))).toBe(false);
  });

  it('PostgreSQL restarted mid-run: the run waits, takes its leases again and ends complete', async () => {
    const url = await pg.createDatabase('restarted');
    const dir = tempDir();
    const run = spawnCli([...PULL, '--catalog', url, '--dir', dir], { env });
    while (Number((await peek('SELECT count(*) FROM documents', 'restarted')).trim() || 0) === 0) await tick();
    await pg.restart();
    const r = await run;
    expect(r.exitCode, String(r.stderr)).toBe(0);
    await sameAsReference('restarted', dir);
  });
});
