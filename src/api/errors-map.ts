// The one mapping from an HTTP error answer (status + body) to a typed error (R2, R6). Messages
// name the method, the path and what the server said, e.g.
// `POST /v2/dfe/nfe: 400 Bad Request: Limit must be between 1 and 500`.
import { STATUS_CODES } from 'node:http';
import { ApiError, AuthError, NotFoundError, ProtocolError } from '../errors.js';
import { gatewayErrorSchema, serviceErrorSchema } from './wire/common.js';
import type { Redactor } from './redact.js';
import { formatMs } from './retry.js';

const MAX_TEXT = 300;

interface ServerSaid {
  text?: string;
  serverCode?: string | number;
  fields?: Record<string, string[]>;
  details: string[];
}

/** `400 Bad Request` */
export function statusLine(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT)}…` : line;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fieldErrors(errors: unknown): Record<string, string[]> | undefined {
  if (!isRecord(errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(errors)) {
    out[name] = Array.isArray(value) ? value.map(String) : [String(value)];
  }
  return out;
}

/** What an error body says, whatever its shape: gateway, service envelope, v1, bare text or nothing. */
export function readServerError(bodyText: string): ServerSaid {
  if (bodyText.trim() === '') return { details: [] };
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { text: clip(bodyText), details: [] };
  }
  if (!isRecord(body)) return { text: clip(bodyText), details: [] };
  const status = isRecord(body.status) ? body.status : undefined;
  const statusMessage = typeof status?.message === 'string' ? status.message : undefined;

  // R6 field errors: `{status, errors: {name: [..]}}`.
  const fields = fieldErrors(body.errors);
  if (fields) {
    const text = Object.entries(fields)
      .map(([k, v]) => `${k}: ${v.join(', ')}`)
      .join('; ');
    return { text: clip(text || statusMessage || 'invalid request'), fields, details: [] };
  }
  // R2 gateway `{error: string, status}` and v1 `{status, error: string}` read the same way.
  const gateway = gatewayErrorSchema.safeParse(body);
  if (gateway.success || typeof body.error === 'string') {
    const error = String(body.error);
    const extra = statusMessage && statusMessage.toLowerCase() !== error.toLowerCase() ? ` (${statusMessage})` : '';
    return { text: clip(error + extra), details: [] };
  }
  // R6 service envelope `{error: {code, message, context}}`, and v1 `{status, error: {...}}`.
  const service = serviceErrorSchema.safeParse(body);
  if (service.success) {
    const { code, message, context } = service.data.error;
    const details = context === undefined || context === null ? [] : [`context: ${clip(JSON.stringify(context))}`];
    return { text: clip(message), serverCode: code, details };
  }
  if (isRecord(body.error)) {
    const e = body.error;
    const text = typeof e.message === 'string' ? e.message : JSON.stringify(e);
    const code = typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined;
    return { text: clip(text), ...(code !== undefined ? { serverCode: code } : {}), details: [] };
  }
  if (typeof body.message === 'string') return { text: clip(body.message), details: [] };
  if (statusMessage) return { text: clip(statusMessage), details: [] };
  return { text: clip(bodyText), details: [] };
}

interface ErrorAnswer {
  method: string;
  path: string;
  status: number;
  bodyText: string;
  redact: Redactor;
  /** Where the API id and key came from (HttpClientOptions.credentialsFrom). */
  credentialsFrom?: string | undefined;
}

/** `400 Bad Request: Limit must be between 1 and 500` (the reason phrase is not repeated). */
export function answerSummary(a: ErrorAnswer, said = readServerError(a.bodyText)): string {
  const server =
    said.text && said.text.toLowerCase() !== (STATUS_CODES[a.status] ?? '').toLowerCase() ? `: ${said.text}` : '';
  return a.redact(`${statusLine(a.status)}${server}`);
}

/** `POST /v2/dfe/nfe: 400 Bad Request: Limit must be between 1 and 500` */
function describeAnswer(a: ErrorAnswer, said = readServerError(a.bodyText)): string {
  return `${a.redact(`${a.method} ${a.path}`)}: ${answerSummary(a, said)}`;
}

const PROFILE_CURRENT = '`fiscal profile current` shows each setting and where it comes from';

/** Said under an answer that shows the base URL is not the API's. */
export const BASE_URL_HINT = '`fiscal profile current` shows the base URL in use and where it comes from';

/** What to check after a 401 or 403; a 401 names where the id and key in use came from when the client was told. */
function hintOf(a: ErrorAnswer): string | undefined {
  if (a.status === 401)
    return a.credentialsFrom
      ? `${a.credentialsFrom}: check them; ${PROFILE_CURRENT}`
      : `check the API ID and API key in use (profile, environment or flags); ${PROFILE_CURRENT}`;
  if (a.status === 403) return 'the credentials were accepted but may not do this';
  return undefined;
}

/** 401/403 -> AuthError, 404 -> NotFoundError, any other answer -> ApiError (exit 6). */
export function errorFromAnswer(a: ErrorAnswer): ApiError {
  const said = readServerError(a.bodyText);
  const message = describeAnswer(a, said);
  const hint = hintOf(a);
  const details = [...said.details, ...(hint ? [hint] : [])].map(a.redact);
  const options = {
    details,
    body: a.redact(a.bodyText),
    ...(said.serverCode !== undefined ? { serverCode: said.serverCode } : {}),
    ...(said.fields ? { fields: redactFields(said.fields, a.redact) } : {}),
  };
  if (a.status === 401 || a.status === 403) return new AuthError(message, a.status, a.method, a.path, options);
  if (a.status === 404) return new NotFoundError(message, a.status, a.method, a.path, options);
  return new ApiError(message, a.status, a.method, a.path, options);
}

/**
 * A 3xx: not followed (the API id and key would go with it, to wherever it points), and no API
 * answer either: the base URL is not the API's (often http where the API is https). Designed here:
 * exit 11, an answer that cannot be read, not 6 (a request the API rejected).
 */
export function redirectError(a: ErrorAnswer & { location: string | undefined; baseUrl: string }): ProtocolError {
  let to: URL | undefined;
  try {
    to = a.location === undefined ? undefined : new URL(a.location, `${a.baseUrl}${a.path}`);
  } catch {
    // A Location that is no URL: named as sent.
  }
  const base = new URL(a.baseUrl);
  const https =
    to?.protocol === 'https:' && base.protocol === 'http:' && to.host === base.host
      ? `; it points to https: try --base-url https://${base.host}${base.pathname.replace(/\/$/, '')}`
      : '';
  const where = to ? ` to ${to.href}` : a.location === undefined ? ' (no Location)' : ` to ${a.location}`;
  return new ProtocolError(
    a.redact(
      `${a.method} ${a.path}: the server redirected (${statusLine(a.status)})${where}, which fiscal does not follow (the credentials would go along): check the base URL (${a.baseUrl})${https}`,
    ),
    { details: [BASE_URL_HINT] },
  );
}

