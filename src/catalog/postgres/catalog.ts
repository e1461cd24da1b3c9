// The shared catalog of a run: one connection that migrates the schema and answers questions
// about leases, plus one connection per leased pull folder (a profile's), which holds the lease
// and commits that folder's pages. Opened by `fiscal pull --catalog postgres://…`.
import type { Clock } from '../../context.js';
import type { Checkpoints } from '../../sync/checkpoint.js';
import type { CatalogStore } from '../store.js';
import type { HeldLock } from '../../sync/lock.js';
import { PostgresFolder } from './folder-store.js';
import {
  catalogError,
  connect,
  connectWaiting,
  isConnectionLoss,
  RECONNECT_SECONDS,
  type Client,
} from './connection.js';
import { LeaseSession } from './lease-session.js';
import { finishedAmong, holderOf, LEASE_CHANNEL, tryLease, type Lease } from './leases.js';
import { migrate } from './schema.js';
import type { CatalogTarget } from './target.js';

type Env = Readonly<Record<string, string | undefined>>;
interface Options {
  env: Env;
  version: string;
  clock: Clock;
  /** Ends waits for the database (a stopped run stops waiting). */
  signal: AbortSignal;
}

/** A pull folder leased to this process: what the pull engine takes as `shared`. */
export interface LeasedFolder {
  /** The lease as last taken (again after a lost connection). */
  readonly lease: Lease;
  shared: { lock: HeldLock; checkpoints: Checkpoints; catalog: CatalogStore };
  /** Releases the lease (`finishedWork`: the pull ended whole, and what it did) and closes its connection. */
  release(finishedWork: string | undefined): Promise<void>;
}

export class SharedCatalog {
  /** The admin connection being made again after a loss, shared by every read that saw the loss. */
  private reconnecting: Promise<Client> | undefined;
  /** The last read on the admin connection: reads take turns (a pg client runs one query at a time). */
  private turn: Promise<unknown> = Promise.resolve();
  /** Leases released by any process since this one listened (their NOTIFY). */
  private released = 0;
  private listening = false;
  private wake: (() => void) | undefined;
  /** A connection a lease was tried on and not taken: the next try uses it instead of a new one. */
  private spare: Client | undefined;

  private constructor(
    readonly target: CatalogTarget,
    private admin: Client,
    private readonly o: Options,
  ) {}

  /**
   * Connects and brings the schema up to date (once, whoever starts first). A database that does
   * not answer at the start stops the run at once (exit 13); one lost later is waited for.
   */
  static async open(target: CatalogTarget, o: Options): Promise<SharedCatalog> {
    const admin = await connect(target, o.env);
    try {
      await migrate(admin, target, o.version);
    } catch (error) {
      await admin.end().catch(() => undefined);
      throw isConnectionLoss(error) ? catalogError(target, error, 'preparing the schema') : error;
    }
    return new SharedCatalog(target, admin, o);
  }

  /**
   * Counts the leases any process releases from now on (leases.ts notifies each release): for a
   * run that will wait for profiles others hold. A run of one profile never waits so.
   */
  async listenForReleases(): Promise<void> {
    if (this.listening) return;
    await this.guard((admin) => this.listen(admin));
    this.listening = true;
  }

  private async listen(admin: Client): Promise<void> {
    admin.on('notification', () => {
      this.released++;
      this.wake?.();
    });
    await admin.query(`LISTEN ${LEASE_CHANNEL}`);
  }

  /** How many releases this process has heard of: a mark for waitForRelease. */
  get releases(): number {
    return this.released;
  }

  /**
   * Until a lease is released after `mark` (another process ended a profile), or `ms` passed (a
   * holder that died releases nothing: its lease goes with its session). False when `signal` ended it.
   */
  async waitForRelease(mark: number, ms: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return false;
    if (this.released > mark) return true;
    const woken = new AbortController();
    this.wake = () => woken.abort();
    try {
      await this.o.clock.sleep(ms, AbortSignal.any([signal, woken.signal]));
    } catch {
      // Woken by a release, or stopped: the signal says which.
    } finally {
      this.wake = undefined;
    }
    return !signal.aborted;
  }

  /** The database's clock: leases are compared on it, never on the machines' clocks. */
  async now(): Promise<Date> {
    const { rows } = await this.guard((admin) => admin.query<{ now: Date }>('SELECT clock_timestamp() AS now'));
    return rows[0]!.now;
  }

