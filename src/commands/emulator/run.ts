// `fiscal emulator`: start the emulator, print how to reach it, serve until interrupted.
import * as z from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { filterDateProblem } from '../../fiscal/dates.js';
import { ADMIN_PREFIX } from '../../emulator/admin.js';
import { ACCOUNT_COUNT } from '../../emulator/data/accounts.js';
import {
  formatFaultSpec,
  parseFaultSpec,
  parseLatencyRange,
  parsePerDocMs,
  type FaultSpec,
} from '../../emulator/faults.js';
import type { Emulator, EmulatorOptions } from '../../emulator/server.js';
import { startServing, type Serving } from '../../emulator/thread.js';
import type { RateLimitOptions } from '../../emulator/rate-limit.js';
import * as values from '../shared/values.js';
import { verb } from '../shared/verb.js';
import { emulator } from './index.js';

export interface EmulatorCommandOptions {
  host: string;
  port: number;
  seed: number;
  docs: number;
  /** Only the seed's first n accounts. */
  accounts?: number | undefined;
  /** Documents per account of every other type; default min(docs, 600). */
  otherDocs?: number | undefined;
  rateLimit?: RateLimitOptions | undefined;
  now?: Date | undefined;
  faults?: FaultSpec | undefined;
  /** The latency model: every API answer takes this long (ms, uniform in the range). */
  latency?: { min: number; max: number } | undefined;
  /** Server time per document rendered, ms. */
  perDocMs?: number | undefined;
  /** New documents per second per account. */
  arrivalRate?: number | undefined;
  /** Webhook deliveries: first retry delay, attempts, and how long an endpoint has to answer. */
  webhookRetryMs?: number | undefined;
  webhookAttempts?: number | undefined;
  webhookTimeoutMs?: number | undefined;
  /** Accounts (ids or 1-based numbers) whose /v2/ endpoints answer 404 (R39). */
  withoutV2?: string[] | undefined;
  /** An upload no company is a party of adopts its emitter (docs/upload.md, "Try it offline"). */
  adoptParties?: boolean | undefined;
}

