// The pipeline of an API request: body, credentials (R1-R2), injected faults, rate limit (R5),
// route, handler, error shape (R6), the modelled server time, and the request counters of the
// admin stats.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestCounters } from './admin.js';
import { authenticate, requireGatewayHeader } from './auth.js';
import { faultReply, writeCut, type FaultDraw, type FaultInjector } from './faults.js';
import type { RateLimiter } from './rate-limit.js';
import {
  HttpError,
  badRequest,
  errorReply,
  ok,
  serviceError,
  writeReply,
  type ErrorShape,
  type Reply,
} from './respond.js';
import { DOC_TYPE_NAMES, docType } from '../fiscal/doc-types.js';
import { Router, type Route, type RequestContext } from './router.js';
import { registerCte } from './routes/cte/index.js';
import { registerMdfe } from './routes/mdfe/index.js';
import { registerNfce } from './routes/nfce/index.js';
import { registerNfe } from './routes/nfe/index.js';
import { registerNfse } from './routes/nfse/index.js';
import { registerEvents } from './routes/events/index.js';
import { registerPdf } from './routes/pdf/index.js';
import { registerManifest } from './routes/manifest/index.js';
import { registerFlag } from './routes/flag.js';
import { registerProps } from './routes/props.js';
import { registerLabels } from './routes/labels.js';
import { registerCompanies } from './routes/companies.js';
import { registerProperties } from './routes/properties.js';
import { registerCnpj } from './routes/cnpj.js';
import { registerUpload } from './routes/upload/index.js';
import { registerOcr } from './routes/ocr.js';
import { registerInvoices } from './routes/invoices.js';
import { registerUtilities } from './routes/utilities.js';
import { registerWebhooks } from './routes/webhooks.js';
import { registerLatam } from './routes/latam.js';
import { registerBoletos } from './routes/boletos.js';
import { registerReceipts } from './routes/receipts.js';
import { registerTypeListings } from './routes/listing/by-type.js';
import type { Store } from './store.js';

/** Largest request body read; larger bodies are refused. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export function createRouter(): Router {
  const router = new Router();
  registerNfe(router);
  registerCte(router);
  registerNfse(router);
  registerNfce(router);
  registerMdfe(router);
  registerPdf(router);
  registerEvents(router);
  registerManifest(router);
  registerFlag(router);
  registerProps(router);
  registerLabels(router);
  registerCompanies(router);
  registerProperties(router);
  registerCnpj(router);
  registerUpload(router);
  registerOcr(router);
  registerInvoices(router);
  registerUtilities(router);
  registerWebhooks(router);
  registerLatam(router);
  registerBoletos(router);
  registerReceipts(router);
  // Last: the types without a route module of their own get the generic role listing.
  registerTypeListings(router);
  return router;
}

export class BodyTooLarge extends Error {}

export function readBody(req: IncomingMessage): Promise<Buffer> {
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

/** What answering an API request needs. */
export interface Api {
  store: Store;
  router: Router;
  now(): number;
  limiter: RateLimiter | undefined;
  /** R38: without a limit, the quota 200s report (NOMINAL_RATE_LIMIT), never enforced. */
  nominal: RateLimiter;
  faults: FaultInjector | undefined;
  requests: RequestCounters;
  /** `http://host:port` of the server, for requests without a Host header. */
  address: string;
}

interface ApiRequest {
  method: string;
  url: URL;
  rawBody: Buffer;
  /** When it arrived (RequestCounters.arrive): it counts in flight until answered. */
  arrivedAt: number;
}

/** An API request, counted; a reset or truncate fault cuts the answer it would have had. */
export async function handleApi(
  api: Api,
  req: IncomingMessage,
  res: ServerResponse,
  request: ApiRequest,
): Promise<void> {
  const arrivedAt = performance.now();
  const { reply, headers, fault } = await answer(api, req, request);
  if (fault && api.faults) {
    // The gateway decided (faults, quota) on arrival; the answer leaves once the modelled time has
    // passed. The emulator's own work counts inside that time, as a remote server's would.
    const wait = api.faults.serverTimeMs(fault, documentsIn(reply)) - (performance.now() - arrivedAt);
    if (wait >= 1) await sleep(wait);
  }
  const key = routeKey(api.router, request.method, request.url.pathname);
  if (fault?.kind === 'reset' || fault?.kind === 'truncate') {
    api.requests.record(key, fault.kind, request.arrivedAt);
    return writeCut(res, reply, headers, fault);
  }
  api.requests.record(key, reply.status, request.arrivedAt);
  // The service's clock, as a real server's Date header gives it: the emulator's own time.
  writeReply(res, reply, { Date: new Date(api.now()).toUTCString(), ...headers });
}

interface Answer {
  reply: Reply;
  /** Rate-limit headers (R5). */
  headers: Record<string, string>;
  fault?: FaultDraw | undefined;
}

