// The shared catalog on PostgreSQL (docs/postgres.md), on a throwaway cluster (fsync on):
// - 3 processes vs 1, `pull --all-profiles --catalog` over 6 emulator accounts, each its own
//   emulator process under its own rate limit: wall time until every run ended, every document
//   once in the catalog, no lease held by two;
// - one account's pull with the catalog in PostgreSQL against the same pull with the folder's
//   SQLite catalog (the baseline), best of two each; then `report` of that folder from each.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { catalogDump, committingHolder, postgresMissing, startPostgres } from '../helpers/postgres-cluster.mjs';
import { cleanupPull, pull, tempDir } from './cli.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';

const bin = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

/** The accounts of the 3-processes figure answer as a remote service does (docs/emulator.md). */
const WIRE = ['--latency', '100-140', '--per-doc-ms', '0.2'];

function fiscal(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`fiscal ${args.join(' ')}: exit ${code}: ${stderr}`)),
    );
  });
}

/** Wall ms of `runs` processes of the same pull started together, until the last one ended. */
async function together(runs, args, env) {
  const start = performance.now();
  await Promise.all(Array.from({ length: runs }, () => fiscal(args, env)));
  return performance.now() - start;
}

/** Lease holdings of one name that overlap (none expected). */
async function overlaps(pg, db) {
  const out = await pg.psql(
    `SELECT count(*) FROM lease_history a JOIN lease_history b ON a.name = b.name AND a.id < b.id
     WHERE a.acquired_at < coalesce(b.released_at, 'infinity') AND b.acquired_at < coalesce(a.released_at, 'infinity')`,
    db,
  );
  return Number(out.trim());
}

export async function postgresFigures({ quick, figure, killTrials: trials }) {
  const missing = postgresMissing();
  if (missing) {
    console.log(`\nshared catalog on PostgreSQL: skipped (${missing})`);
    return;
  }
  const pg = await startPostgres({ durable: true });
  try {
    await splitBetweenProcesses(pg, quick, figure, trials ?? (quick ? 2 : 20));
    await againstSqlite(pg, quick, figure);
  } finally {
    await pg.close();
  }
}

async function splitBetweenProcesses(pg, quick, figure, trials) {
  // Wire-bound, as a firm's accounts are: a remote service's latency, and a quota that binds
  // (each account's pull spends most of its time waiting for its next window), so that more
  // processes share out the accounts' quotas. On one 2-core machine they would only share its CPU:
  // a CPU-bound pull (no latency, a quota that never binds) cannot be faster in three processes.
  const docs = quick ? 600 : 1000;
  const quota = quick ? '2/2s' : '4/5s';
  const emus = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      startEmulatorProcess([
        '--docs',
        String(docs),
        '--accounts',
        '1',
        '--seed',
        String(i + 1),
        '--rate-limit',
        quota,
        ...WIRE,
      ]),
    ),
  );
  try {
    const config = tempDir('pg-config');
    cleanupPull(config);
    const env = { FISCAL_CONFIG_DIR: config };
    for (const [i, emu] of emus.entries()) {
      const e = emu.env;
      const add = spawnSync(
        process.execPath,
        [
          bin,
          'profile',
          'add',
          `c${i + 1}`,
          '--api-id',
          e.FISCAL_API_ID,
          '--base-url',
          e.FISCAL_BASE_URL,
          '--api-key-stdin',
        ],
        { input: e.FISCAL_API_KEY, env: { ...process.env, ...env } },
      );
      if (add.status !== 0) throw new Error(`profile add: ${add.stderr}`);
    }
    const args = (url, dir) => [
      'pull',
      'nfe',
      '--role',
      'received',
      '--without-events',
      '--all-profiles',
      '--rate-limit',
      quota,
      '--catalog',
      url,
      '--dir',
      dir,
    ];
    console.log(
      `\nshared catalog on PostgreSQL: pull --all-profiles over 6 accounts of ${docs} NF-e, each its own emulator under ${quota} and ${WIRE.join(' ')}, --concurrency 4 (the default) per process`,
    );
    const oneDir = tempDir('pg-one');
    const threeDir = tempDir('pg-three');
    cleanupPull(oneDir);
    cleanupPull(threeDir);
    const oneMs = await together(1, args(await pg.createDatabase('one'), oneDir), env);
    const threeMs = await together(3, args(await pg.createDatabase('three'), threeDir), env);
    const count = async (db) => Number((await pg.psql('SELECT count(*) FROM documents', db)).trim());
    const [oneDocs, threeDocs] = [await count('one'), await count('three')];
    const holders = (await pg.psql('SELECT count(DISTINCT holder) FROM lease_history', 'three')).trim();
    console.log(
      `  baseline: 1 process, ${oneDocs} documents in ${(oneMs / 1000).toFixed(1)} s; 3 processes: ${threeDocs} documents in ${(threeMs / 1000).toFixed(1)} s, profiles pulled by ${holders} processes`,
    );
    figure('3 processes vs 1, 6 accounts (wall time)', `x${(threeMs / oneMs).toFixed(2)}`, '< x1', threeMs < oneMs);
    figure(
      '3 processes: documents in the catalog',
      `${threeDocs} of ${oneDocs}`,
      `= ${oneDocs}`,
      threeDocs === oneDocs,
    );
    const shared = await overlaps(pg, 'three');
    figure('3 processes: lease holdings that overlap', String(shared), '= 0', shared === 0);
    await killTrials(pg, trials, args, env, await catalogDump(pg, 'one'), figure);
  } finally {
    await Promise.all(emus.map((e) => e.close()));
  }
}

