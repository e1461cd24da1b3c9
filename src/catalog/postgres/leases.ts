// Leases: which process pulls a profile's streams. A lease is a session advisory lock, held on a
// connection of its own that also commits every page of the streams it covers: a holder that
// dies (or whose connection is cut) loses the lease with its session (connection.ts bounds how
// long that takes), and a commit on a lost session fails instead of writing behind the back of
// the process that took the lease over. The `leases` table only tells people who holds what:
// `lease_history` keeps every holding, and `finished_at` when a pull of the name last ended whole.
//
// Why one lease per profile folder and not one per stream: the folder's index.ndjson and its key
// store take one writer at a time, as they do under the folder's lock, which the lease replaces
// (a lock file cannot be taken over from a machine that died). Each stream of the profile is so
// pulled by one process at a time, and the streams' checkpoints are still one row each.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Client } from './connection.js';

/** A held lease: the lock of a pull folder that the shared catalog gives (see HeldLock in sync/lock.ts). */
export interface Lease {
  readonly name: string;
  readonly info: { pid: number; host: string; startedAt: string };
  /** The last holder never released it (it died): it may have left files half written. */
  readonly tookOver: boolean;
  /** The lease's own connection: its commits are fenced by the lease. */
  readonly client: Client;
  /** Releases the lease; `finishedWork`: the pull of its streams ended whole, and what it did. */
  release(finishedWork?: string): Promise<void>;
}

/** The advisory lock key of a lease name: 64 bits of its SHA-256, as PostgreSQL's bigint. */
function leaseKey(name: string): string {
  return createHash('sha256').update(`fiscal lease\0${name}`).digest().readBigInt64BE(0).toString();
}

const holderName = () => `${hostname()} pid ${process.pid}`;

/** Notified at every release, once the lock is free: processes waiting for a lease try again then. */
export const LEASE_CHANNEL = 'fiscal_lease_released';

/** Takes the lease on `client` if no other session holds it; undefined when one does. */
export async function tryLease(client: Client, name: string): Promise<Lease | undefined> {
  const key = leaseKey(name);
  const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key]);
  if (!rows[0]?.ok) return undefined;
  const holder = holderName();
  await client.query('BEGIN');
  try {
    const before = await client.query<{ released_at: Date | null }>(
      'SELECT released_at FROM leases WHERE name = $1 FOR UPDATE',
      [name],
    );
    const tookOver = before.rows.length > 0 && before.rows[0]!.released_at === null;
    const now = await client.query<{ at: Date }>(
      `INSERT INTO leases (name, holder, acquired_at) VALUES ($1, $2, clock_timestamp())
       ON CONFLICT (name) DO UPDATE SET holder = $2, acquired_at = clock_timestamp(), released_at = NULL
       RETURNING acquired_at AS at`,
      [name, holder],
    );
    const history = await client.query<{ id: string }>(
      'INSERT INTO lease_history (name, holder, acquired_at) VALUES ($1, $2, $3) RETURNING id',
      [name, holder, now.rows[0]!.at],
    );
    await client.query('COMMIT');
    const id = history.rows[0]!.id;
    return {
      name,
      info: { pid: process.pid, host: hostname(), startedAt: now.rows[0]!.at.toISOString() },
      tookOver,
      client,
      async release(finishedWork) {
        await client.query('BEGIN');
        await client.query(
          `UPDATE leases SET released_at = clock_timestamp(),
             finished_at = CASE WHEN $3::text IS NULL THEN finished_at ELSE clock_timestamp() END,
             finished_work = coalesce($3::text, finished_work)
           WHERE name = $1 AND holder = $2`,
          [name, holder, finishedWork ?? null],
        );
        await client.query('UPDATE lease_history SET released_at = clock_timestamp() WHERE id = $1', [id]);
        await client.query('COMMIT');
        // One statement: the notification is delivered after the lock is free, never before.
        await client.query(`SELECT pg_advisory_unlock($1::bigint), pg_notify('${LEASE_CHANNEL}', $2)`, [key, name]);
      },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
    throw error;
  }
}

/** Who holds the lease now, as the table says (for messages). */
export async function holderOf(client: Client, name: string): Promise<string | undefined> {
  const { rows } = await client.query<{ holder: string; acquired_at: Date }>(
    'SELECT holder, acquired_at FROM leases WHERE name = $1 AND released_at IS NULL',
    [name],
  );
  return rows[0] ? `${rows[0].holder}, since ${rows[0].acquired_at.toISOString()}` : undefined;
}

/**
 * The lease names among `names` whose pull of `work` (the same streams, the same additions) ended
 * whole at or after `since` (the database's clock).
 */
export async function finishedAmong(
  client: Client,
  names: readonly string[],
  since: Date,
  work: string,
): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT name FROM leases WHERE name = ANY($1::text[]) AND finished_at >= $2 AND finished_work = $3',
    [names, since, work],
  );
  return new Set(rows.map((r) => r.name));
}