async function answer(api: Api, req: IncomingMessage, { method, url, rawBody }: ApiRequest): Promise<Answer> {
  let headers: Record<string, string> = {};
  let shape: ErrorShape = 'service';
  let fault: FaultDraw | undefined;
  try {
    const account = authenticate(api.store, req.headers);
    fault = api.faults?.draw(account.id);
    // A faulted request does nothing, like a lost one: no handler runs and no quota is taken.
    if (fault?.kind === '500' || fault?.kind === '503' || fault?.kind === '429') {
      return { reply: faultReply(fault.kind, api.limiter?.peek(account.id), api.now()), headers, fault };
    }
    if (api.limiter) {
      const decision = fault?.kind
        ? { allowed: true, headers: api.limiter.peek(account.id) }
        : api.limiter.take(account.id);
      headers = decision.headers;
      // R5: 429 has no body.
      if (!decision.allowed) return { reply: { status: 429 }, headers, fault };
    } else headers = api.nominal.take(account.id).headers;
    // R39: an account without v2 has none of its endpoints, as on the real service.
    if (account.withoutV2 && url.pathname.startsWith('/v2/')) {
      const message = `no such endpoint: ${method} ${url.pathname} (v2 is not enabled for this account)`;
      throw new HttpError(serviceError(404, 'not_found', message, { method, path: url.pathname }));
    }
    const match = findRoute(api.router, method, url.pathname);
    const route = match.route;
    shape = route.errors;
    if (route.gateway) requireGatewayHeader(req.headers);
    // A cut answer is the real one, so a client sees a realistic prefix; but a write must not happen.
    if (fault?.kind && !isRead(route)) return { reply: ok({}), headers, fault };
    const ctx: RequestContext = {
      method,
      url,
      params: match.params,
      headers: req.headers,
      account,
      store: api.store,
      now: api.now,
      rawBody,
      origin: `http://${req.headers.host ?? api.address.slice('http://'.length)}`,
      json() {
        if (rawBody.length === 0) return undefined;
        try {
          return JSON.parse(rawBody.toString('utf8')) as unknown;
        } catch (error) {
          throw badRequest(route.errors, `malformed JSON body: ${(error as Error).message}`);
        }
      },
    };
    return { reply: await route.handler(ctx), headers, fault };
  } catch (error) {
    return { reply: failure(error, shape), headers, fault };
  }
}

/** POST endpoints whose body is a search: they read, like every GET. */
const SEARCHES = new Set(DOC_TYPE_NAMES.flatMap((t) => docType(t).endpoints.search ?? []));

function isRead(route: Route): boolean {
  return route.method === 'GET' || SEARCHES.has(route.pattern);
}

/** The stats key of a request: `GET /v1/nfe/{role}`, or `unmatched`. */
export function routeKey(router: Router, method: string, path: string): string {
  const match = router.match(routedMethod(method), path);
  return match.kind === 'found' ? `${method} ${match.route.pattern.replace(/:(\w+)/g, '{$1}')}` : 'unmatched';
}

/**
 * HEAD is answered as GET is, without the body (node's server leaves it out): HTTP asks it of
 * every general-purpose server (RFC 9110, 9.3.2), and a client probing a URL with HEAD met 405
 * (designed here: the spec says nothing of HEAD).
 */
const routedMethod = (method: string): string => (method === 'HEAD' ? 'GET' : method);

/**
 * Documents an answer renders, for the per-document server time: the items of the body's list
 * (`data`, `Nfes`, `Ctes`, `Mdfes`, `nfses`), or 1 for a single document in `data`.
 */
export function documentsIn(reply: Reply): number {
  const body = reply.body;
  if (reply.status !== 200 || typeof body !== 'object' || body === null) return 0;
  for (const value of Object.values(body)) if (Array.isArray(value)) return value.length;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? 1 : 0;
}

/** A timer: the event loop serves other requests meanwhile. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** R6: the route for a request, or a 404 / 405 in the service's error shape. */
function findRoute(router: Router, method: string, path: string) {
  const match = router.match(routedMethod(method), path);
  if (match.kind === 'not-found') {
    throw new HttpError(serviceError(404, 'not_found', `no such endpoint: ${method} ${path}`, { method, path }));
  }
  if (match.kind === 'method-not-allowed') {
    const allowed = match.allowed.join(', ');
    const reply = serviceError(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${allowed}`, {
      method,
      path,
      allowed: match.allowed,
    });
    throw new HttpError({ ...reply, headers: { Allow: allowed } });
  }
  return match;
}

export function failure(error: unknown, shape: ErrorShape): Reply {
  if (error instanceof HttpError) return error.reply;
  if (error instanceof BodyTooLarge) {
    return {
      ...errorReply(shape, 400, 'bad_request', `request body larger than ${MAX_BODY_BYTES} bytes`),
      headers: { Connection: 'close' },
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return errorReply(shape, 500, 'internal_error', `internal error: ${message}`);
}
