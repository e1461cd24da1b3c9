// The throwaway cluster the PostgreSQL catalog tests run against (test/helpers/postgres.ts):
// it answers on loopback, survives a restart on the same port, and is gone after close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres, type PostgresCluster } from '../helpers/postgres.js';

const missing = postgresMissing();

describe.skipIf(missing)('a throwaway PostgreSQL cluster', () => {
  let pg: PostgresCluster;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(() => pg?.close());

  it('listens on 127.0.0.1 only, and keeps its port across a restart', async () => {
    expect((await pg.psql('SHOW listen_addresses')).trim()).toBe('127.0.0.1');
    const url = await pg.createDatabase('kept');
    expect(url).toBe(`postgres://fiscal@127.0.0.1:${pg.port}/kept`);
    await pg.psql('CREATE TABLE t (n int); INSERT INTO t VALUES (42)', 'kept');
    await pg.restart();
    expect((await pg.psql('SELECT n FROM t', 'kept')).trim()).toBe('42');
  });
});
