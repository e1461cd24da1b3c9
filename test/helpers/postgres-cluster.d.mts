// Types of postgres-cluster.mjs (plain JavaScript, shared with the bench).

/** Why the PostgreSQL tests cannot run here, or undefined when they can (said once per worker). */
export function postgresMissing(): string | undefined;

/**
 * Starts a cluster of its own (one per test file, or shared by the tests of a file): `fsync` off
 * unless `durable`, since these tests kill clients, not the machine.
 */
/** Everything a shared catalog holds of its pulls, one line per row in a stable order. */
export function catalogDump(pg: PostgresCluster, db: string): Promise<string>;

/** The pid of a run that holds a lease under which documents were committed, if any yet. */
export function committingHolder(
  pg: PostgresCluster,
  db: string,
  pids: Set<number | undefined>,
): Promise<number | undefined>;

/** `password`: the role's, which a client over TCP must then give (the socket trusts). */
export function startPostgres(o?: { durable?: boolean; password?: string }): Promise<PostgresCluster>;

export interface PostgresCluster {
  /** `postgres://fiscal@127.0.0.1:<port>/postgres` (trust authentication on loopback, unless started with a password). */
  url: string;
  port: number;
  /** The URL of another database of the cluster. */
  urlOf(database: string): string;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs SQL through psql as the test role; returns stdout (unaligned, tuples only). */
  psql(sql: string, database?: string): Promise<string>;
  /** Stops the server (fast: connections are ended) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server (at once) and removes its folder. */
  close(): Promise<void>;
}
