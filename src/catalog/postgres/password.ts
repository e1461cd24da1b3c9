// The password of a catalog connection, found where libpq finds one: the URL, else PGPASSWORD,
// else the password file (PGPASSFILE, else ~/.pgpass; %APPDATA%\postgresql\pgpass.conf on
// Windows), its first line whose host, port, database and user match, the file ignored unless
// only its owner may read it. The file is read here, with the `pgpass` module pg itself reads it
// with: pg 8 would read it too, but prints a DeprecationWarning on stderr each time it does (its
// pgpass support leaves in pg 9), which every cron run would mail.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

type Env = Readonly<Record<string, string | undefined>>;

/** What a pgpass line is matched with: pg's connection parameters once the URL and its defaults are read. */
interface Connection {
  host?: string | undefined;
  port?: number | string | undefined;
  database?: string | undefined;
  user?: string | undefined;
}

/**
 * The password pg is to send: the URL's or PGPASSWORD's (an empty one is none, as in libpq), else a
 * function pg calls with the connection's parameters when the server asks for one.
 */
export function passwordFor(fromUrl: string | undefined, env: Env): string | ((c: Connection) => Promise<string>) {
  return fromUrl || env.PGPASSWORD || ((c: Connection) => passwordFile(c, env));
}

/**
 * The password file's password for this connection. Called only when the server asks for one: none
 * found (no file, an unsafe one, no line) is said so, where pg would say "client password must be
 * a string".
 */
async function passwordFile(c: Connection, env: Env): Promise<string> {
  const pgpass = await import('pgpass/lib/helper.js');
  const file = pgpass.getFileName(env);
  const stats = await stat(file).catch(() => undefined);
  // usePgPass warns on stderr, as libpq does, of a file others may read (and then ignores it).
  const password =
    stats && pgpass.usePgPass(stats, file)
      ? await new Promise<string | undefined>((resolve) => pgpass.getPassword(c, createReadStream(file), resolve))
      : undefined;
  if (password === undefined)
    throw new Error(`the server asks for a password: none in the URL, PGPASSWORD or the password file ${file}`);
  return password;
}