function integer(what: string, min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `expected ${what}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `expected ${what} from ${min} to ${max}`);
}

// The values of the flags declared in ./index.ts, each with the words its errors use.
const PARSERS = {
  port: integer('a port number', 0, 65_535),
  seed: integer('a non-negative integer', 0, Number.MAX_SAFE_INTEGER),
  docs: integer('a number of documents per account', 0, 1_000_000),
  otherDocs: integer('a number of documents per account', 0, 200_000),
  accounts: integer('a number of accounts', 1, ACCOUNT_COUNT),
  rateLimit: values.rateLimit,
  now: z
    .string()
    .refine(
      (text) => filterDateProblem(text.slice(0, 10)) === undefined && !Number.isNaN(Date.parse(text)),
      'expected an ISO 8601 date such as 2026-03-01T12:00:00-03:00',
    )
    .transform((text) => new Date(text)),
  faults: z.string().transform((text, ctx) => {
    try {
      return parseFaultSpec(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  latency: z
    .string()
    .transform(
      (text, ctx) =>
        parseLatencyRange(text) ??
        (ctx.addIssue({ code: 'custom', message: 'expected <min>-<max> milliseconds, such as 100-140, or one number' }),
        z.NEVER),
    ),
  perDocMs: z
    .string()
    .transform(
      (text, ctx) =>
        parsePerDocMs(text) ??
        (ctx.addIssue({ code: 'custom', message: 'expected milliseconds per document, such as 0.2' }), z.NEVER),
    ),
  arrivalRate: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, 'expected documents per second, such as 2 or 0.5')
    .transform(Number)
    .refine((n) => n > 0 && n <= 10_000, 'expected documents per second from more than 0 to 10000'),
  webhookRetryMs: integer('milliseconds', 0, 3_600_000),
  webhookAttempts: integer('a number of attempts', 1, 20),
  webhookTimeoutMs: integer('milliseconds', 1, 600_000),
};

export default verb(emulator, {
  parsers: PARSERS,
  check(o) {
    if (o.latency && o.faults?.latencyMs)
      throw new UsageError('--latency: --faults has a latency item too; give the latency once');
    if (o.perDocMs !== undefined && o.faults?.perDocMs !== undefined)
      throw new UsageError('--per-doc-ms: --faults has a per-doc item too; give it once');
  },
  // host, port, seed and docs have defaults in the declaration: commander always gives them.
  run: (ctx, o) => serve(ctx, { ...o, host: o.host, port: o.port!, seed: o.seed!, docs: o.docs! }),
});

const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'is already in use; choose another with --port, or --port 0 for a free one',
  EACCES: 'is not allowed for this user; choose a port above 1023',
  EADDRNOTAVAIL: 'is not an address of this machine; use --host 127.0.0.1',
};

async function start(opts: EmulatorCommandOptions, signal: AbortSignal): Promise<Serving> {
  try {
    const { host, port, seed, docs, accounts, otherDocs, rateLimit, now, faults, arrivalRate, latency, perDocMs } =
      opts;
    const webhooks = {
      ...(opts.webhookRetryMs === undefined ? {} : { retryBaseMs: opts.webhookRetryMs }),
      ...(opts.webhookAttempts === undefined ? {} : { maxAttempts: opts.webhookAttempts }),
      ...(opts.webhookTimeoutMs === undefined ? {} : { timeoutMs: opts.webhookTimeoutMs }),
    };
    const options: EmulatorOptions = {
      host,
      port,
      seed,
      docs,
      accounts,
      otherDocs,
      rateLimit,
      now,
      faults,
      arrivalRate,
      latency,
      perDocMs,
      webhooks,
      ...(opts.withoutV2?.length ? { withoutV2: opts.withoutV2 } : {}),
      ...(opts.adoptParties ? { adoptParties: true } : {}),
    };
    return await startServing(options, signal);
  } catch (error) {
    const problem = LISTEN_PROBLEMS[(error as NodeJS.ErrnoException).code ?? ''];
    if (problem)
      throw new UsageError(`cannot listen on ${opts.host}:${opts.port}: that address ${problem}`, { cause: error });
    throw error;
  }
}

/** The lines printed on stdout: the first account as environment variables, the rest as comments. */
export function describeEmulator(emulator: Pick<Emulator, 'url' | 'accounts'>): string[] {
  const [first, ...others] = emulator.accounts;
  const lines = [`FISCAL_BASE_URL=${emulator.url}`];
  if (first) lines.push(`FISCAL_API_ID=${first.apiId}`, `FISCAL_API_KEY=${first.apiKey}`);
  for (const account of others) {
    lines.push(`# account ${account.id}: FISCAL_API_ID=${account.apiId} FISCAL_API_KEY=${account.apiKey}`);
  }
  // After the credentials: the first lines stay an env file and the accounts stay together.
  const admin = `${emulator.url}${ADMIN_PREFIX}`;
  lines.push(
    `# admin (no credentials): GET ${admin}stats   POST ${admin}reset-stats`,
    `# admin: POST ${admin}arrivals {"count": 10, "account": "acc_1"}   POST ${admin}faults {"spec": "500=0.05"}`,
  );
  for (const account of emulator.accounts) {
    lines.push(`# companies of ${account.id} (${account.name}):`);
    for (const c of account.companies) lines.push(`#   ${c.cnpj} ${c.name} (${c.uf})`);
  }
  return lines;
}

/** The optional behaviours in force, for the log line. */
function extras(opts: EmulatorCommandOptions): string {
  const parts: string[] = [];
  if (opts.rateLimit)
    parts.push(`rate limit ${opts.rateLimit.limit} per ${opts.rateLimit.windowMs / 1000}s per account`);
  if (opts.latency) parts.push(`latency ${opts.latency.min}-${opts.latency.max} ms`);
  if (opts.perDocMs) parts.push(`${opts.perDocMs} ms per document`);
  if (opts.faults) parts.push(`faults ${formatFaultSpec(opts.faults)}`);
  if (opts.arrivalRate) parts.push(`${opts.arrivalRate} new documents/s per account`);
  return parts.map((p) => `, ${p}`).join('');
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

async function serve(ctx: Context, opts: EmulatorCommandOptions): Promise<void> {
  // Ctrl-C while its documents are made ends it at once, interrupted (exit 130): it never served.
  const emulator = await start(opts, ctx.signal);
  ctx.defer(() => emulator.close());
  ctx.io.stdout.write(
    describeEmulator(emulator)
      .map((line) => `${line}\n`)
      .join(''),
  );
  ctx.log.info(`fiscal emulator listening on ${emulator.url}${extras(opts)}; press Ctrl-C to stop`);
  await Promise.race([aborted(ctx.signal), emulator.failed]);
  await emulator.close();
}
