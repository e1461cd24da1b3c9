// A connection of the shared catalog lost under several readers at once (the database restarted
// while profiles are leased concurrently): they share one new connection. Each making its own
// left all but the last open, and an open connection kept a finished run from exiting (the
// restart test of pull-postgres-processes hung so, about once in thirty runs under load).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedCatalog } from '../../../src/catalog/postgres/catalog.js';
import { realClock } from '../../../src/runtime.js';
import { postgresMissing, startPostgres, type PostgresCluster } from '../../helpers/postgres.js';

const missing = postgresMissing();
let pg: PostgresCluster;

/** Our sessions on the database, by what each last ran. */
const sessions = async (db: string) =>
  (
    await pg.psql(
      `SELECT state || ' ' || query FROM pg_stat_activity WHERE datname = '${db}' AND application_name = 'fiscal' ORDER BY 1`,
    )
  )
    .trim()
    .split('\n')
    .filter(Boolean);

const cut = (db: string) =>
  pg.psql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${db}' AND application_name = 'fiscal'`,
  );

async function open(db: string): Promise<SharedCatalog> {
  const url = await pg.createDatabase(db);
  const signal = new AbortController().signal;
  return SharedCatalog.open(
    { url, shown: url, from: '--catalog' },
    { env: {}, version: '0.0.0-test', clock: realClock, signal },
  );
}

/** Until the server has ended the sessions it was told to (termination is asynchronous). */
async function gone(db: string): Promise<void> {
  while ((await sessions(db)).length > 0) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(missing)('the shared catalog after a lost connection', () => {
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('reads about leases that all saw the loss share one new connection, and close leaves none open', async () => {
    const catalog = await open('admin');
    expect(await sessions('admin')).toHaveLength(1);
    await cut('admin');
    await gone('admin');
    const since = new Date(0);
    const answers = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map(async (p) => [...(await catalog.finishedAmong([p], since, 'work'))]),
    );
    expect(answers).toEqual([[], [], [], []]);
    expect(await sessions('admin')).toHaveLength(1);
    await catalog.close();
    expect(await sessions('admin')).toEqual([]);
  });

  it("a leased folder's readers that all saw the loss take the lease again once, on one connection", async () => {
    const catalog = await open('lease');
    const folder = (await catalog.tryFolder('p1'))!;
    expect(folder).toBeDefined();
    const store = folder.shared.checkpoints;
    await cut('lease');
    await gone('lease');
    // pg warns (on the user's stderr) when a client is given a query while it runs one.
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const loads = await Promise.all(
      ['received', 'emitted', 'received', 'emitted'].map((role) =>
        store.load({ account: 'a', baseUrl: 'http://127.0.0.1', type: 'nfe', role, owner: '' }),
      ),
    );
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    expect(loads).toEqual([undefined, undefined, undefined, undefined]);
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    // One new connection, holding the lease (the admin connection comes back on its next use).
    expect(await sessions('lease')).toHaveLength(1);
    const advisory = await pg.psql(`SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted`, 'lease');
    expect(advisory.trim()).toBe('1');
    await folder.release('work');
    await catalog.close();
    expect(await sessions('lease')).toEqual([]);
    const lease = await pg.psql(`SELECT released_at IS NOT NULL, finished_at IS NOT NULL FROM leases`, 'lease');
    expect(lease.trim()).toBe('t|t');
    // Held twice by this process: before the loss, and since it was taken again.
    expect((await pg.psql(`SELECT count(*) FROM lease_history`, 'lease')).trim()).toBe('2');
  });
});
