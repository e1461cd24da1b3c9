// A run waiting for profiles other runs hold: it hears each release (a NOTIFY sent once the lock
// is free) instead of finding it at its next poll, tries the leases it cannot take on one kept
// connection instead of a new one each second, and reads which profiles ended whole in one query
// without taking their leases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedCatalog } from '../../../src/catalog/postgres/catalog.js';
import { realClock } from '../../../src/runtime.js';
import { postgresMissing, startPostgres, type PostgresCluster } from '../../helpers/postgres.js';

const missing = postgresMissing();
let pg: PostgresCluster;

const sessions = async (db: string) =>
  Number(
    (
      await pg.psql(`SELECT count(*) FROM pg_stat_activity WHERE datname = '${db}' AND application_name = 'fiscal'`)
    ).trim(),
  );

const open = (url: string, signal = new AbortController().signal) =>
  SharedCatalog.open(
    { url, shown: url, from: '--catalog' },
    { env: {}, version: '0.0.0-test', clock: realClock, signal },
  );

describe.skipIf(missing)('waiting for a lease another run holds', () => {
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('wakes at the release of a lease, tries on one kept connection, and skips a profile ended whole with the same work', async () => {
    const url = await pg.createDatabase('wait');
    const holder = await open(url);
    const waiter = await open(url);
    await waiter.listenForReleases();
    const since = await waiter.now();
    const held = (await holder.tryFolder('p1'))!;
    expect(held).toBeDefined();
    // Two admin connections and the lease's.
    expect(await sessions('wait')).toBe(3);
    for (let i = 0; i < 5; i++) expect(await waiter.tryFolder('p1')).toBeUndefined();
    // The tries not taken share one kept connection, not one each.
    expect(await sessions('wait')).toBe(4);
    expect([...(await waiter.finishedAmong(['p1', 'p2'], since, 'nfe received'))]).toEqual([]);

    const mark = waiter.releases;
    // The poll interval is far longer than the test's time limit: only the release can end the wait.
    const woken = waiter.waitForRelease(mark, 3_600_000, new AbortController().signal);
    await held.release('nfe received');
    expect(await woken).toBe(true);
    expect(waiter.releases).toBeGreaterThan(mark);
    // Heard before the wait began: no wait at all.
    expect(await waiter.waitForRelease(mark, 3_600_000, new AbortController().signal)).toBe(true);

    expect([...(await waiter.finishedAmong(['p1', 'p2'], since, 'nfe received'))]).toEqual(['p1']);
    // Another type or role pulled whole says nothing of this run's streams: the profile is pulled.
    expect([...(await waiter.finishedAmong(['p1', 'p2'], since, 'nfce emitted'))]).toEqual([]);
    await holder.close();
    await waiter.close();
    expect(await sessions('wait')).toBe(0);
  });

  it('a wait ended by the run being stopped says so', async () => {
    const url = await pg.createDatabase('stopped');
    const stop = new AbortController();
    const catalog = await open(url, stop.signal);
    const waiting = catalog.waitForRelease(catalog.releases, 3_600_000, stop.signal);
    stop.abort();
    expect(await waiting).toBe(false);
    await catalog.close();
  });
});
