// Whether a new profile's credentials work, asked with ONE cheap authenticated request before
// anything is saved. The outcome is a value, not an exception: the walkthrough decides what to
// offer (type the key again, save anyway) and the non-interactive run what to throw.
import type { Context } from '../../context.js';
import type { Profile } from '../../config/profile.js';
import { resolveBaseUrl } from '../../config/environments.js';
import { listNfeV1 } from '../../api/nfe.js';
import type { HttpClient } from '../../api/http.js';
import { ApiError, AuthError, ConfigError, FiscalError, InterruptedError } from '../../errors.js';

export type CheckOutcome =
  | { kind: 'accepted'; baseUrl: string }
  /** 401/403: the server refused these credentials. */
  | { kind: 'refused'; error: AuthError }
  /** No answer about the credentials: an invalid address, network failure, rate limit, an unexpected answer. */
  | { kind: 'inconclusive'; error: FiscalError };

/**
 * The probe: the first received NF-e, limit 1. Every account may list its received NF-e and the
 * answer is one small page. When GET /v1/companies is available it is the better probe (no
 * documents at all): change only this function.
 */
async function probeCredentials(http: HttpClient): Promise<void> {
  await listNfeV1(http, 'received', { limit: 1 });
}

// A check a person waits for at a prompt: one quick retry, not the two-minute budget of a pull.
const CHECK_ATTEMPTS = 2;
const CHECK_BUDGET_MS = 5_000;
const CHECK_TIMEOUT_MS = 15_000;

export async function checkCredentials(
  ctx: Context,
  profile: Profile,
  probe = probeCredentials,
): Promise<CheckOutcome> {
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(profile.baseUrl, 'the new profile', ctx.env);
  } catch (error) {
    if (error instanceof ConfigError) return { kind: 'inconclusive', error };
    throw error;
  }
  const { createHttpClient } = await import('../../api/http.js');
  const http = createHttpClient({
    baseUrl,
    apiId: profile.apiId,
    apiKey: profile.apiKey,
    userAgent: `fiscal/${ctx.version}`,
    timeoutMs: ctx.globals.timeoutMs ?? CHECK_TIMEOUT_MS,
    maxAttempts: CHECK_ATTEMPTS,
    retryBudgetMs: CHECK_BUDGET_MS,
    clock: ctx.clock,
    log: ctx.log,
    signal: ctx.signal,
  });
  try {
    await probe(http);
    return { kind: 'accepted', baseUrl };
  } catch (error) {
    if (error instanceof AuthError) return { kind: 'refused', error };
    if (error instanceof InterruptedError || !(error instanceof FiscalError)) throw error;
    return { kind: 'inconclusive', error };
  } finally {
    await http.close();
  }
}

/** One line saying why a check gave no verdict, for a warning or an error's details. */
export function describeInconclusive(error: FiscalError): string {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof ApiError) return `the server answered ${error.status}: ${error.message}`;
  return `no usable answer from the server: ${error.message}`;
}
