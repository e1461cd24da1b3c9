// What a caller of the HTTP core sees: the client's options, a request, its answer, the run's
// figures, and the URL a request is sent to. The core itself (undici, pacing, retries) is http.ts.
import type { Dispatcher } from 'undici';
import type { ZodType } from 'zod';
import type { Clock, Logger } from '../context.js';

export interface HttpClientOptions {
  baseUrl: string;
  apiId: string;
  apiKey: string;
  /** Where the id and key came from (ResolvedTarget.credentialsFrom): said when the service answers 401. */
  credentialsFrom?: string | undefined;
  userAgent: string;
  /** Per-request read timeout (headers, and between body chunks). Default 30000. */
  timeoutMs?: number;
  /** The whole answer (headers and body) within this. Default ANSWER_TIMEOUT_FACTOR x timeoutMs. */
  answerTimeoutMs?: number;
  /** An answer larger than this is refused as it streams in (exit 11). Default MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
  connectTimeoutMs?: number;
  maxAttempts?: number;
  /** Total time the failures of a run may last since its last success (RunRetryBudget). Default 120000. */
  retryBudgetMs?: number;
  clock: Clock;
  log: Logger;
  signal?: AbortSignal;
  random?: () => number;
  dispatcher?: Dispatcher;
}

export type QueryValue = string | number | boolean | undefined | ReadonlyArray<string | number>;

export interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Keys are sent literally (`access_key[]`, `created_at[from]`); arrays repeat the key. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema: ZodType<T>;
  /** Default: true for GET, false otherwise (a repeated POST may act twice). */
  retry?: boolean;
  /**
   * Sent once: any failure throws at once, with no retry, no wait and no mark on the run's retry
   * budget (RunRetryBudget). For a request asked ahead on a guess, which its caller asks again the
   * ordinary way when it failed and is still needed (a backfill plan's probes, sent with the total).
   */
  once?: boolean;
  /** R14: check the `signature` of v1 pages; a mismatch is retried like a truncated body. */
  verifySignature?: boolean;
  /**
   * Ends this request (and its retries and backoff) early, besides the client's own signal: a
   * pull's time limit, or a stream the pull no longer needs. An abort is never retried nor warned about.
   */
  signal?: AbortSignal;
  /**
   * Called once a 2xx answer has arrived whole, before it is parsed: a caller's slot of requests
   * in flight is then free (request-slot.ts). A 2xx is not sent again but for a rare wrong shape.
   */
  onAnswer?: () => void;
  /**
   * Base64 string properties (`Xml`, `xml`) decoded straight from the answer's bytes, not parsed as
   * text (binary-fields.ts): each such value reads `tag + n` in `body`, its bytes are `lifted[n]`.
   * Set by withBinaryFields.
   */
  binary?: { names: readonly string[]; tag: string };
}

export interface HttpStats {
  requests: number;
  retries: number;
  rateLimited: number;
  serverErrors: number;
  networkErrors: number;
  signatureMismatches: number;
  pacedMs: number;
  /** The quota the pacer went by (RateLimitPacer.quota), once it knew one. */
  quota?: { limit: number; windowMs: number | undefined; told: boolean } | undefined;
}

/** Counts of a client that has sent nothing yet. */
export function newHttpStats(): HttpStats {
  return {
    requests: 0,
    retries: 0,
    rateLimited: 0,
    serverErrors: 0,
    networkErrors: 0,
    signatureMismatches: 0,
    pacedMs: 0,
  };
}

export interface HttpResponse<T> {
  status: number;
  headers: Record<string, string>;
  body: T;
  /** The bytes of the values `RequestOptions.binary` lifted, by number. */
  lifted?: Buffer[];
}

export interface HttpClient {
  readonly baseUrl: string;
  readonly stats: HttpStats;
  request<T>(o: RequestOptions<T>): Promise<HttpResponse<T>>;
  /** The account's quota as the user knows it (`pull --rate-limit`): paced to its window's own end. */
  tellQuota?(limit: number, windowMs: number): void;
  /** Requests of the rate limit's current window at stake, beyond those in flight (RateLimitPacer.quotaLeft). */
  quotaLeft?(maxInFlight: number): number;
  close(): Promise<void>;
}

/** The `data` of an answer in the `{status, data}` envelope (R4), which most endpoints answer in. */
export async function requestData<T>(http: HttpClient, o: RequestOptions<{ data: T }>): Promise<T> {
  const res = await http.request(o);
  return res.body.data;
}

/** Builds `base + path + query`. Brackets in keys stay literal: easier to read in traces, and servers accept them. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const parts: string[] = [];
  const key = (k: string) => encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']');
  for (const [k, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const values: ReadonlyArray<string | number | boolean> = Array.isArray(value)
      ? value
      : [value as string | number | boolean];
    for (const v of values) parts.push(`${key(k)}=${encodeURIComponent(String(v))}`);
  }
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${parts.length ? `?${parts.join('&')}` : ''}`;
}
