// `fiscal webhooks listen`: a local receiver of webhook notifications (R31). Each accepted
// notification is one JSON line on stdout; refused requests are reported on stderr only. It binds
// 127.0.0.1 unless --host names another address, and runs until SIGINT/SIGTERM or --max.
import * as z from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { verb } from '../shared/verb.js';
import { listenVerb } from './index.js';
import { createForwarder } from './forward.js';
import { startReceiver } from './receiver.js';

const SECRET_ENV = 'FISCAL_WEBHOOK_SECRET';

interface ListenOptions {
  host: string;
  port: number;
  secret?: string | undefined;
  forwardTo?: string | undefined;
  max?: number | undefined;
  all: boolean;
}

const integer = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `expected ${what}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `expected ${what} from ${min} to ${max}`);

const httpUrl = z
  .string()
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'expected an http:// or https:// URL');

export default verb(listenVerb, {
  parsers: {
    forwardTo: httpUrl,
    port: integer('a port number', 0, 65_535),
    max: integer('a number of notifications', 1, Number.MAX_SAFE_INTEGER),
  },
  // --port and --host have defaults in the declaration: commander always gives them.
  run: (ctx, o) =>
    listen(ctx, { host: o.host, port: o.port!, secret: o.secret, forwardTo: o.forwardTo, max: o.max, all: o.all }),
});

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

async function listen(ctx: Context, o: ListenOptions): Promise<void> {
  if (ctx.signal.aborted) return;
  const secret = o.secret ?? (ctx.env[SECRET_ENV] || undefined);
  const say = (line: string) => void ctx.io.stderr.write(`${line}\n`);
  const receiver = await startReceiver({
    host: o.host,
    port: o.port,
    secret,
    all: o.all,
    max: o.max,
    forward: o.forwardTo === undefined ? undefined : createForwarder(o.forwardTo, ctx.signal),
    nowSeconds: () => Math.floor(ctx.clock.now() / 1000),
    onNotification: (line) => void ctx.io.stdout.write(`${line}\n`),
    onProblem: (message) => say(`fiscal: refused ${message}`),
  }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--host/--port: cannot listen on ${o.host}:${o.port}: ${error.code ?? error.message}`);
  });
  const stop = () => receiver.close();
  ctx.signal.addEventListener('abort', stop, { once: true });
  say(`listening on ${receiver.url}`);
  if (!isLoopback(o.host))
    ctx.log.warn(`${o.host} is not a loopback address: anyone who reaches ${receiver.url} can post to it`);
  if (secret === undefined) ctx.log.warn(`no signing secret (--secret or ${SECRET_ENV}): signatures are not checked`);
  if (o.forwardTo !== undefined) ctx.log.info(`forwarding notifications to ${o.forwardTo}`);
  try {
    await receiver.done;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}
