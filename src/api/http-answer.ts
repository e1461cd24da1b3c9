// Reading one answer of the service (http.ts sends it): a 429 or a 5xx is an attempt another may
// fix, another non-2xx a typed error (errors-map.ts), a 2xx body is parsed (JSON, the v1 page
// signature of R14, the caller's zod schema) or, when cut or corrupt, retried.
import { ProtocolError } from '../errors.js';
import { answerSummary, errorFromAnswer, statusLine } from './errors-map.js';
import type { HttpResponse, HttpStats, RequestOptions } from './http.js';
import { signatureMatches } from './paginate.js';
import { serverRetryAt, type RateLimitInfo } from './retry.js';

/** A failed attempt that another attempt may fix. `describe` says what happened, for messages. */
export interface Retryable {
  kind: 'rate' | 'server' | 'network' | 'body' | 'signature';
  describe: string;
  /** The request certainly never reached the server (connection refused or not made in time). */
  unsent?: boolean;
  /** When the server said we may try again (local clock). */
  retryAt?: number;
}

export type Attempt<T> = { ok: HttpResponse<T> } | { failed: Retryable };

/** What came back for one attempt. */
export interface Answer<T> {
  ro: RequestOptions<T>;
  status: number;
  headers: Record<string, string>;
  rl: RateLimitInfo;
  text: string;
  /** The body of the last signature mismatch of this request: the same body twice is accepted. */
  lastMismatch: { text?: string };
}

/** What reading an answer counts into and writes with. */
export interface AnswerEnv {
  stats: HttpStats;
  redact: (text: string) => string;
  warn: (message: string) => void;
}

export function readAnswer<T>(a: Answer<T>, env: AnswerEnv): Attempt<T> {
  const { ro, status, rl, text } = a;
  const { stats, redact } = env;
  const answer = { method: ro.method, path: ro.path, status, bodyText: text, redact };
  if (status === 429) {
    stats.rateLimited++;
    const retryAt = serverRetryAt(rl);
    return { failed: { kind: 'rate', describe: statusLine(429), ...(retryAt !== undefined ? { retryAt } : {}) } };
  }
  if (status >= 500) {
    stats.serverErrors++;
    return { failed: { kind: 'server', describe: answerSummary(answer) } };
  }
  if (status < 200 || status >= 300) throw errorFromAnswer(answer);
  return parseBody(a, env);
}

function parseBody<T>(a: Answer<T>, env: AnswerEnv): Attempt<T> {
  const { ro, status, headers, text, lastMismatch } = a;
  const { stats, redact } = env;
  let raw: unknown;
  try {
    raw = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    stats.networkErrors++;
    return {
      failed: { kind: 'body', describe: `truncated or unparseable JSON body (${Buffer.byteLength(text)} bytes)` },
    };
  }
  if (ro.verifySignature && !signatureMatches(raw, text)) {
    stats.signatureMismatches++;
    // Corruption does not repeat byte for byte; the same body twice means our encoding differs.
    if (lastMismatch.text !== text) {
      lastMismatch.text = text;
      return { failed: { kind: 'signature', describe: 'page signature does not match its data' } };
    }
    env.warn(`${ro.method} ${ro.path}: page signature does not match, but the same body came twice; accepting it`);
  }
  const parsed = ro.schema.safeParse(raw);
  if (parsed.success) return { ok: { status, headers, body: parsed.data } };
  if (raw === undefined) return { failed: { kind: 'body', describe: `empty body with ${statusLine(status)}` } };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length ? issue.path.map(String).join('.') : '(body)';
  throw new ProtocolError(
    redact(`${ro.method} ${ro.path}: unexpected response body: ${where}: ${issue?.message ?? 'invalid'}`),
  );
}
