// A tiny method + path router. Patterns are literal segments and `:name` parameters; a literal
// segment wins over a parameter (`GET /v1/nfe/manifest` before `GET /v1/nfe/:role`), and a path
// claimed by literal segments answers 405 to other methods rather than falling back to a parameter.
import type { Account } from './model.js';
import type { ErrorShape, Reply } from './respond.js';
import type { Store } from './store.js';

export interface RequestContext {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  account: Account;
  store: Store;
  /** The emulator's clock in ms (starts at the `now` option and advances in real time). */
  now(): number;
  /** The raw request body (empty for GET). */
  rawBody: Buffer;
  /** `scheme://host` the request was addressed to, for absolute URLs (R12). */
  origin: string;
  /** The parsed JSON body; malformed JSON throws a 400 in the route's error shape. */
  json(): unknown;
}

type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

interface RouteOptions {
  /** R6: the error envelope of this endpoint. */
  errors: ErrorShape;
  /** R1: the request must carry `X-Use-ApiGateway: always`. */
  gateway?: boolean;
}

export interface Route extends RouteOptions {
  method: string;
  pattern: string;
  handler: Handler;
}

interface CompiledRoute {
  route: Route;
  segments: string[];
  literals: number;
}

type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(method: string, pattern: string, handler: Handler, options: RouteOptions): this {
    const segments = split(pattern);
    const literals = segments.filter((s) => !s.startsWith(':')).length;
    this.routes.push({ route: { method, pattern, handler, ...options }, segments, literals });
    // Most literal segments first, so that fixed paths shadow parameters.
    this.routes.sort((a, b) => b.literals - a.literals);
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const parts = split(path);
    const allowed = new Set<string>();
    let level: number | undefined;
    for (const compiled of this.routes) {
      // A path matched by literal segments belongs to those routes: a wrong method there is 405.
      if (level !== undefined && compiled.literals < level) break;
      const params = matchSegments(compiled.segments, parts);
      if (!params) continue;
      level = compiled.literals;
      if (compiled.route.method === method) return { kind: 'found', route: compiled.route, params };
      allowed.add(compiled.route.method);
    }
    return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed].sort() } : { kind: 'not-found' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    let part: string;
    try {
      part = decodeURIComponent(parts[i]!);
    } catch {
      return undefined;
    }
    if (p.startsWith(':')) params[p.slice(1)] = part;
    else if (p !== part) return undefined;
  }
  return params;
}
