// Types of the part of `pgpass` (the reader of libpq's password file that pg itself uses) that
// password.ts calls; the package ships none.
declare module 'pgpass/lib/helper.js' {
  import type { Stats } from 'node:fs';
  import type { Readable } from 'node:stream';

  /** PGPASSFILE, else ~/.pgpass (%APPDATA%\postgresql\pgpass.conf on Windows), from `env`. */
  export function getFileName(env?: Readonly<Record<string, string | undefined>>): string;
  /** Whether the file may be read: a plain file only its owner may read (else a warning on stderr). */
  export function usePgPass(stats: Stats, file: string): boolean;
  /** The password of the first line matching host, port, database and user; undefined when none does. */
  export function getPassword(connection: object, file: Readable, done: (password: string | undefined) => void): void;
}
