// End to end: `fiscal report` and `fiscal inspect` read the shared catalog in PostgreSQL the way
// they read a folder's SQLite catalog (docs/postgres.md). The same account is pulled twice, into a
// folder with its own catalog and into the shared catalog (a throwaway cluster,
// test/helpers/postgres.ts): every answer is the same, the folder of the shared catalog gets no
// SQLite file, and a status changed in the database alone shows, so the database is what was read.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmulatorProfile, freshConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { postgresMissing, startPostgres, type PostgresCluster } from '../helpers/postgres.js';
import { tempDir } from '../helpers/tree.js';

const missing = postgresMissing();
const PULL = ['pull', 'nfe', '--role', 'received', '--profiles', 'acme'];

let pg: PostgresCluster;
let emu: TestEmulator;
let env: Record<string, string>;
let url: string;
/** The same pull: `<local>/acme` with its own SQLite catalog, `<shared>/acme` in the database. */
let local: string;
let shared: string;

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>[];
const ndjson = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function ok(args: string[], extra: Record<string, string> = {}): Promise<string> {
  const r = await runInProcess(args, { env: { ...env, ...extra } });
  expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** inspect's records without the path they were read from (the two folders differ there only). */
const inspected = (stdout: string) =>
  ndjson(stdout)
    .map(({ source: _source, ...rest }) => rest)
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));

