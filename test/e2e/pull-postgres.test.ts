// End to end: `fiscal pull --all-profiles --catalog postgres://…` against a throwaway PostgreSQL
// cluster (test/helpers/postgres.ts): the checkpoints and documents of every profile in the
// database, the folder's lock replaced by leases, the password kept out of argv and output, and
// a database of a newer schema refused (exit 13), and statuses learnt after the first pull (an
// event, a manifestation answered 650, the folder's status journal) in the database after the next.
import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmulatorProfile, freshConfigDir, runInProcess } from '../helpers/cli.js';
import { EMULATOR_NOW, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { postgresMissing, startPostgres, type PostgresCluster } from '../helpers/postgres.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

const missing = postgresMissing();
const PULL = ['pull', 'nfe', '--role', 'received'];

let pg: PostgresCluster;
let emu: TestEmulator;
let env: Record<string, string>;

const indexOf = (dir: string) => readNdjson(join(dir, 'index.ndjson')).filter((e) => e.event === undefined);

describe.skipIf(missing)('fiscal pull --catalog postgres://', () => {
  beforeAll(async () => {
    [pg, emu] = await Promise.all([startPostgres(), startEmulator({ docs: 80, otherDocs: 5, accounts: 3 })]);
    env = { FISCAL_CONFIG_DIR: freshConfigDir() };
    for (const [i, name] of ['acme', 'beta', 'gama'].entries()) await addEmulatorProfile(emu, env, name, i);
  });
  afterAll(async () => {
    await Promise.all([pg?.close(), emu?.close()]);
  });

  it("keeps every profile's documents and checkpoints in the database, under leases instead of the folder's lock", async () => {
    const url = await pg.createDatabase('all_profiles');
    const dir = tempDir();
    const r = await runInProcess([...PULL, '--all-profiles', '--catalog', url, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    for (const name of ['acme', 'beta', 'gama']) {
      const index = indexOf(join(dir, name));
      expect(index.length).toBeGreaterThan(0);
      const rows = await pg.psql(
        `SELECT key || ' ' || role || ' ' || owner || ' ' || path FROM documents WHERE profile = '${name}' ORDER BY 1`,
        'all_profiles',
      );
      expect(rows.trim().split('\n')).toEqual(index.map((e) => `${e.key} ${e.role} ${e.owner} ${e.path}`).sort());
      // Checkpoints live in the database, not in the folder.
      expect(existsSync(join(dir, name, '.fiscal', 'checkpoints'))).toBe(false);
    }
    expect((await pg.psql('SELECT count(DISTINCT profile) FROM checkpoints', 'all_profiles')).trim()).toBe('3');
    // The folder catalog's facts, from the bytes the pull held: parties, totals, items.
    const facts = await pg.psql(
      `SELECT count(*) FILTER (WHERE emitter_tax_id IS NULL OR total IS NULL), sum(item_count), (SELECT count(*) FROM items)
       FROM documents`,
      'all_profiles',
    );
    const [missingFacts, itemCount, items] = facts.trim().split('|').map(Number);
    expect(missingFacts).toBe(0);
    expect(items).toBeGreaterThan(0);
    expect(items).toBe(itemCount);
    expect(readdirSync(join(dir, '.fiscal'))).not.toContain('lock');
    // Every lease was released, and its pull recorded as ended whole, with what it did: the same
    // work for each profile (another run skips a profile only after that work).
    const finished = await pg.psql(
      'SELECT DISTINCT finished_work FROM leases WHERE released_at IS NOT NULL AND finished_at IS NOT NULL',
      'all_profiles',
    );
    expect(finished.trim().split('\n')).toHaveLength(1);
    expect(finished).toContain('nfe received');
    expect((await pg.psql('SELECT count(*) FROM leases WHERE finished_at IS NOT NULL', 'all_profiles')).trim()).toBe(
      '3',
    );

    // Again: nothing new, one request per stream, nothing added.
    const again = await runInProcess([...PULL, '--all-profiles', '--catalog', url, '--dir', dir], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/^acme: .* is up to date/m);
    expect((await pg.psql('SELECT count(*) FROM documents', 'all_profiles')).trim()).toBe(
      String(['acme', 'beta', 'gama'].reduce((n, p) => n + indexOf(join(dir, p)).length, 0)),
    );
  });

  it('fiscal query --catalog reads every profile side by side, and refuses what would write', async () => {
    const url = pg.urlOf('all_profiles');
    const r = await runInProcess(
      [
        'query',
        '--catalog',
        url,
        'SELECT profile, count(*) AS documents FROM documents GROUP BY profile ORDER BY 1',
        '-o',
        'json',
      ],
      { env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ profile: string; documents: number }>;
    expect(rows.map((x) => x.profile)).toEqual(['acme', 'beta', 'gama']);
    const total = (await pg.psql('SELECT count(*) FROM documents', 'all_profiles')).trim();
    expect(rows.reduce((n, x) => n + Number(x.documents), 0)).toBe(Number(total));
    for (const sql of ['DELETE FROM documents', 'SELECT 1; DELETE FROM documents']) {
      const refused = await runInProcess(['query', '--catalog', url, sql], { env });
      expect(refused.exitCode, sql).toBe(2);
      expect(refused.stderr).toMatch(/^fiscal: query: /m);
    }
    expect((await pg.psql('SELECT count(*) FROM documents', 'all_profiles')).trim()).toBe(total);
  });

  it('refuses a password in argv, pointing to PGPASSWORD, and never prints it', async () => {
    const url = pg.url.replace('fiscal@', 'fiscal:s3cret-pw@');
    const r = await runInProcess([...PULL, '--all-profiles', '--catalog', url, '--dir', tempDir()], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--catalog: postgres:\/\/fiscal:\*\*\*@.*password on the command line is refused/);
    expect(r.stderr).toMatch(/PGPASSWORD/);
    expect(r.stderr + r.stdout).not.toContain('s3cret-pw');
    // From the environment the same URL is taken (trust authentication ignores the password) and never shown.
    const fromEnv = await runInProcess([...PULL, '--profiles', 'acme', '--dir', tempDir(), '--verbose'], {
      env: { ...env, FISCAL_CATALOG: url },
    });
    expect(fromEnv.exitCode, fromEnv.stderr).toBe(0);
    expect(fromEnv.stderr + fromEnv.stdout).not.toContain('s3cret-pw');
  });

  it("a profile's catalog setting is the catalog of its pulls; profile add refuses one with a password", async () => {
    const url = await pg.createDatabase('from_profile');
    const a = emu.accounts[0]!;
    const add = (catalog: string) =>
      runInProcess(
        [
          'profile',
          'add',
          'delta',
          '--api-id',
          a.apiId,
          '--base-url',
          emu.url,
          '--api-key-stdin',
          '--force',
          '--catalog',
          catalog,
        ],
        { env, input: a.apiKey },
      );
    const refused = await add(url.replace('fiscal@', 'fiscal:pw-in-argv@'));
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).not.toContain('pw-in-argv');
    expect((await add(url)).exitCode).toBe(0);
    const r = await runInProcess([...PULL, '--profiles', 'delta', '--dir', tempDir()], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(
      Number((await pg.psql("SELECT count(*) FROM documents WHERE profile = 'delta'", 'from_profile')).trim()),
    ).toBeGreaterThan(0);
  });

  it('refuses a database of a newer schema, saying which fiscal to install (exit 13)', async () => {
    const url = await pg.createDatabase('newer');
    await pg.psql(
      "CREATE TABLE fiscal_schema (version integer PRIMARY KEY, installed_by text NOT NULL, installed_at timestamptz NOT NULL DEFAULT now()); INSERT INTO fiscal_schema VALUES (99, '9.1.0')",
      'newer',
    );
    const dir = tempDir();
    const r = await runInProcess([...PULL, '--profiles', 'acme', '--catalog', url, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(13);
    expect(r.stderr).toMatch(/has schema version 99; this fiscal \(.*\) reads version 3/);
    expect(r.stderr).toMatch(/install fiscal 9\.1\.0 or later/);
    expect(existsSync(join(dir, 'acme', 'index.ndjson'))).toBe(false);
  });

  it('an unreachable catalog stops the run before anything is pulled (exit 13)', async () => {
    const dir = tempDir();
    const url = `postgres://fiscal@127.0.0.1:1/nowhere`;
    const r = await runInProcess([...PULL, '--profiles', 'acme', '--catalog', url, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(13);
    expect(r.stderr).toMatch(/catalog postgres:\/\/fiscal@127\.0\.0\.1:1\/nowhere: cannot connect/);
    expect(existsSync(join(dir, 'acme'))).toBe(false);
  });

  describe('statuses learnt after the first pull reach the database, as they reach a folder catalog', () => {
    const statusIn = async (database: string, key: string) =>
      (
        await pg.psql(
          `SELECT DISTINCT status || ' ' || status_source FROM documents WHERE profile = 'acme' AND key = '${key}'`,
          database,
        )
      ).trim();
    const authorizedKeys = async (database: string) =>
      (
        await pg.psql(
          "SELECT DISTINCT key FROM documents WHERE profile = 'acme' AND status = 'authorized' AND role = 'received' ORDER BY key",
          database,
        )
      )
        .trim()
        .split('\n');

    it('R30: a note canceled after the first pull is canceled after the next run (its event)', async () => {
      const url = await pg.createDatabase('canceled_later');
      const dir = tempDir();
      const run = () => runInProcess([...PULL, '--profiles', 'acme', '--catalog', url, '--dir', dir], { env });
      expect((await run()).exitCode).toBe(0);
      const key = (await authorizedKeys('canceled_later'))[0]!;
      emu.store.addEvent(emu.accounts[0]!.id, 'nfe', key, {
        type: '110111',
        createdAt: new Date(EMULATOR_NOW.getTime() + 60_000).toISOString(),
      });
      const next = await run();
      expect(next.exitCode, next.stderr).toBe(0);
      expect(await statusIn('canceled_later', key)).toBe('canceled event');
    });

    it('R29: a 650 answer is recorded canceled in the database; a journal line it lacks is replayed by the next run', async () => {
      const url = await pg.createDatabase('journal');
      const dir = tempDir();
      const run = (extra: string[] = []) =>
        runInProcess([...PULL, '--without-events', ...extra, '--profiles', 'acme', '--catalog', url, '--dir', dir], {
          env,
        });
      const first = await run(['--manifest', 'aware']);
      expect(first.exitCode, first.stderr).toBe(0);
      const journal = () => readNdjson(join(dir, 'acme', 'status-journal.ndjson'));
      const answered = journal()
        .filter((r) => r.status === 'canceled')
        .map((r) => r.key as string);
      expect(answered.length, 'the account has canceled notes the authority answers 650').toBeGreaterThan(0);
      for (const key of answered) expect(await statusIn('journal', key)).toBe('canceled manifestation');

      // A status the folder learnt that the database never saw (journaled by a run that stopped
      // before it recorded it, or before the folder had a shared catalog): the next run has it.
      const key = (await authorizedKeys('journal'))[0]!;
      const record = {
        key,
        role: 'received',
        owner: '',
        status: 'canceled',
        at: '2026-06-15T15:00:00.000Z',
        source: 'listing',
      };
      appendFileSync(join(dir, 'acme', 'status-journal.ndjson'), `${JSON.stringify(record)}\n`);
      const next = await run();
      expect(next.exitCode, next.stderr).toBe(0);
      expect(await statusIn('journal', key)).toBe('canceled listing');
      const covered = await pg.psql(
        "SELECT value FROM meta WHERE profile = 'acme' AND name = 'journal_bytes'",
        'journal',
      );
      expect(Number(covered.trim())).toBe(
        journal().reduce((n, r) => n + Buffer.byteLength(`${JSON.stringify(r)}\n`), 0),
      );
    });
  });
});
