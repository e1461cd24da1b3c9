// `fiscal api <METHOD> <path>` (the escape hatch, like `gh api`): any request through the HTTP
// core with the profile's credentials. Prints the JSON answer, or with --paginate the records of
// every page as NDJSON (pages.ts). An error answer's body goes to stderr; the exit code is the
// core's mapping (errors.ts).
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import type { HttpClient } from '../../api/http.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import type { OptionsOf } from '../shared/define.js';
import { verb } from '../shared/verb.js';
import { bodyOf, queryOf } from './fields.js';
import { api, METHODS } from './index.js';
import { streamRecords } from './pages.js';

type Method = (typeof METHODS)[number];
const WITH_BODY = new Set<Method>(['POST', 'PUT', 'PATCH']);
/** Repeating these cannot act twice, so the core may retry them on 429 / 5xx. */
const IDEMPOTENT = new Set<Method>(['GET', 'PUT', 'DELETE']);

/** The request the arguments and flags describe. */
export interface ApiRequest {
  method: Method;
  path: string;
  query: Record<string, string[]>;
  /** The JSON body from -f; undefined when --input gives it, or the method has none. */
  body: Record<string, unknown> | undefined;
  input: string | undefined;
  paginate: boolean;
}

type ApiOptions = OptionsOf<typeof api.flags>;

export default verb(api, {
  check: (o, args) => void requestOf(o, args),
  async run(ctx, o, args) {
    await send(ctx, requestOf(o, args));
  },
});

/** The method (any case) and path checked, -f fields made a query or a body; UsageError otherwise. */
export function requestOf(o: ApiOptions, args: string[]): ApiRequest {
  // A path alone is a GET, as `gh api <path>` is.
  const [rawMethod = '', rawPath = ''] = args.length === 1 && args[0]!.startsWith('/') ? ['GET', args[0]!] : args;
  const method = METHODS.find((m) => m === rawMethod.toUpperCase());
  if (!method) throw new UsageError(`<method>: the method is one of ${METHODS.join(', ')}, got "${rawMethod}"`);
  if (!rawPath.startsWith('/')) throw new UsageError('<path>: the path starts with /, e.g. /v1/nfe/received');
  const fields = o.field ?? [];
  const [path, search] = splitPath(rawPath);
  const hasBody = WITH_BODY.has(method);
  if (o.input !== undefined && !hasBody)
    throw new UsageError(`--input: ${method} sends no body; use -f for query parameters`);
  if (o.input !== undefined && fields.length > 0)
    throw new UsageError('--input gives the whole body: use it or -f fields, not both');
  const query = queryOf(hasBody ? [] : fields);
  for (const [key, value] of new URLSearchParams(search)) (query[key] ??= []).push(value);
  return {
    method,
    path,
    query,
    body: hasBody && o.input === undefined ? bodyOf(fields) : undefined,
    input: o.input,
    paginate: o.paginate,
  };
}

function splitPath(path: string): [string, string] {
  const at = path.indexOf('?');
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at + 1)];
}

/** One request of this run: `extra` adds query parameters, `bodyExtra` body fields (paging). */
export type Send = (extra?: Record<string, string[]>, bodyExtra?: Record<string, unknown>) => Promise<unknown>;

async function send(ctx: Context, options: ApiRequest): Promise<void> {
  const body = options.input !== undefined ? await readInput(ctx, options.input) : options.body;
  const http = await ctx.http();
  const send = sender(http, options, body);
  try {
    const first = await send();
    if (options.paginate && (await streamRecords(ctx, first, send, options))) return;
    if (first !== undefined)
      ctx.io.stdout.write(`${ctx.io.stdoutIsTTY ? JSON.stringify(first, null, 2) : JSON.stringify(first)}\n`);
  } catch (error) {
    if (error instanceof ApiError && error.body) ctx.io.stderr.write(`${error.body.trimEnd()}\n`);
    throw error;
  }
}

function sender(http: HttpClient, o: ApiRequest, body: unknown): Send {
  return async (extra = {}, bodyExtra) => {
    const payload =
      bodyExtra && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...bodyExtra } : body;
    const res = await http.request({
      method: o.method,
      path: o.path,
      query: { ...o.query, ...extra },
      schema: z.unknown(),
      ...(payload !== undefined ? { body: payload } : {}),
      retry: IDEMPOTENT.has(o.method),
      verifySignature: o.method === 'GET',
    });
    return res.body;
  };
}

async function readInput(ctx: Context, source: string): Promise<unknown> {
  let text = '';
  try {
    if (source === '-') {
      if (ctx.io.stdinIsTTY) throw new UsageError('--input -: standard input is a terminal; pipe the JSON body in');
      for await (const chunk of ctx.io.stdin)
        text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    } else text = await readFile(source, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--input: cannot read ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--input: ${source === '-' ? 'standard input' : source} is not JSON: ${(error as Error).message}`,
    );
  }
}
