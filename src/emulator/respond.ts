// Replies and the error shapes of the API (R2, R4, R6). Handlers return a Reply or throw an
// HttpError carrying one; the server writes it (with Content-Length and the rate-limit headers).
import type { ServerResponse } from 'node:http';
import type * as z from 'zod';
import { jsonPayload, type Encodable } from './json-payload.js';

export interface Reply {
  status: number;
  /** JSON body; undefined sends no body (429). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Which error envelope a route answers with (R6). */
export type ErrorShape = 'service' | 'v1';

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function reason(status: number): string {
  return REASONS[status] ?? 'Error';
}

export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

/** R4: success bodies carry `status: {code: 200, message: "OK"}`. */
export function ok(body: Record<string, unknown>): Reply {
  return { status: 200, body: { status: { code: 200, message: 'OK' }, ...body } };
}

/** Parse every typed reply with its schema (tests turn it on): a drift fails loudly, not silently. */
const CHECK_REPLIES = process.env.FISCAL_EMULATOR_CHECK_REPLIES === '1';

/**
 * A 200 reply in the R4 envelope, its body typed by the wire schema the client reads it with, so
 * the emulator and the client cannot drift apart: a change to the schema fails to compile here.
 */
export function okAs<S extends z.ZodType>(schema: S, body: Omit<Encodable<z.input<S>>, 'status'>): Reply {
  return replyAs(schema, { status: { code: 200, message: 'OK' }, ...body } as Encodable<z.input<S>>);
}

/** A reply whose whole body is typed by `schema` (bodies without the R4 envelope, other statuses). */
function replyAs<S extends z.ZodType>(schema: S, body: Encodable<z.input<S>>, status = 200): Reply {
  if (CHECK_REPLIES) {
    // As the client reads it: a Base64Text is a string once written.
    const result = schema.safeParse(JSON.parse(JSON.stringify(body)));
    if (!result.success)
      throw new Error(
        `emulator reply does not match its wire schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      );
  }
  return { status, body };
}

/** R2: authentication failures, answered by the gateway. */
export function gatewayError(message: string, status = 401): Reply {
  return { status, body: { error: message, status: { code: status, message: reason(status) } } };
}

/** R6: `{error: {code, message, context}}` of the list endpoints. */
export function serviceError(
  status: number,
  code: string,
  message: string,
  context: Record<string, unknown> = {},
): Reply {
  return { status, body: { error: { code, message, context } } };
}

/** R6: `{status, error}` of most v1 endpoints. */
export function v1Error(status: number, message: string): Reply {
  return { status, body: { status: { code: status, message: reason(status) }, error: message } };
}

/** R6: `{status, errors: {name: [..]}}` of v1 endpoints, one list of problems per parameter. */
export function v1FieldErrors(status: number, errors: Record<string, string[]>): Reply {
  return { status, body: { status: { code: status, message: reason(status) }, errors } };
}

/** A 400 in the route's envelope; `field` names the offending parameter or body key. */
export function badRequest(shape: ErrorShape, message: string, field?: string): HttpError {
  if (shape === 'v1') return new HttpError(field ? v1FieldErrors(400, { [field]: [message] }) : v1Error(400, message));
  return new HttpError(
    serviceError(400, 'bad_request', field ? `${field}: ${message}` : message, field ? { field } : {}),
  );
}

export function errorReply(
  shape: ErrorShape,
  status: number,
  code: string,
  message: string,
  context: Record<string, unknown> = {},
): Reply {
  return shape === 'v1' ? v1Error(status, message) : serviceError(status, code, message, context);
}

export function writeReply(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string> = { ...extraHeaders, ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, { ...headers, 'Content-Length': '0' });
    res.end();
    return;
  }
  const payload = jsonPayload(reply.body);
  res.writeHead(reply.status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
  });
  res.end(payload);
}
