// One connection to the catalog database. `pg` is loaded here, on first use (its import costs
// some 50 ms, and `--help` must not pay it: test/unit/startup-bundle.test.ts).
//
// A lease is a session advisory lock (leases.ts), so how fast a dead holder loses it is how fast
// the server notices the session is gone. A process that exits or is killed closes its socket
// and the server notices at once; a machine that dies or drops off the network sends nothing,
// so each session asks the server for TCP keepalives (first probe after 10 s idle, then every
// 5 s, 3 unanswered probes) and a 20 s limit on unacknowledged data: its leases are released
// within 30 s (10 + 3 x 5 s, rounded up). The client probes the server alike, and bounds a connection attempt
// and each statement, so a run never hangs on a server that went away.
import type { Client, ClientConfig } from 'pg';
import type { Clock } from '../../context.js';
import { CatalogError } from '../../errors.js';
import { passwordFor } from './password.js';
import type { CatalogTarget } from './target.js';

const SESSION_SETTINGS = [
  'SET tcp_keepalives_idle = 10',
  'SET tcp_keepalives_interval = 5',
  'SET tcp_keepalives_count = 3',
  'SET tcp_user_timeout = 20000',
  // Waiting on a row lock or a statement longer than this is a server in trouble, not work.
  'SET lock_timeout = 60000',
  'SET statement_timeout = 120000',
].join('; ');

export type { Client } from 'pg';

/** Connects, with the session settings above; a refused or failed connection is exit 13. */
export async function connect(
  target: CatalogTarget,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Client> {
  const [{ default: pg }, { parseIntoClientConfig }] = await Promise.all([
    import('pg'),
    import('pg-connection-string'),
  ]);
  // The URL read as pg reads a connectionString, but into the config: given as connectionString,
  // it would override any password given beside it, and pg would read PGPASSWORD and the password
  // file itself (password.ts says why it must not).
  const fromUrl = parseIntoClientConfig(target.url);
  const client = new pg.Client({
    application_name: 'fiscal',
    ...fromUrl,
    // A function is called with the connection's parameters (pg#3602), which @types/pg does not say.
    password: passwordFor(
      typeof fromUrl.password === 'string' ? fromUrl.password : undefined,
      env,
    ) as ClientConfig['password'],
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 15_000,
  });
  // A connection lost while idle is reported on the next query; unhandled, this event would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(SESSION_SETTINGS);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw catalogError(target, error, 'cannot connect');
  }
  return client;
}

/** How long a run waits for a catalog that went away (a restart, a failover) before it stops with exit 13. */
export const RECONNECT_SECONDS = 60;

/**
 * Connects, waiting up to RECONNECT_SECONDS while the server is away (refused, shutting down,
 * starting up): a restarted database delays the run instead of ending it.
 */
export async function connectWaiting(
  target: CatalogTarget,
  env: Readonly<Record<string, string | undefined>>,
  o: { clock: Clock; signal: AbortSignal },
): Promise<Client> {
  const deadline = o.clock.now() + RECONNECT_SECONDS * 1000;
  for (;;) {
    try {
      return await connect(target, env);
    } catch (error) {
      const cause = (error as Error).cause;
      if (!isConnectionLoss(cause) || isRefusedLogin(cause) || o.clock.now() >= deadline) throw error;
    }
    await o.clock.sleep(1000, o.signal);
  }
}

/** A login the server refuses (28xxx: no such role, wrong password): waiting does not help. */
const isRefusedLogin = (error: unknown) => /^28/.test(String((error as { code?: unknown })?.code ?? ''));

/** Codes of a server that is going away or not there (classes 08, 57P0x, 53300 too many connections). */
const UNAVAILABLE_CODES = /^(08|57P0|53300|28)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether an error means the connection (and so every lease on it) is gone or cannot be made. */
export function isConnectionLoss(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && (UNAVAILABLE_CODES.test(e.code) || NETWORK_CODES.has(e.code))) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|Client has encountered a connection error|not queryable|timeout expired/i.test(message);
}

/** The error a run stops with (exit 13) when the catalog cannot be reached, named redacted. */
export function catalogError(target: CatalogTarget, error: unknown, doing: string): CatalogError {
  const raw = error instanceof Error ? error.message : String(error);
  const password = passwordOf(target.url);
  const message = password ? raw.split(password).join('***') : raw;
  return new CatalogError(`catalog ${target.shown}: ${doing}: ${message || 'connection failed'}`, {
    cause: error,
    details: [
      'every page committed before is kept (a page is in the catalog whole or not at all)',
      'once the database answers again, the same command continues from there',
    ],
  });
}

function passwordOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.password) || parsed.searchParams.get('password') || undefined;
  } catch {
    return undefined;
  }
}
