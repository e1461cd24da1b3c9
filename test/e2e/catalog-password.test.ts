// End to end: the shared catalog's password from the password file that docs/postgres.md
// recommends (~/.pgpass, PGPASSFILE), against a cluster that asks for one (test/helpers/postgres.ts).
// fiscal reads the file itself (src/catalog/postgres/password.ts): pg, reading it, printed a
// DeprecationWarning on stderr at every run, which cron mails. The built CLI is run, since a
// warning is the process's, not the command's.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmulatorProfile, freshConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { postgresMissing, startPostgres, type PostgresCluster } from '../helpers/postgres.js';
import { tempDir } from '../helpers/tree.js';

const missing = postgresMissing();
const PASSWORD = 'pgpass-s3cret';

let pg: PostgresCluster;
let emu: TestEmulator;
let env: Record<string, string>;
let url: string;

/** A password file as libpq wants it: mode 0600, `host:port:database:user:password` lines. */
function passFile(lines: string[], mode = 0o600): string {
  const file = join(tempDir(), 'pgpass');
  writeFileSync(file, `${lines.join('\n')}\n`);
  chmodSync(file, mode);
  return file;
}

describe.skipIf(missing)('the shared catalog with a password from the password file', () => {
  beforeAll(async () => {
    [pg, emu] = await Promise.all([
      startPostgres({ password: PASSWORD }),
      startEmulator({ docs: 20, otherDocs: 0, accounts: 1 }),
    ]);
    env = { FISCAL_CONFIG_DIR: freshConfigDir() };
    await addEmulatorProfile(emu, env, 'acme');
    url = await pg.createDatabase('fiscal');
  });
  afterAll(async () => {
    await Promise.all([pg?.close(), emu?.close()]);
  });

  it('pull and query find it in PGPASSFILE (first matching line), with nothing on stderr', async () => {
    const file = passFile([`127.0.0.1:${pg.port}:other:fiscal:wrong`, `127.0.0.1:${pg.port}:*:fiscal:${PASSWORD}`]);
    const withFile = { ...env, PGPASSFILE: file };
    const dir = tempDir();
    const pull = await runCli(
      ['pull', 'nfe', '--role', 'received', '--profiles', 'acme', '--dir', dir, '--catalog', url],
      {
        env: withFile,
      },
    );
    expect(pull.exitCode, pull.stderr).toBe(0);
    const query = await runCli(['query', '--catalog', url, 'SELECT count(*) AS n FROM documents', '-o', 'json'], {
      env: withFile,
    });
    expect(query.exitCode, query.stderr).toBe(0);
    expect((JSON.parse(query.stdout) as { n: number }[])[0]!.n).toBeGreaterThan(0);
    expect(query.stderr).toBe('');
    for (const r of [pull, query]) {
      expect(r.stderr).not.toMatch(/DeprecationWarning|pgpass/);
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    }
  });

  it('none found, a file others may read, a wrong one: exit 13 that says so, the password never shown', async () => {
    const none = await runCli(['query', '--catalog', url, 'SELECT 1 AS one'], {
      env: { ...env, PGPASSFILE: join(tempDir(), 'absent') },
    });
    expect(none.exitCode).toBe(13);
    expect(none.stderr).toMatch(/the server asks for a password: none in the URL, PGPASSWORD or the password file /);
    // libpq's rule: a file the group or others may read is ignored, with a warning.
    const open = await runCli(['query', '--catalog', url, 'SELECT 1 AS one'], {
      env: { ...env, PGPASSFILE: passFile([`*:*:*:*:${PASSWORD}`], 0o644) },
    });
    expect(open.exitCode).toBe(13);
    expect(open.stderr).toMatch(/has group or world access/);
    const wrong = await runCli(['query', '--catalog', url, 'SELECT 1 AS one'], {
      env: { ...env, PGPASSFILE: passFile(['*:*:*:*:not-it']) },
    });
    expect(wrong.exitCode).toBe(13);
    expect(wrong.stderr).toMatch(/password authentication failed/);
    for (const r of [none, open, wrong]) expect(r.stdout + r.stderr).not.toContain(PASSWORD);
  });

  it("PGPASSWORD of the command's environment wins over the file", async () => {
    const r = await runInProcess(['query', '--catalog', url, 'SELECT 1 AS one', '-o', 'json'], {
      env: { ...env, PGPASSWORD: PASSWORD, PGPASSFILE: passFile(['*:*:*:*:not-it']) },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ one: 1 }]);
  });
});
