// The emulator: a node:http server answering like the real API (stripe-mock style). Starts with
// `createEmulator({port: 0})` and hands back its URL, the accounts and the store.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate, requireGatewayHeader } from './auth.js';
import { generateDataset } from './data/dataset.js';
import type { Account, Dataset } from './model.js';
import { RateLimiter, type RateLimitOptions } from './rate-limit.js';
import { HttpError, badRequest, errorReply, serviceError, writeReply, type ErrorShape, type Reply } from './respond.js';
import { Router, type RequestContext } from './router.js';
import { registerNfeV1 } from './routes/nfe-v1.js';
import { registerNfeV2 } from './routes/nfe-v2.js';
import { Store } from './store.js';

export interface EmulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Seed of the generated data (ignored with `dataset`). */
  seed?: number;
  /** Documents per account (ignored with `dataset`). */
  docs?: number;
  /** The emulator's clock starts here and advances in real time; generated dates lie before it. */
  now?: Date;
  /** R5: a fixed window per account; without it requests are not limited. */
  rateLimit?: RateLimitOptions;
  /** Serve this data instead of generating it. */
  dataset?: Dataset;
}

export interface Emulator {
  /** `http://host:port`, no trailing slash. */
  url: string;
  port: number;
  accounts: readonly Account[];
  store: Store;
  /** The emulator's clock in ms. */
  now(): number;
  close(): Promise<void>;
}

/** Largest request body read; larger bodies are refused. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export function createRouter(): Router {
  const router = new Router();
  registerNfeV2(router);
  registerNfeV1(router);
  return router;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const start = options.now ?? new Date();
  const dataset = options.dataset ?? generateDataset({ seed: options.seed ?? 1, docs: options.docs ?? 2000, now: start });
  const store = new Store(dataset);
  const startedAt = Date.now();
  const now = () => start.getTime() + (Date.now() - startedAt);
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  const router = createRouter();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let rateHeaders: Record<string, string> = {};
    let shape: ErrorShape = 'service';
    try {
      const rawBody = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://emulator.invalid');
      const account = authenticate(store, req.headers);
      if (limiter) {
        const decision = limiter.take(account.id);
        rateHeaders = decision.headers;
        // R5: 429 has no body.
        if (!decision.allowed) return writeReply(res, { status: 429 }, rateHeaders);
      }
      const method = req.method ?? 'GET';
      const match = findRoute(router, method, url.pathname);
      const route = match.route;
      shape = route.errors;
      if (route.gateway) requireGatewayHeader(req.headers);
      const ctx: RequestContext = {
        method, url, params: match.params, headers: req.headers, account, store, now, rawBody,
        origin: `http://${req.headers.host ?? `${host}:${port}`}`,
        json() {
          if (rawBody.length === 0) return undefined;
          try {
            return JSON.parse(rawBody.toString('utf8')) as unknown;
          } catch (error) {
            throw badRequest(route.errors, `malformed JSON body: ${(error as Error).message}`);
          }
        },
      };
      writeReply(res, await route.handler(ctx), rateHeaders);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      writeReply(res, failure(error, shape), rateHeaders);
      if (error instanceof BodyTooLarge) res.on('finish', () => req.destroy());
    }
  }

  const server = createServer({ keepAlive: true }, (req, res) => void handle(req, res).catch(() => res.destroy()));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    accounts: store.accounts,
    store,
    now,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** R6: the route for a request, or a 404 / 405 in the service's error shape. */
function findRoute(router: Router, method: string, path: string) {
  const match = router.match(method, path);
  if (match.kind === 'not-found') {
    throw new HttpError(serviceError(404, 'not_found', `no such endpoint: ${method} ${path}`, { method, path }));
  }
  if (match.kind === 'method-not-allowed') {
    const allowed = match.allowed.join(', ');
    const reply = serviceError(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${allowed}`, { method, path, allowed: match.allowed });
    throw new HttpError({ ...reply, headers: { Allow: allowed } });
  }
  return match;
}

function failure(error: unknown, shape: ErrorShape): Reply {
  if (error instanceof HttpError) return error.reply;
  if (error instanceof BodyTooLarge) {
    return { ...errorReply(shape, 400, 'bad_request', `request body larger than ${MAX_BODY_BYTES} bytes`), headers: { Connection: 'close' } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return errorReply(shape, 500, 'internal_error', `internal error: ${message}`);
}
