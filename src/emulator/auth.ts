// R1-R3: credentials are checked as the gateway would, before the service sees the request.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Account } from './model.js';
import { HttpError, gatewayError } from './respond.js';
import type { Store } from './store.js';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** R1/R2: the account named by `X-API-ID` whose key is `X-API-KEY`; otherwise a gateway 401. */
export function authenticate(store: Store, headers: IncomingHttpHeaders): Account {
  const apiId = header(headers, 'x-api-id');
  const apiKey = header(headers, 'x-api-key');
  const missing = [!apiId && 'X-API-ID', !apiKey && 'X-API-KEY'].filter(Boolean);
  if (missing.length > 0) throw new HttpError(gatewayError(`missing ${missing.join(' and ')} header`));
  // R38: the message names the credential that was refused, as the real gateway's does.
  const account = store.accountByApiId(apiId!);
  if (!account) throw new HttpError(gatewayError('invalid X-API-ID: no account has this id'));
  if (!sameSecret(account.apiKey, apiKey!)) throw new HttpError(gatewayError('invalid X-API-KEY for this X-API-ID'));
  return account;
}

/**
 * R1: `X-Use-ApiGateway: always` is required on the list endpoints and flagerp. Designed: its
 * absence is answered by the gateway as a 401 in the gateway's shape.
 */
export function requireGatewayHeader(headers: IncomingHttpHeaders): void {
  const value = header(headers, 'x-use-apigateway');
  if (value === undefined) throw new HttpError(gatewayError('missing X-Use-ApiGateway header (expected "always")'));
  if (value.trim().toLowerCase() !== 'always') {
    throw new HttpError(gatewayError(`X-Use-ApiGateway must be "always", got "${value}"`));
  }
}
