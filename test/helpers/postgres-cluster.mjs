// A throwaway PostgreSQL cluster for the tests of the shared catalog: initdb into a temporary
// folder, a server on a free loopback port (127.0.0.1 only, its socket in that folder), stopped
// and removed at the end. Debian's server binaries live under /usr/lib/postgresql/<major>/bin
// (not on PATH); `.ci/run` installs them. Run as root, the server must run as another user
// (postgres refuses root), so every binary is run as `postgres` through runuser. Plain JavaScript,
// so that the bench (test/bench/postgres.mjs) starts the same cluster; types in postgres-cluster.d.mts.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed server's bin folder, or undefined. */
function serverBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(root, majors[0], 'bin');
}

/** As root the server runs as this user; undefined when the tests do not run as root. */
function serverUser() {
  if (userInfo().uid !== 0) return undefined;
  const line = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).stdout?.trim();
  const [name, , uid, gid] = (line ?? '').split(':');
  if (!name || uid === undefined || gid === undefined) return undefined;
  return { name, uid: Number(uid), gid: Number(gid) };
}

let why = null;

/**
 * Why the PostgreSQL tests cannot run here, or undefined when they can. Said once per worker, the
 * way host-tools.ts says a missing program.
 */
export function postgresMissing() {
  if (why !== null) return why;
  const bin = serverBin();
  if (!bin)
    why = 'no PostgreSQL server under /usr/lib/postgresql/*/bin (apt-get install postgresql; .ci/run installs it)';
  else if (userInfo().uid === 0 && !serverUser())
    why = 'running as root without a `postgres` user to run the server as (the Debian package creates it)';
  else why = undefined;
  if (why) console.warn(`skipped: the PostgreSQL catalog tests: ${why}`);
  return why;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const ROLE = 'fiscal';

/**
 * Starts a cluster of its own (one per test file, or shared by the tests of a file): `fsync` off
 * unless `durable`, since these tests kill clients, not the machine; `password`: the role's, asked
 * of clients over TCP.
 */
/** @returns {Promise<import('./postgres-cluster.d.mts').PostgresCluster>} */
export async function startPostgres(o = {}) {
  const bin = serverBin();
  if (!bin) throw new Error(`PostgreSQL is not installed: ${postgresMissing()}`);
  const user = serverUser();
  const root = mkdtempSync(join(tmpdir(), 'fiscal-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const data = join(root, 'data');
  const as = (cmd, args) =>
    user ? run('runuser', ['-u', user.name, '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);
  // With a password, only the socket trusts: a client on 127.0.0.1 must give it (SCRAM), as a
  // firm's server asks its machines.
  const auth = o.password
    ? ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile(root, o.password, user)}`]
    : ['--auth=trust'];
  await as('initdb', ['-D', data, '-U', ROLE, ...auth, '--no-sync', '-E', 'UTF8', '--locale=C']);
  let port = 0;
  const start = async () => {
    const settings = [
      `-p ${port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${root}`,
      `-c max_connections=100`,
      ...(o.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ];
    await as('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(root, 'log'), '-o', settings.join(' ')]);
  };
  // A port found free can be taken before the server binds it: try another.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 2) throw new Error(`PostgreSQL did not start: ${error.message}\n${logOf(root)}`);
    }
  }
  const stopNow = () => spawnSync(...stopArgs(bin, user?.name, data, 'immediate'), { stdio: 'ignore' });
  process.once('exit', stopNow);
  const urlOf = (database) => `postgres://${ROLE}@127.0.0.1:${port}/${database}`;
  const psql = async (sql, database = 'postgres') =>
    (
      await run(
        join(bin, 'psql'),
        ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', urlOf(database), '-c', sql],
        {
          maxBuffer: 512 * 1024 * 1024,
          ...(o.password ? { env: { ...process.env, PGPASSWORD: o.password } } : {}),
        },
      )
    ).stdout;
  const stop = async () => {
    const [cmd, args] = stopArgs(bin, user?.name, data, 'fast');
    await run(cmd, args);
  };
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    async createDatabase(name) {
      await psql(`CREATE DATABASE "${name}"`);
      return urlOf(name);
    },
    psql,
    async restart() {
      await stop();
      await start();
    },
    stop,
    async close() {
      process.removeListener('exit', stopNow);
      stopNow();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** initdb's --pwfile: the role's password, readable by the user the server runs as. */
function passwordFile(root, password, user) {
  const file = join(root, 'password');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(file, user.uid, user.gid);
  return file;
}

function stopArgs(bin, user, data, mode) {
  const args = ['stop', '-D', data, '-w', '-m', mode];
  return user ? ['runuser', ['-u', user, '--', join(bin, 'pg_ctl'), ...args]] : [join(bin, 'pg_ctl'), args];
}

function logOf(root) {
  try {
    return readFileSync(join(root, 'log'), 'utf8').slice(-2000);
  } catch {
    return '(no server log)';
  }
}

/**
 * Everything a shared catalog holds of its pulls (the lease tables aside), one line per row in a
 * stable order: two catalogs with the same dump hold the same documents, items, files and checkpoints.
 */
export function catalogDump(pg, db) {
  return pg.psql(
    `SELECT 'doc ' || profile || ' ' || key || ' ' || role || ' ' || owner || ' ' || coalesce(status, '-') || ' ' || path FROM documents
     UNION ALL SELECT 'item ' || profile || ' ' || key || ' ' || number || ' ' || coalesce(ncm, '-') || ' ' || coalesce(value::text, '-') FROM items
     UNION ALL SELECT 'file ' || profile || ' ' || path || ' ' || sha256 || ' ' || bytes FROM files
     UNION ALL SELECT 'checkpoint ' || profile || ' ' || stream || ' ' || checkpoint::text FROM checkpoints
     ORDER BY 1`,
    db,
  );
}

/** The pid of a run that holds a lease under which documents were committed, if any yet ('' before the tables exist). */
export async function committingHolder(pg, db, pids) {
  const rows = await pg
    .psql(
      `SELECT h.holder FROM lease_history h WHERE h.released_at IS NULL
         AND EXISTS (SELECT 1 FROM documents d WHERE 'profile ' || d.profile = h.name)`,
      db,
    )
    .catch(() => '');
  return rows
    .trim()
    .split('\n')
    .map((l) => Number(/pid (\d+)/.exec(l)?.[1]))
    .find((p) => pids.has(p));
}
