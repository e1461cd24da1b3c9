import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient } from '../../../src/api/http.js';
import { errorFromAnswer, readServerError } from '../../../src/api/errors-map.js';
import { createRedactor, maskSecret } from '../../../src/api/redact.js';
import { ApiError, AuthError, ExitCode, NotFoundError, exitCodeOf } from '../../../src/errors.js';
import {
  createFakeClock,
  createMemoryLogger,
  startScriptedServer,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

const KEY = 'sk_live_0123456789abcdefWXYZ';
const redact = createRedactor(KEY);
const answer = (method: string, path: string, status: number, body: unknown) =>
  errorFromAnswer({ method, path, status, bodyText: typeof body === 'string' ? body : JSON.stringify(body), redact });

describe('error mapping', () => {
  it('R2: gateway 401 maps to AuthError (exit 3) with what the gateway said', () => {
    const err = answer('GET', '/v1/nfe/received', 401, {
      error: 'Invalid API key',
      status: { code: 401, message: 'Unauthorized' },
    });
    expect(err).toBeInstanceOf(AuthError);
    expect(err.message).toBe('GET /v1/nfe/received: 401 Unauthorized: Invalid API key (Unauthorized)');
    expect(exitCodeOf(err)).toBe(ExitCode.auth);
    expect(err.details.join('\n')).toMatch(/API ID and API key/);
  });

  it('R2: a gateway message equal to the reason phrase is not repeated', () => {
    const err = answer('GET', '/v1/nfe/received', 401, {
      error: 'Unauthorized',
      status: { code: 401, message: 'Unauthorized' },
    });
    expect(err.message).toBe('GET /v1/nfe/received: 401 Unauthorized');
  });

  it('R6: 403 maps to AuthError, 404 to NotFoundError (exit 4)', () => {
    expect(
      answer('POST', '/v1/dfe/flagerp', 403, { status: { code: 403, message: 'Forbidden' }, error: 'not allowed' }),
    ).toBeInstanceOf(AuthError);
    const nf = answer('GET', '/v1/webhooks/7', 404, { error: { code: 'NOT_FOUND', message: 'webhook not found' } });
    expect(nf).toBeInstanceOf(NotFoundError);
    expect(exitCodeOf(nf)).toBe(ExitCode.notFound);
  });

  it('R6: service envelope {error: {code, message, context}} -> ApiError (exit 6) with code and context', () => {
    const err = answer('POST', '/v2/dfe/nfe', 400, {
      error: { code: 'INVALID_LIMIT', message: 'Limit must be between 1 and 500', context: { Limit: 900 } },
    });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('POST /v2/dfe/nfe: 400 Bad Request: Limit must be between 1 and 500');
    expect(err.serverCode).toBe('INVALID_LIMIT');
    expect(err.details).toEqual(['context: {"Limit":900}']);
    expect(exitCodeOf(err)).toBe(ExitCode.rejected);
  });

  it('R6: {status, error: string} and {status, error: {message}}', () => {
    expect(
      answer('DELETE', '/v1/nfe/received', 405, {
        status: { code: 405, message: 'Method Not Allowed' },
        error: 'use GET',
      }).message,
    ).toBe('DELETE /v1/nfe/received: 405 Method Not Allowed: use GET (Method Not Allowed)');
    const err = answer('GET', '/v1/nfe/danfe', 422, {
      status: { code: 422, message: 'Unprocessable' },
      error: { message: 'XML cannot be rendered', code: 17 },
    });
    expect(err.message).toBe('GET /v1/nfe/danfe: 422 Unprocessable Entity: XML cannot be rendered');
    expect(err.serverCode).toBe(17);
  });

  it('R6/R27: {status, errors: {field: [..]}} puts the field errors in ApiError.fields', () => {
    const err = answer('POST', '/v1/dfe/flagerp', 400, {
      status: { code: 400, message: 'Bad Request' },
      errors: { doc_type: ['is required'], owner: ['must be 14 digits', 'is invalid'] },
    });
    expect(err.message).toBe(
      'POST /v1/dfe/flagerp: 400 Bad Request: doc_type: is required; owner: must be 14 digits, is invalid',
    );
    expect(err.fields).toEqual({ doc_type: ['is required'], owner: ['must be 14 digits', 'is invalid'] });
  });

  it('empty and non-JSON bodies', () => {
    expect(answer('PUT', '/v1/nfe/received/status', 409, '').message).toBe('PUT /v1/nfe/received/status: 409 Conflict');
    expect(answer('GET', '/x', 400, '<html>\n<body>Bad   gateway thing</body></html>').message).toBe(
      'GET /x: 400 Bad Request: <html> <body>Bad gateway thing</body></html>',
    );
    expect(readServerError('{"message":"plain"}').text).toBe('plain');
  });

  it('R2: a 401 from the server is thrown as AuthError without retrying', async () => {
    const server = await startScriptedServer();
    try {
      server.enqueue({
        status: 401,
        body: { error: 'Invalid credentials', status: { code: 401, message: 'Unauthorized' } },
      });
      const http = createHttpClient({
        baseUrl: server.url,
        apiId: 'id',
        apiKey: KEY,
        userAgent: 't',
        clock: createFakeClock(),
        log: createMemoryLogger(),
      });
      await expect(
        http.request({ method: 'GET', path: '/v1/nfe/received', schema: z.unknown() }),
      ).rejects.toBeInstanceOf(AuthError);
      expect(server.requests).toHaveLength(1);
      await http.close();
    } finally {
      await server.close();
    }
  });
});

describe('redaction', () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('masks the key: last four characters at most, nothing for short keys', () => {
    expect(maskSecret(KEY)).toBe('****WXYZ');
    expect(maskSecret('short-key')).toBe('[redacted]');
    expect(redact(`key=${KEY}&k2=${encodeURIComponent(KEY)}`)).toBe('key=****WXYZ&k2=****WXYZ');
  });

  it('the API key never appears in trace lines or in errors, even when the server echoes it', async () => {
    const log = createMemoryLogger();
    const http = createHttpClient({
      baseUrl: server.url,
      apiId: 'id',
      apiKey: KEY,
      userAgent: 't',
      clock: createFakeClock(),
      log,
      maxAttempts: 2,
      random: () => 0,
    });
    const echo = `bad key ${KEY}`;
    server.enqueue(
      { status: 400, body: { error: { code: 'X', message: echo, context: { key: KEY } } } },
      { status: 401, body: { error: echo, status: { code: 401, message: echo } } },
      { status: 422, body: { status: { code: 422, message: 'x' }, errors: { [KEY]: [echo] } } },
      { status: 500, body: echo },
      { status: 500, body: echo },
      { body: { ok: echo } },
      { reset: true },
      { reset: true },
    );
    const errors: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const body = i === 0 ? { key: KEY } : undefined;
      errors.push(
        await http
          .request({ method: 'POST', path: '/v1/x', body, schema: z.object({ ok: z.number() }), retry: true })
          .catch((e: unknown) => e),
      );
    }
    expect(errors.every((e) => e instanceof Error)).toBe(true);
    const everything = [
      ...log.lines,
      ...errors.map((e) => {
        const err = e as ApiError;
        return [
          err.message,
          String(err),
          err.stack,
          JSON.stringify(err),
          JSON.stringify(err.details),
          JSON.stringify(err.fields ?? {}),
          String(err.cause),
        ].join('\n');
      }),
    ].join('\n');
    expect(everything).not.toContain(KEY);
    expect(log.lines).toContain('debug:   X-API-KEY: ****WXYZ');
    expect(everything).toContain('bad key ****WXYZ');
    await http.close();
  });

  it('trace lines show the request, its headers and a response summary with the rate-limit headroom', async () => {
    const log = createMemoryLogger();
    const http = createHttpClient({
      baseUrl: server.url,
      apiId: 'id',
      apiKey: KEY,
      userAgent: 't',
      clock: createFakeClock(),
      log,
    });
    server.enqueue({ body: { ok: true }, headers: { 'X-RateLimit-Limit': 100, 'X-RateLimit-Remaining': 88 } });
    await http.request({ method: 'GET', path: '/v1/nfe/received', query: { cursor: 0 }, schema: z.unknown() });
    expect(log.lines[0]).toBe(`debug: → GET ${server.url}/v1/nfe/received?cursor=0`);
    expect(log.lines).toContain('debug:   X-Use-ApiGateway: always');
    expect(log.lines.at(-1)).toMatch(/^debug: ← 200 \(\d+ ms, 11 bytes, remaining 88\/100\)$/);
    await http.close();
  });
});
