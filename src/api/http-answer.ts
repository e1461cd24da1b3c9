// Reading one answer of the service (http.ts sends it): a 429 or a 5xx is an attempt another may
// fix, another non-2xx a typed error (errors-map.ts), a 2xx body is parsed (JSON, the v1 page
// signature of R14, the caller's zod schema) or, when cut or corrupt, retried.
import { ProtocolError } from '../errors.js';
import { decodeText, liftBase64Fields, type PageSlabs } from './binary-fields.js';
import { answerSummary, BASE_URL_HINT, errorFromAnswer, redirectError, statusLine } from './errors-map.js';
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
interface Answer<T> {
  ro: RequestOptions<T>;
  status: number;
  headers: Record<string, string>;
  rl: RateLimitInfo;
  bytes: Buffer;
  /** The body of the last signature mismatch of this request: the same body twice is refused. */
  lastMismatch: { bytes?: Buffer };
}

/** What reading an answer counts into and writes with. */
interface AnswerEnv {
  stats: HttpStats;
  redact: (text: string) => string;
  warn: (message: string) => void;
  /** HttpClientOptions.credentialsFrom. */
  credentialsFrom?: string | undefined;
  /** The client's base URL, named where an answer says it is the wrong one (a redirect, a web page). */
  baseUrl: string;
  /** Where lifted values are decoded (binary-fields.ts). */
  slabs?: PageSlabs;
}

export function readAnswer<T>(a: Answer<T>, env: AnswerEnv): Attempt<T> {
  const { ro, status, rl, bytes } = a;
  const { stats, redact } = env;
  if (status >= 200 && status < 300) return parseBody(a, env);
  const answer = { method: ro.method, path: ro.path, status, bodyText: decodeText(bytes), redact };
  if (status === 429) {
    stats.rateLimited++;
    const retryAt = serverRetryAt(rl);
    return { failed: { kind: 'rate', describe: statusLine(429), ...(retryAt !== undefined ? { retryAt } : {}) } };
  }
  if (status >= 500) {
    stats.serverErrors++;
    return { failed: { kind: 'server', describe: answerSummary(answer) } };
  }
  if (status >= 300 && status < 400)
    throw redirectError({ ...answer, location: a.headers.location, baseUrl: env.baseUrl });
  throw errorFromAnswer({ ...answer, credentialsFrom: env.credentialsFrom });
}

function parseBody<T>(a: Answer<T>, env: AnswerEnv): Attempt<T> {
  const { ro, status, headers, bytes, lastMismatch } = a;
  const { stats, redact } = env;
  let raw: unknown;
  let lifted: Buffer[] = [];
  try {
    let text: string;
    if (ro.binary) ({ text, lifted } = liftBase64Fields(bytes, ro.binary.names, ro.binary.tag, env.slabs));
    else text = decodeText(bytes);
    raw = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    // Whole (undici checks the length it was told) and not JSON by its own account: a web page, a
    // proxy's or a login portal's, which the same URL sends again; never a page cut short.
    const type = headers['content-type'];
    if (type !== undefined && !/json/i.test(type))
      throw new ProtocolError(
        redact(
          `${ro.method} ${ro.path}: the server answered ${statusLine(status)} with ${type.split(';')[0]!.trim()} (${bytes.length} bytes), not JSON: is the base URL (${env.baseUrl}) the API's?`,
        ),
        { details: [BASE_URL_HINT] },
      );
    stats.networkErrors++;
    return {
      failed: { kind: 'body', describe: `truncated or unparseable JSON body (${bytes.length} bytes)` },
    };
  }
  const asSent = () => (JSON.parse(decodeText(bytes)) as { data?: unknown }).data;
  if (ro.verifySignature && !signatureMatches(raw, bytes, lifted.length ? asSent : undefined)) {
    stats.signatureMismatches++;
    // Corruption does not repeat byte for byte, so a different body is worth another attempt; the
    // same body twice will not change, and a page whose signature does not match is never kept.
    if (!lastMismatch.bytes?.equals(bytes)) {
      // A copy: a page's answer is read into a buffer that the next answer is read into.
      lastMismatch.bytes = Buffer.from(bytes);
      return { failed: { kind: 'signature', describe: 'page signature does not match its data' } };
    }
    throw new ProtocolError(
      redact(`${ro.method} ${ro.path}: page signature does not match its data (the same body twice); refused`),
    );
  }
  const parsed = ro.schema.safeParse(raw);
  if (parsed.success) return { ok: { status, headers, body: parsed.data, ...(lifted.length ? { lifted } : {}) } };
  if (raw === undefined) return { failed: { kind: 'body', describe: `empty body with ${statusLine(status)}` } };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length ? issue.path.map(String).join('.') : '(body)';
  throw new ProtocolError(
    redact(`${ro.method} ${ro.path}: unexpected response body: ${where}: ${issue?.message ?? 'invalid'}`),
  );
}
