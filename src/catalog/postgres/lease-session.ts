// A lease and the connection it lives on. When that connection is lost (the database restarted,
// a failover), the lease went with it: the session connects again (waiting, see connection.ts)
// and takes the lease again, unless another process took it meanwhile (then the run stops, exit
// 13: that process now pulls the folder). The checkpoints store then checks what its last commit
// left before it commits again (folder-store.ts).
import type { Clock } from '../../context.js';
import { catalogError, connectWaiting, type Client } from './connection.js';
import { holderOf, tryLease, type Lease } from './leases.js';
import type { CatalogTarget } from './target.js';

export class LeaseSession {
  constructor(
    public client: Client,
    public lease: Lease,
    private readonly o: {
      target: CatalogTarget;
      env: Readonly<Record<string, string | undefined>>;
      clock: Clock;
      signal: AbortSignal;
    },
  ) {}

  /** The lease being taken again, shared by every caller that saw the same connection lost. */
  private retaking: Promise<void> | undefined;

  /**
   * Connects again and takes the lease again; throws (exit 13) when it cannot. `lost` is the
   * connection the caller saw fail: when it was already replaced, nothing is done, and callers
   * that saw it fail at the same time share one new connection (a second would find the lease
   * held by the first and stop the run, or end the new connection and the lease with it).
   */
  reacquire(lost: Client = this.client): Promise<void> {
    if (lost !== this.client) return Promise.resolve();
    this.retaking ??= this.retake().finally(() => (this.retaking = undefined));
    return this.retaking;
  }

  private async retake(): Promise<void> {
    await this.client.end().catch(() => undefined);
    const client = await connectWaiting(this.o.target, this.o.env, this.o);
    const lease = await tryLease(client, this.lease.name).catch(async (error: unknown) => {
      await client.end().catch(() => undefined);
      throw catalogError(this.o.target, error, `taking the lease of ${this.lease.name} again`);
    });
    if (!lease) {
      const holder = await holderOf(client, this.lease.name).catch(() => undefined);
      await client.end().catch(() => undefined);
      throw catalogError(
        this.o.target,
        new Error(
          `another run took the lease of ${this.lease.name} while the catalog was away (${holder ?? 'holder unknown'})`,
        ),
        'after the connection was lost',
      );
    }
    this.client = client;
    this.lease = lease;
  }
}
