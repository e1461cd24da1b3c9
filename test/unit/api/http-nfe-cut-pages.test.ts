// R40: v2 pages of 500 documents (about 9 MB) have been seen cut short in transit. A page that
// keeps arriving cut after the HTTP core's retries is asked for again in halves, from the same
// Paginator, so every document comes once and no page is half read. Header names in any case.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HttpClient } from '../../../src/api/http.js';
import { nfeV2Pages, V2_SMALLEST_PAGE } from '../../../src/api/nfe.js';
import { collect, itemsOf } from '../../../src/api/paginate.js';
import { TemporaryError } from '../../../src/errors.js';
import {
  startScriptedServer,
  testHttpClient,
  type RecordedRequest,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

let server: ScriptedServer;
let http: HttpClient;

/** 300 documents; a page of more than `cutAbove` arrives cut; Paginator is the next position. */
function v2Service(cutAbove: number) {
  return (req: RecordedRequest) => {
    const body = req.json as { Limit: number; Paginator?: string };
    const from = Number(body.Paginator ?? 0);
    const to = Math.min(300, from + body.Limit);
    const page = {
      status: { code: 200, message: 'OK' },
      Nfes: Array.from({ length: to - from }, (_, i) => ({ AccessKey: String(from + i).padStart(44, '0') })),
      Paginator: to < 300 ? String(to) : null,
      Total: 300,
    };
    const text = JSON.stringify(page);
    return body.Limit > cutAbove
      ? { body: text.slice(0, text.length >> 1) }
      : { body: page, headers: { 'x-RATELIMIT-Remaining': 7, 'X-RateLimit-LIMIT': 10 } };
  };
}

beforeEach(async () => {
  server = await startScriptedServer();
  http = testHttpClient(server.url, { maxAttempts: 2 });
});
afterEach(async () => {
  await http.close();
  await server.close();
});

describe('R40: cut v2 pages', () => {
  it('a page that keeps arriving cut is read in halves from the same Paginator; each document once', async () => {
    const service = v2Service(125);
    for (let i = 0; i < 40; i++) server.enqueue(service);
    const smaller: number[] = [];
    const records = await collect(
      itemsOf(nfeV2Pages(http, { Limit: 500, Fields: ['AccessKey'] }, { onSmaller: (limit) => smaller.push(limit) })),
    );
    expect(records.map((r) => r.AccessKey)).toEqual(Array.from({ length: 300 }, (_, i) => String(i).padStart(44, '0')));
    expect(smaller).toEqual([250, 125]);
    const asked = server.requests.map((r) => (r.json as { Limit: number; Paginator?: string }).Limit);
    // The core's retries at 500 (its retry budget decides how many), then halves; every page
    // after the first is asked for at the size that arrived whole.
    expect(asked[0]).toBe(500);
    expect([...new Set(asked)]).toEqual([500, 250, 125]);
    expect(asked.filter((limit) => limit === 125)).toHaveLength(3);
  });

  it('below the smallest page the failure is the answer, not a loop', async () => {
    for (let i = 0; i < 40; i++) server.enqueue(v2Service(0));
    await expect(collect(nfeV2Pages(http, { Limit: 500 }))).rejects.toBeInstanceOf(TemporaryError);
    const asked = server.requests.map((r) => (r.json as { Limit: number }).Limit);
    expect(asked.at(-1)).toBe(V2_SMALLEST_PAGE);
    expect(new Set(asked)).toEqual(new Set([500, 250, 125, 62, V2_SMALLEST_PAGE]));
  });

  it('header names are read in any case', async () => {
    server.enqueue(v2Service(500));
    const res = await http.request({ method: 'POST', path: '/v2/dfe/nfe', body: { Limit: 1 }, schema: z.unknown() });
    expect(res.headers['x-ratelimit-remaining']).toBe('7');
    expect(res.headers['x-ratelimit-limit']).toBe('10');
  });
});
