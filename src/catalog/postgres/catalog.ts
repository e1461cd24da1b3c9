// The shared catalog of a run: one connection that migrates the schema and answers questions
// about leases, plus one connection per leased pull folder (a profile's), which holds the lease
// and commits that folder's pages. Opened by `fiscal pull --catalog postgres://…`.
import type { Clock } from '../../context.js';
import type { Checkpoints } from '../../sync/checkpoint.js';
import type { HeldLock } from '../../sync/lock.js';
import { PostgresCheckpoints } from './checkpoints.js';
import { catalogError, connect, isConnectionLoss, type Client } from './connection.js';
import { finishedSince, holderOf, tryLease, waitLease, type Lease } from './leases.js';
import { migrate } from './schema.js';
import type { CatalogTarget } from './target.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A pull folder leased to this process: what the pull engine takes as `shared`. */
export interface LeasedFolder {
  lease: Lease;
  shared: { lock: HeldLock; checkpoints: Checkpoints };
  /** Releases the lease (`finished`: the pull ended whole) and closes its connection. */
  release(finished: boolean): Promise<void>;
}

export class SharedCatalog {
  private constructor(
    readonly target: CatalogTarget,
    private readonly admin: Client,
    private readonly env: Env,
  ) {}

  /** Connects and brings the schema up to date (once, whoever starts first). */
  static async open(target: CatalogTarget, o: { env: Env; version: string }): Promise<SharedCatalog> {
    const admin = await connect(target, o.env);
    try {
      await migrate(admin, target, o.version);
    } catch (error) {
      await admin.end().catch(() => undefined);
      throw isConnectionLoss(error) ? catalogError(target, error, 'preparing the schema') : error;
    }
    return new SharedCatalog(target, admin, o.env);
  }

  /** The database's clock: leases are compared on it, never on the machines' clocks. */
  async now(): Promise<Date> {
    const { rows } = await this.guard(() => this.admin.query<{ now: Date }>('SELECT clock_timestamp() AS now'));
    return rows[0]!.now;
  }

  /** The profile's folder, leased if no other process holds it; undefined when one does. */
  async tryFolder(profile: string): Promise<LeasedFolder | undefined> {
    return this.lease(profile, (client) => tryLease(client, leaseName(profile)));
  }

  /** Waits until the profile's folder is free, then leases it. */
  async waitFolder(profile: string, o: { clock: Clock; signal: AbortSignal }): Promise<LeasedFolder> {
    return (await this.lease(profile, (client) => waitLease(client, leaseName(profile), o)))!;
  }

  /** Whether a pull of the profile ended whole at or after `since`. */
  async finishedSince(profile: string, since: Date): Promise<boolean> {
    return this.guard(() => finishedSince(this.admin, leaseName(profile), since));
  }

  /** Who holds the profile's lease, for messages. */
  async holderOf(profile: string): Promise<string | undefined> {
    return this.guard(() => holderOf(this.admin, leaseName(profile)));
  }

  async close(): Promise<void> {
    await this.admin.end().catch(() => undefined);
  }

  private async lease(
    profile: string,
    take: (client: Client) => Promise<Lease | undefined>,
  ): Promise<LeasedFolder | undefined> {
    const client = await connect(this.target, this.env);
    let lease: Lease | undefined;
    try {
      lease = await take(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw isConnectionLoss(error) ? catalogError(this.target, error, `leasing profile ${profile}`) : error;
    }
    if (!lease) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    const held = lease;
    return {
      lease: held,
      shared: {
        lock: { info: held.info, tookOver: held.tookOver, release: async () => undefined },
        checkpoints: new PostgresCheckpoints(client, profile, this.target),
      },
      release: async (finished) => {
        try {
          await held.release(finished);
        } catch (error) {
          // A lost connection has released the lease already, with its session.
          if (!isConnectionLoss(error)) throw error;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    };
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw isConnectionLoss(error) ? catalogError(this.target, error, 'reading leases') : error;
    }
  }
}

/** The lease of a profile's pull folder (leases.ts says why per folder). */
export const leaseName = (profile: string) => `profile ${profile}`;