describe.skipIf(missing)('report and inspect --catalog postgres://', () => {
  beforeAll(async () => {
    [pg, emu] = await Promise.all([startPostgres(), startEmulator({ docs: 80, otherDocs: 5, accounts: 1 })]);
    env = { FISCAL_CONFIG_DIR: freshConfigDir() };
    await addEmulatorProfile(emu, env, 'acme');
    url = await pg.createDatabase('reports');
    [local, shared] = [tempDir(), tempDir()];
    await ok([...PULL, '--dir', local]);
    await ok([...PULL, '--dir', shared, '--catalog', url]);
    expect(existsSync(join(local, 'acme', '.fiscal', 'catalog.sqlite'))).toBe(true);
  });
  afterAll(async () => {
    await Promise.all([pg?.close(), emu?.close()]);
  });

  it("report gives the SQLite catalog's answers: a profile's folder, the whole catalog, the items", async () => {
    for (const by of [['status', 'month'], ['role', 'emitter'], ['ncm']]) {
      const args = ['report', '--by', by.join(','), '-o', 'json'];
      const fromFolder = json(await ok([...args, join(local, 'acme')]));
      expect(fromFolder.length, by.join(',')).toBeGreaterThan(0);
      expect(json(await ok([...args, join(shared, 'acme'), '--catalog', url])), by.join(',')).toEqual(fromFolder);
      // Without paths: every profile of the catalog (here one), no folder needed.
      expect(json(await ok(args, { FISCAL_CATALOG: url })), by.join(',')).toEqual(fromFolder);
    }
    // The shared catalog's folder was never catalogued in a file of its own.
    expect(existsSync(join(shared, 'acme', '.fiscal', 'catalog.sqlite'))).toBe(false);
  });

  it("inspect gives the SQLite catalog's statuses (R30: canceled notes canceled)", async () => {
    const fromFolder = inspected(await ok(['inspect', join(local, 'acme'), '--type', 'nfe', '-o', 'ndjson']));
    expect(fromFolder.filter((d) => d.canceled).length).toBeGreaterThan(0);
    const fromShared = inspected(
      await ok(['inspect', join(shared, 'acme'), '--type', 'nfe', '--catalog', url, '-o', 'ndjson']),
    );
    expect(fromShared).toEqual(fromFolder);
    expect(existsSync(join(shared, 'acme', '.fiscal', 'catalog.sqlite'))).toBe(false);
  });

  it("query gives the SQLite catalog's JSON types and CSV: counts and sums as numbers, 5279.30 as 5279.3", async () => {
    // Rounded in SQL: SQLite sums REAL amounts (binary noise), PostgreSQL numeric ones (exact).
    const sql =
      'SELECT status, count(*) AS n, round(sum(total), 2) AS t, max(total) AS top, min(item_count) AS items FROM documents GROUP BY 1 ORDER BY 1';
    for (const format of ['json', 'csv']) {
      const fromFolder = await ok(['query', '--dir', join(local, 'acme'), sql, '-o', format]);
      expect(await ok(['query', '--catalog', url, sql, '-o', format]), format).toBe(fromFolder);
    }
    const rows = json(await ok(['query', '--catalog', url, sql, '-o', 'json']));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) for (const c of ['n', 't', 'top', 'items']) expect(typeof r[c], c).toBe('number');
    // A numeric that ends in 0 is written as SQLite writes the same amount.
    expect(await ok(['query', '--catalog', url, 'SELECT 5279.30::numeric(15,2) AS v', '-o', 'csv'])).toBe('v\n5279.3');
  });

  it("query: PostgreSQL's own types the way SQLite's are written; what returns no rows refused (exit 2)", async () => {
    const sql = `SELECT 9007199254740993::int8 AS big, 1234567890.123456789012 AS fine, '\\x00ff'::bytea AS blob,
      true AS yes, 'NaN'::float8 AS nan, timestamptz '2026-06-20 12:00:00-03' AS at`;
    const [row] = json(await ok(['query', '--catalog', url, sql, '-o', 'json']));
    // Beyond a double: the exact digits, as a string; a timestamp as the server writes it (not a UTC Date).
    expect(row).toEqual({
      big: '9007199254740993',
      fine: '1234567890.123456789012',
      blob: '00ff',
      yes: true,
      nan: 'NaN',
      // As psql shows it (in the server's time zone).
      at: (await pg.psql("SELECT timestamptz '2026-06-20 12:00:00-03'", 'reports')).trim(),
    });
    expect(row!.at).toMatch(/^2026-06-20 \d\d:00:00[+-]\d\d$/);
    for (const statement of ['BEGIN', "SET search_path = 'x'", 'COMMIT']) {
      const r = await runInProcess(['query', '--catalog', url, statement], { env });
      expect(r.exitCode, statement).toBe(2);
      expect(r.stderr, statement).toMatch(
        /^fiscal: query: only statements that read are run .*: this one returns no rows$/m,
      );
    }
  });

  it('reads the database: a status set there alone shows in report and inspect', async () => {
    const url2 = await pg.createDatabase('reports_changed');
    const dir = tempDir();
    await ok([...PULL, '--dir', dir, '--catalog', url2]);
    const before = json(
      await ok(['report', join(dir, 'acme'), '--by', 'status', '-o', 'json'], { FISCAL_CATALOG: url2 }),
    );
    const key = (
      await pg.psql(
        "SELECT key FROM documents WHERE status = 'authorized' AND type = 'nfe' ORDER BY key LIMIT 1",
        'reports_changed',
      )
    ).trim();
    await pg.psql(`UPDATE documents SET status = 'canceled' WHERE key = '${key}'`, 'reports_changed');
    const after = json(
      await ok(['report', join(dir, 'acme'), '--by', 'status', '-o', 'json'], { FISCAL_CATALOG: url2 }),
    );
    const canceled = (rows: Record<string, unknown>[]) => rows.reduce((n, r) => n + Number(r.canceled), 0);
    expect(canceled(after)).toBe(canceled(before) + 1);
    const docs = ndjson(
      await ok(['inspect', join(dir, 'acme'), '--type', 'nfe', '-o', 'ndjson'], { FISCAL_CATALOG: url2 }),
    );
    expect(docs.find((d) => d.key === key)?.canceled).toBe(true);
  });

  it('a folder the catalog does not hold is read from its own file; a password in argv is refused (exit 2)', async () => {
    const fromFolder = await ok(['report', join(local, 'acme'), '--by', 'status', '-o', 'json']);
    // The local folder is not one of the shared catalog's: its own catalog answers.
    expect(await ok(['report', join(local, 'acme'), '--by', 'status', '-o', 'json', '--catalog', url])).toBe(
      fromFolder,
    );
    const withPassword = url.replace('fiscal@', 'fiscal:s3cret-pw@');
    for (const args of [
      ['report', join(shared, 'acme'), '--catalog', withPassword],
      ['inspect', join(shared, 'acme'), '--catalog', withPassword],
    ]) {
      const r = await runInProcess(args, { env });
      expect(r.exitCode, args[0]).toBe(2);
      expect(r.stderr).toMatch(/password on the command line is refused/);
      expect(r.stderr + r.stdout).not.toContain('s3cret-pw');
    }
  });

  it('the built bundle reports the whole catalog from FISCAL_CATALOG, the URL never printed with its password', async () => {
    const r = await runCli(['report', '--by', 'status', '-o', 'json'], {
      env: { ...env, FISCAL_CATALOG: url.replace('fiscal@', 'fiscal:pw-in-env@') },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual(json(await ok(['report', join(local, 'acme'), '--by', 'status', '-o', 'json'])));
    expect(r.stderr + r.stdout).not.toContain('pw-in-env');
  });
});
