// The admin surface under /_emulator/: stats for benchmarks (429 ratio, quota used), resetting
// them, switching faults, and that it needs no credentials and is never limited or faulted.
import { afterEach, describe, expect, it } from 'vitest';
import { describeEmulator } from '../../src/commands/emulator/run.js';
import type { Emulator } from '../../src/emulator/server.js';
import { ACCOUNTS, authHeaders, get, postV2, startSmall } from './fixtures.js';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function admin(path: string, init: RequestInit = {}) {
  const res = await fetch(`${emu!.url}/_emulator/${path}`, init);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const post = (path: string, body?: unknown) =>
  admin(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('GET /_emulator/stats', () => {
  it('R5: counts requests by status and route, and the quota used, so a benchmark can compute the 429 ratio', async () => {
    emu = await startSmall({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const before = Date.now();
    for (let i = 0; i < 2; i++) await get(emu, '/v1/nfe/emitted');
    await postV2(emu, {});
    for (let i = 0; i < 2; i++) expect((await get(emu, '/v1/nfe/received')).status).toBe(429);
    await get(emu, '/v1/nfe/emitted', authHeaders(ACCOUNTS[1]));
    await get(emu, '/v1/nfe/emitted', {});
    await get(emu, '/nowhere', authHeaders(ACCOUNTS[1]));

    const r = await admin('stats');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: { code: 200, message: 'OK' },
      data: {
        requests: {
          total: 8,
          byStatus: { '200': 4, '429': 2, '401': 1, '404': 1 },
          byRoute: { 'GET /v1/nfe/{role}': 6, 'POST /v2/dfe/nfe': 1, unmatched: 1 },
          firstAt: expect.any(Number),
          lastAt: expect.any(Number),
          // One request after the other: never two at once.
          inFlight: { now: 0, peak: 1, totalMs: expect.any(Number), mean: expect.any(Number) },
        },
        faults: { '500': 0, '503': 0, '429': 0, reset: 0, truncate: 0, latency: 0 },
        serverTime: { requests: 0, totalMs: 0, documents: 0 },
        rateLimit: {
          limit: 3,
          windowMs: 60_000,
          windows: 2,
          allowed: 5,
          rejected: 2,
          firstWindowAt: expect.any(Number),
          lastWindowAt: expect.any(Number),
        },
        documents: { acc_1: 8, acc_2: 2 },
      },
    });
    expect(emu.stats()).toEqual(r.body.data);
    // The span of the requests, over which a benchmark reckons the quota offered.
    const { firstAt, lastAt } = r.body.data.requests;
    expect(before).toBeLessThanOrEqual(firstAt);
    expect(firstAt).toBeLessThanOrEqual(lastAt);
    expect(lastAt).toBeLessThanOrEqual(Date.now());
    // Two accounts opened a window each: the quota offered spans from the first to the last.
    const { firstWindowAt, lastWindowAt } = r.body.data.rateLimit;
    expect(firstWindowAt).toBeLessThanOrEqual(lastWindowAt);
    expect(emu!.now() - lastWindowAt).toBeGreaterThanOrEqual(0);
    // Admin requests are not counted, limited or given rate-limit headers.
    expect(r.headers.get('x-ratelimit-limit')).toBeNull();
    expect(emu.stats().requests.total).toBe(8);
  });

  it('counts the requests being answered at once: now, the peak, and the mean over the span of the requests', async () => {
    // Answers held long enough that all three are in the emulator together, however loaded the machine.
    emu = await startSmall({ faults: 'latency=1500-1500' });
    const answers = Promise.all([0, 1, 2].map(() => get(emu!, '/v1/nfe/emitted')));
    let seen = emu.stats().requests.inFlight;
    for (let polls = 0; seen.now < 3 && polls < 1000; polls++) {
      await new Promise((r) => setTimeout(r, 5));
      seen = emu.stats().requests.inFlight;
    }
    expect(seen).toMatchObject({ now: 3, peak: 3 });
    await answers;
    const { inFlight, total } = emu.stats().requests;
    expect(total).toBe(3);
    expect(inFlight.now).toBe(0);
    expect(inFlight.peak).toBe(3);
    // Each was held 1.5 s, and they overlapped: the mean is above one, at most the peak.
    expect(inFlight.totalMs).toBeGreaterThanOrEqual(3 * 1500 - 3);
    expect(inFlight.mean).toBeGreaterThan(1);
    expect(inFlight.mean).toBeLessThanOrEqual(3);
    await post('reset-stats');
    expect(emu.stats().requests.inFlight).toEqual({ now: 0, peak: 0, totalMs: 0, mean: 0 });
  });

  it('rateLimit is null without a limit; the API then reports its nominal quota, never enforced (R5, R38)', async () => {
    emu = await startSmall();
    const page = await get(emu, '/v1/nfe/emitted');
    expect(page.headers.get('x-ratelimit-limit')).toBe('100000');
    expect((await admin('stats')).body.data.rateLimit).toBeNull();
  });

  it('counts faults per kind, and a reset or truncated request under its kind instead of a status', async () => {
    emu = await startSmall({ faults: '500=0.3,503=0.2,truncate=0.2,seed=5' });
    const statuses: string[] = [];
    for (let i = 0; i < 30; i++) {
      try {
        const r = await fetch(`${emu.url}/v1/nfe/emitted`, { headers: authHeaders() });
        await r.text();
        statuses.push(String(r.status));
      } catch {
        statuses.push('truncate');
      }
    }
    const { requests, faults } = emu.stats();
    const count = (s: string) => statuses.filter((x) => x === s).length;
    expect(requests.byStatus).toEqual(
      Object.fromEntries(['200', '500', '503', 'truncate'].filter(count).map((s) => [s, count(s)])),
    );
    expect(faults).toMatchObject({ '500': count('500'), '503': count('503'), truncate: count('truncate') });
    expect(count('500') * count('503') * count('truncate') * count('200')).toBeGreaterThan(0);
  });
});

describe('admin routes', () => {
  it('need no credentials, are never rate-limited or faulted (500=1 fails every API request only)', async () => {
    emu = await startSmall({ faults: '500=1', rateLimit: { limit: 1, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      expect((await get(emu, '/v1/nfe/emitted')).status).toBe(500);
      const r = await admin('stats');
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect((await post('arrivals', { count: 1 })).status).toBe(200);
    expect(emu.stats().requests).toMatchObject({
      total: 3,
      byStatus: { '500': 3 },
      byRoute: { 'GET /v1/nfe/{role}': 3 },
    });
    // A faulted request takes no quota: the one request of the window is still there.
    await post('faults', { spec: null });
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(200);
  });

  it('POST /_emulator/reset-stats answers the counters as they were and zeroes them; the quota windows stay', async () => {
    emu = await startSmall({ rateLimit: { limit: 1, windowMs: 60_000 } });
    await get(emu, '/v1/nfe/emitted');
    await get(emu, '/v1/nfe/emitted');
    const r = await post('reset-stats');
    expect(r.status).toBe(200);
    expect(r.body.data.requests.byStatus).toEqual({ '200': 1, '429': 1 });
    expect(r.body.data.rateLimit).toMatchObject({ allowed: 1, rejected: 1 });
    expect(emu.stats()).toMatchObject({
      requests: {
        total: 0,
        byStatus: {},
        byRoute: {},
        firstAt: null,
        lastAt: null,
        inFlight: { now: 0, peak: 0, totalMs: 0, mean: 0 },
      },
      rateLimit: { windows: 0, allowed: 0, rejected: 0, firstWindowAt: null, lastWindowAt: null },
      documents: { acc_1: 8, acc_2: 2 },
    });
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(429);
    expect(emu.resetStats().rateLimit).toMatchObject({ rejected: 1 });
  });

  it('POST /_emulator/faults switches faults on and off; a bad spec is a 400 naming the bad part', async () => {
    emu = await startSmall();
    expect((await post('faults', { spec: '503=1' })).body.data).toEqual({ spec: '503=1' });
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(503);
    expect((await post('faults', { spec: null })).status).toBe(200);
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(200);
    const bad = await post('faults', { spec: '503=3' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'bad_request', context: { field: 'spec' } });
    expect(bad.body.error.message).toMatch(/^spec: bad fault "503=3": expected a probability/);
    expect(emu.stats().faults['503']).toBe(1);
  });

  it('an unknown admin path is a 404 and a wrong method a 405 with Allow', async () => {
    emu = await startSmall();
    const missing = await admin('nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const wrong = await admin('stats', { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await admin('arrivals')).status).toBe(405);
  });

  it('`fiscal emulator` prints the admin URLs as comments after the credentials', () => {
    const lines = describeEmulator({ url: 'http://127.0.0.1:8080', accounts: ACCOUNTS });
    expect(lines.slice(0, 4)).toEqual([
      'FISCAL_BASE_URL=http://127.0.0.1:8080',
      'FISCAL_API_ID=id-alfa',
      'FISCAL_API_KEY=key-alfa',
      '# account acc_2: FISCAL_API_ID=id-gama FISCAL_API_KEY=key-gama',
    ]);
    const admin = lines.filter((l) => l.includes('/_emulator/'));
    expect(admin.length).toBeGreaterThan(0);
    for (const line of admin) expect(line.startsWith('# ')).toBe(true);
    expect(admin.join('\n')).toContain('GET http://127.0.0.1:8080/_emulator/stats');
    expect(admin.join('\n')).toContain('POST http://127.0.0.1:8080/_emulator/arrivals');
    expect(lines.indexOf(admin[0]!)).toBeLessThan(lines.findIndex((l) => l.startsWith('# companies')));
  });
});