function redactFields(fields: Record<string, string[]>, redact: Redactor): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [redact(k), v.map(redact)]));
}

/** Network failures in words a user can act on; `unsent` when the request never left. */
export function describeNetworkError(
  err: unknown,
  timeoutMs: number,
  connectTimeoutMs: number,
  /** host:port tried: a refused or unknown host is named, so a wrong base URL shows. */
  host = '',
): { text: string; retry: boolean; unsent: boolean } {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const r = (text: string, retry = true, unsent = false) => ({ text, retry, unsent });
  switch (code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
      return r(`no response within ${formatMs(timeoutMs)}`);
    case 'UND_ERR_BODY_TIMEOUT':
      return r(`the response stalled for ${formatMs(timeoutMs)}`);
    case 'UND_ERR_CONNECT_TIMEOUT':
      return r(`could not connect${host ? ` to ${host}` : ''} within ${formatMs(connectTimeoutMs)}`, true, true);
    case 'ECONNREFUSED':
      return r(`connection refused${host ? ` by ${host}` : ''}`, true, true);
    case 'ECONNRESET':
      return r('connection reset by the server');
    case 'UND_ERR_SOCKET':
      return r('connection closed by the server before the response was complete');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return r(`no route to ${host || 'the server'} (check the base URL and the network)`, true, true);
    case 'ENOTFOUND':
      return r(`host ${host ? `${host} ` : ''}not found (check the base URL)`, false, true);
    default:
      return r(`network error${code ? ` ${code}` : ''}: ${e.message ?? String(err)}`);
  }
}