  /** The profile's folder, leased if no other process holds it; undefined when one does. */
  async tryFolder(profile: string): Promise<LeasedFolder | undefined> {
    return this.lease(profile, (client) => tryLease(client, leaseName(profile)));
  }

  /** The profiles among `profiles` whose pull of `work` ended whole at or after `since`, in one read. */
  async finishedAmong(profiles: readonly string[], since: Date, work: string): Promise<Set<string>> {
    const names = await this.guard((admin) => finishedAmong(admin, profiles.map(leaseName), since, work));
    return new Set(profiles.filter((p) => names.has(leaseName(p))));
  }

  /** Who holds the profile's lease, for messages. */
  async holderOf(profile: string): Promise<string | undefined> {
    return this.guard((admin) => holderOf(admin, leaseName(profile)));
  }

  async close(): Promise<void> {
    await this.reconnecting?.catch(() => undefined);
    await this.admin.end().catch(() => undefined);
    await this.spare?.end().catch(() => undefined);
    this.spare = undefined;
  }

  private async lease(
    profile: string,
    take: (client: Client) => Promise<Lease | undefined>,
  ): Promise<LeasedFolder | undefined> {
    // A connection lost between connecting and taking the lease (a restart then) is waited for
    // like one lost while connecting: the lease is tried again on a new connection.
    const deadline = this.o.clock.now() + RECONNECT_SECONDS * 1000;
    let client: Client;
    let lease: Lease | undefined;
    for (;;) {
      // A waiting run tries its profiles every second: on the connection of the last try not taken.
      const spare = this.spare;
      this.spare = undefined;
      client = spare ?? (await connectWaiting(this.target, this.o.env, this.o));
      try {
        lease = await take(client);
        break;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (!isConnectionLoss(error)) throw error;
        if (this.o.clock.now() >= deadline) throw catalogError(this.target, error, `leasing profile ${profile}`);
      }
      await this.o.clock.sleep(1000, this.o.signal);
    }
    if (!lease) {
      if (this.spare) await client.end().catch(() => undefined);
      else this.spare = client;
      return undefined;
    }
    const session = new LeaseSession(client, lease, { ...this.o, target: this.target });
    const folder = new PostgresFolder(session, profile, this.target);
    return {
      get lease() {
        return session.lease;
      },
      shared: {
        lock: { info: lease.info, tookOver: lease.tookOver, release: async () => undefined },
        checkpoints: folder,
        catalog: folder,
      },
      release: async (finishedWork) => {
        try {
          await session.lease.release(finishedWork);
        } catch (error) {
          // A lost connection has released the lease already, with its session.
          if (!isConnectionLoss(error)) throw error;
        } finally {
          await session.client.end().catch(() => undefined);
        }
      },
    };
  }

  /** A read about leases, after the reads before it; after a lost connection, once more on a new one. */
  private guard<T>(fn: (admin: Client) => Promise<T>): Promise<T> {
    const run = this.turn.then(() => this.guarded(fn));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async guarded<T>(fn: (admin: Client) => Promise<T>): Promise<T> {
    const used = this.admin;
    try {
      return await fn(used);
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
    }
    const admin = await this.reconnect(used);
    try {
      return await fn(admin);
    } catch (error) {
      throw isConnectionLoss(error) ? catalogError(this.target, error, 'reading leases') : error;
    }
  }

  /**
   * The admin connection again, made once however many reads saw `lost` fail at the same time
   * (profiles are leased concurrently): each making its own would leave all but the last open,
   * and an open connection keeps the process from exiting.
   */
  private reconnect(lost: Client): Promise<Client> {
    if (this.admin !== lost) return Promise.resolve(this.admin);
    this.reconnecting ??= (async () => {
      try {
        await lost.end().catch(() => undefined);
        const admin = await connectWaiting(this.target, this.o.env, this.o);
        // Releases while no connection listened are missed: waiters poll meanwhile.
        if (this.listening) await this.listen(admin).catch(() => undefined);
        this.admin = admin;
        return this.admin;
      } finally {
        this.reconnecting = undefined;
      }
    })();
    return this.reconnecting;
  }
}

/** The lease of a profile's pull folder (leases.ts says why per folder). */
const leaseName = (profile: string) => `profile ${profile}`;