/**
 * kill -9 of one of three runs once it committed pages under a lease (observed, never at a
 * time): the other two must end 0 and leave the catalog an uninterrupted run leaves.
 */
async function killTrials(pg, trials, args, env, reference, figure) {
  let equal = 0;
  let finished = 0;
  for (let t = 0; t < trials; t++) {
    const db = `kill_${t}`;
    const dir = tempDir('pg-kill');
    cleanupPull(dir);
    const url = await pg.createDatabase(db);
    const runs = Array.from({ length: 3 }, () => {
      const child = spawn(process.execPath, [bin, ...args(url, dir)], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const run = { child, stderr: '' };
      child.stderr.on('data', (c) => (run.stderr = (run.stderr + c).slice(-2000)));
      run.code = new Promise((resolve) => child.on('close', (code) => resolve(code)));
      return run;
    });
    const pids = new Set(runs.map((r) => r.child.pid));
    let victim;
    while ((victim = await committingHolder(pg, db, pids)) === undefined) await new Promise((r) => setTimeout(r, 50));
    const killed = runs.find((r) => r.child.pid === victim);
    killed.child.kill('SIGKILL');
    const others = runs.filter((r) => r !== killed);
    const codes = await Promise.all(others.map((r) => r.code));
    if (codes.every((c) => c === 0)) finished++;
    // A survivor that failed says why (the figure alone would only count it).
    for (const [i, r] of others.entries())
      if (codes[i] !== 0)
        console.log(`  trial ${t}: a survivor ended ${codes[i]}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    if ((await catalogDump(pg, db)) === reference) equal++;
  }
  console.log(
    `  kill -9 of one of three runs once it committed pages, ${trials} trials: the other two ended 0 in ${finished}`,
  );
  figure(
    `kill -9, ${trials} trials: catalog as uninterrupted`,
    `${equal} of ${trials}`,
    `= ${trials}`,
    equal === trials && finished === trials,
  );
}

async function againstSqlite(pg, quick, figure) {
  const docs = quick ? 2000 : 20_000;
  const emu = await startEmulatorProcess(['--docs', String(docs), '--accounts', '1']);
  try {
    const args = ['--role', 'received', '--without-events'];
    // Alternated (SQLite, PostgreSQL, SQLite, PostgreSQL), best of two each: a change in the
    // machine's load during the run then weighs on both, not on the second alone.
    const sqliteDirs = [];
    const pgDirs = [];
    let sqliteMs = Infinity;
    let pgMs = Infinity;
    for (let i = 0; i < 2; i++) {
      const sqliteDir = tempDir('pg-vs-sqlite');
      cleanupPull(sqliteDir);
      sqliteMs = Math.min(sqliteMs, (await pull(emu.env, sqliteDir, args)).wallMs);
      sqliteDirs.push(sqliteDir);
      const pgDir = tempDir('pg-vs-sqlite');
      cleanupPull(pgDir);
      const catalog = ['--catalog', await pg.createDatabase(`single_${i}`)];
      pgMs = Math.min(pgMs, (await pull(emu.env, pgDir, [...args, ...catalog])).wallMs);
      pgDirs.push(pgDir);
    }
    console.log(
      `\none account of ${docs} NF-e, no latency, alternated, best of two: the folder's SQLite catalog (baseline) ${(sqliteMs / 1000).toFixed(2)} s, PostgreSQL ${(pgMs / 1000).toFixed(2)} s`,
    );
    figure(
      'pull with the PostgreSQL catalog vs SQLite',
      `x${(pgMs / sqliteMs).toFixed(2)}`,
      '<= x1.25',
      pgMs <= sqliteMs * 1.25,
    );
    // The same question of both: `report <folder> --by month,status`, best of three each.
    const reportMs = async (extra) => {
      let ms = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await fiscal(['report', ...extra, '--by', 'month,status', '-o', 'json'], emu.env);
        ms = Math.min(ms, performance.now() - start);
      }
      return ms;
    };
    const reportSqliteMs = await reportMs([sqliteDirs[0]]);
    const reportPgMs = await reportMs([pgDirs[0], '--catalog', pg.urlOf('single_0')]);
    console.log(
      `report --by month,status of that folder, best of three: its SQLite catalog (baseline) ${(reportSqliteMs / 1000).toFixed(2)} s, PostgreSQL ${(reportPgMs / 1000).toFixed(2)} s`,
    );
    figure(
      'report from the PostgreSQL catalog vs SQLite',
      `x${(reportPgMs / reportSqliteMs).toFixed(2)}`,
      '<= x1.5',
      reportPgMs <= reportSqliteMs * 1.5,
    );
  } finally {
    await emu.close();
  }
}
