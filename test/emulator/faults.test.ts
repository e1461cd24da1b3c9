// Fault injection: the spec grammar, each kind as a raw HTTP client sees it, determinism for a
// seed, and that a faulted request changes nothing.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import emulatorVerb from '../../src/commands/emulator/run.js';
import { UsageError } from '../../src/errors.js';
import { FaultInjector, formatFaultSpec, parseFaultSpec } from '../../src/emulator/faults.js';
import type { Emulator } from '../../src/emulator/server.js';
import { ACCOUNTS, authHeaders, get, postV2, startSmall } from './fixtures.js';

let emus: Emulator[] = [];
afterEach(async () => {
  await Promise.all(emus.map((e) => e.close()));
  emus = [];
});

async function start(options: Parameters<typeof startSmall>[0] = {}): Promise<Emulator> {
  const emu = await startSmall(options);
  emus.push(emu);
  return emu;
}

interface RawAnswer {
  status?: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The whole message arrived (as many body bytes as Content-Length said). */
  complete: boolean;
  error?: Error;
}

/** One request on a fresh connection, reporting whatever arrived, even a broken answer. */
function raw(emu: Emulator, path: string, headers: Record<string, string> = authHeaders()): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const out: RawAnswer = { headers: {}, body: Buffer.alloc(0), complete: false };
    const chunks: Buffer[] = [];
    const req = httpRequest(`${emu.url}${path}`, { headers, agent: false }, (res) => {
      out.status = res.statusCode;
      out.headers = res.headers;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (e) => (out.error ??= e));
      res.on('close', () => resolve({ ...out, body: Buffer.concat(chunks), complete: res.complete }));
    });
    req.on('error', (e) => resolve({ ...out, error: e, body: Buffer.concat(chunks) }));
    req.end();
  });
}

describe('fault spec', () => {
  it('parses every kind; formatting gives the spec back', () => {
    const text = '500=0.05,503=0.05,429=0.02:5,reset=0.02,truncate=0.02,latency=5-40,seed=7';
    const spec = parseFaultSpec(text);
    expect(spec).toEqual({
      http500: 0.05,
      http503: 0.05,
      http429: { probability: 0.02, burst: 5 },
      reset: 0.02,
      truncate: 0.02,
      latencyMs: { min: 5, max: 40 },
      seed: 7,
    });
    expect(formatFaultSpec(spec)).toBe(text);
    expect(parseFaultSpec(' latency=20 , 429=0.1 ')).toEqual({
      latencyMs: { min: 20, max: 20 },
      http429: { probability: 0.1, burst: 0 },
    });
    expect(parseFaultSpec('500=1')).toEqual({ http500: 1 });
  });

  it.each([
    ['', /empty fault spec/],
    ['500', /bad fault "500": expected kind=value/],
    ['500=2', /bad fault "500=2": expected a probability from 0 to 1/],
    ['503=abc', /bad fault "503=abc"/],
    ['429=0.1:x', /bad fault "429=0.1:x": expected <probability>\[:<burst length>\]/],
    ['latency=40-5', /bad fault "latency=40-5": expected <min>-<max> milliseconds/],
    ['seed=-1', /bad fault "seed=-1"/],
    [
      'timeout=0.1',
      /unknown fault kind "timeout" in "timeout=0.1"; expected one of 500, 503, 429, reset, truncate, latency, per-doc, seed/,
    ],
    ['500=0.1,500=0.2', /fault "500" is given twice/],
    ['500=0.6,503=0.6', /fault probabilities add up to 1.2; at most 1/],
    ['500=0.1,,reset=0.1', /bad fault "": expected kind=value/],
  ])('rejects %j with a message naming the bad part', (text, message) => {
    expect(() => parseFaultSpec(text)).toThrow(message);
  });

  it('`fiscal emulator --faults` and --arrival-rate parse; a bad value is a usage error naming the flag', () => {
    const defaults = { host: '127.0.0.1', port: '0', seed: '1', docs: '10' };
    const opts = emulatorVerb.parse({ ...defaults, faults: '500=0.05,latency=5-40', arrivalRate: '0.5' }, []).options;
    expect(opts.faults).toEqual({ http500: 0.05, latencyMs: { min: 5, max: 40 } });
    expect(opts.arrivalRate).toBe(0.5);
    expect(() => emulatorVerb.parse({ ...defaults, faults: 'reset=1.5' }, []).options).toThrow(
      new UsageError('--faults: bad fault "reset=1.5": expected a probability from 0 to 1, such as 0.05'),
    );
    expect(() => emulatorVerb.parse({ ...defaults, arrivalRate: 'fast' }, []).options).toThrow(
      /^--arrival-rate: expected documents per second/,
    );
    expect(() => emulatorVerb.parse({ ...defaults, arrivalRate: '0' }, []).options).toThrow(/^--arrival-rate: /);
  });
});

describe('faults as a client sees them', () => {
  it('500=1: every API request is a 500 with a service-error body; admin routes and 401s are untouched', async () => {
    const emu = await start({ faults: '500=1' });
    for (const path of ['/v1/nfe/emitted', '/v1/nfe/emitted?cursor=3', '/no/such/path']) {
      const r = await get(emu, path);
      expect(r.status).toBe(500);
      expect(r.body.error).toMatchObject({ code: 'internal_error', context: { fault: '500' } });
    }
    expect((await postV2(emu, {})).status).toBe(500);
    expect((await get(emu, '/v1/nfe/emitted', {})).status).toBe(401);
    const stats = await get(emu, '/_emulator/stats', {});
    expect(stats.status).toBe(200);
    expect(stats.body.data.faults['500']).toBe(4);
    expect((await fetch(`${emu.url}/_emulator/arrivals`, { method: 'POST', body: '{"count": 1}' })).status).toBe(200);
  });

  it('503=1: a 503 with a service-error body', async () => {
    const emu = await start({ faults: '503=1' });
    const r = await get(emu, '/v1/nfe/emitted');
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('service_unavailable');
  });

  it('R5: a 429 fault has no body and all four headers, Retry-After 1, and takes no quota', async () => {
    const emu = await start({ faults: '429=1:2', rateLimit: { limit: 5, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      const r = await raw(emu, '/v1/nfe/emitted');
      expect(r.status).toBe(429);
      expect(r.body.length).toBe(0);
      expect(r.headers['content-length']).toBe('0');
      expect(r.headers['retry-after']).toBe('1');
      expect(r.headers['x-ratelimit-limit']).toBe('5');
      expect(r.headers['x-ratelimit-remaining']).toBe('0');
      // On the service's clock, its Date header (the emulator's own time).
      expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.parse(r.headers['date']!) / 1000);
    }
    emu.setFaults(undefined);
    const clean = await get(emu, '/v1/nfe/emitted');
    expect(clean.status).toBe(200);
    expect(clean.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(emu.stats().faults['429']).toBe(3);
  });

  it('R5: a 429 fault without a configured limit still carries the four headers', async () => {
    const emu = await start({ faults: '429=1' });
    const r = await raw(emu, '/v1/nfe/emitted');
    expect(r.status).toBe(429);
    expect(r.headers['x-ratelimit-limit']).toBe('1');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    expect(r.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
    expect(r.headers['retry-after']).toBe('1');
  });

  it('429 bursts: the next N requests of that account get 429 too; other accounts are not held back', () => {
    const injector = new FaultInjector({ http429: { probability: 0.15, burst: 3 } }, 11);
    const seen: Record<string, string[]> = { a: [], b: [] };
    for (let i = 0; i < 400; i++) {
      const account = i % 2 === 0 ? 'a' : 'b';
      seen[account]!.push(injector.draw(account).kind ?? 'ok');
    }
    for (const kinds of Object.values(seen)) {
      const runs = kinds
        .join(',')
        .split('ok')
        .map((run) => run.split(',').filter(Boolean).length)
        .filter((n) => n > 0);
      expect(runs.length).toBeGreaterThan(3);
      for (const run of runs) expect(run).toBeGreaterThanOrEqual(4);
    }
    // While a is in a burst, b's requests go on.
    const inBurstOfA = seen.a!.map((k, i) => k === '429' && seen.b![i] === 'ok');
    expect(inBurstOfA.some(Boolean)).toBe(true);
    expect(injector.counters()['429']).toBe([...seen.a!, ...seen.b!].filter((k) => k === '429').length);
  });

  it('reset=1: the connection is reset after part of the answer; the client sees an error', async () => {
    const emu = await start({ faults: 'reset=1' });
    for (let i = 0; i < 3; i++) {
      const r = await raw(emu, '/v1/nfe/emitted');
      expect(r.complete).toBe(false);
      expect(r.error).toBeDefined();
      if (r.status !== undefined) expect(r.body.length).toBeLessThan(Number(r.headers['content-length']));
    }
    await expect(
      fetch(`${emu.url}/v1/nfe/emitted`, { headers: authHeaders() }).then((res) => res.text()),
    ).rejects.toThrow();
    expect(emu.stats().requests.byStatus).toEqual({ reset: 4 });
  });

  it('truncate=1: the full Content-Length is declared, a prefix of the real body is sent, then the connection ends', async () => {
    const emu = await start({ faults: 'truncate=1' });
    const cut = await raw(emu, '/v1/nfe/emitted?limit=5');
    emu.setFaults(undefined);
    const whole = await raw(emu, '/v1/nfe/emitted?limit=5');
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    expect(cut.headers['content-length']).toBe(String(whole.body.length));
    expect(cut.body.length).toBeGreaterThan(0);
    expect(cut.body.length).toBeLessThan(whole.body.length);
    expect(whole.body.subarray(0, cut.body.length).equals(cut.body)).toBe(true);
    expect(emu.stats().faults.truncate).toBe(1);
  });

  it('latency=a-b delays every API request (counted), answers unchanged', async () => {
    const emu = await start({ faults: 'latency=1-3' });
    for (let i = 0; i < 4; i++) expect((await get(emu, '/v1/nfe/emitted')).status).toBe(200);
    await get(emu, '/_emulator/stats', {});
    expect(emu.stats().faults).toEqual({ '500': 0, '503': 0, '429': 0, reset: 0, truncate: 0, latency: 4 });
  });
});

/** Statuses of `n` sequential requests, resets and truncations by name. */
async function sequence(emu: Emulator, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await raw(emu, `/v1/nfe/emitted?limit=2&cursor=${i % 5}`, authHeaders(ACCOUNTS[i % 2]));
    out.push(r.complete ? String(r.status) : 'broken');
  }
  return out;
}

describe('faults are reproducible and do nothing', () => {
  const SPEC = '500=0.15,503=0.1,429=0.1:2,reset=0.05,truncate=0.05';

  it('the same seed gives the same fault sequence; the default seed is the emulator seed', async () => {
    const a = await sequence(await start({ faults: `${SPEC},seed=7` }), 60);
    const b = await sequence(await start({ faults: `${SPEC},seed=7` }), 60);
    const c = await sequence(await start({ faults: SPEC, seed: 7 }), 60);
    const d = await sequence(await start({ faults: `${SPEC},seed=8` }), 60);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(d).not.toEqual(a);
    for (const kind of ['200', '500', '503', '429', 'broken']) expect(a).toContain(kind);
  });

  it('a 500-faulted v1 page request followed by a clean one gives the normal page; no quota is taken', async () => {
    const emu = await start({ rateLimit: { limit: 5, windowMs: 60_000 } });
    const documents = emu.stats().documents;
    const normal = await get(emu, '/v1/nfe/emitted?limit=2&cursor=1');
    expect(normal.headers.get('x-ratelimit-remaining')).toBe('4');
    emu.setFaults('500=1');
    expect((await get(emu, '/v1/nfe/emitted?limit=2&cursor=1')).status).toBe(500);
    emu.setFaults(undefined);
    const after = await get(emu, '/v1/nfe/emitted?limit=2&cursor=1');
    expect(after.status).toBe(200);
    expect(after.text).toBe(normal.text);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('3');
    expect(emu.stats().documents).toEqual(documents);
    expect(emu.stats().rateLimit).toMatchObject({ allowed: 2, rejected: 0 });
  });

  it('R12/R13: a walk that retries every faulted page sees exactly the documents of a clean walk', async () => {
    const walk = async (emu: Emulator) => {
      const keys: string[] = [];
      let cursor = 0;
      for (let attempts = 0; attempts < 500; attempts++) {
        const r = await raw(emu, `/v1/nfe/emitted?limit=1&cursor=${cursor}`);
        if (!r.complete || r.status !== 200) continue;
        const page = JSON.parse(r.body.toString('utf8'));
        if (page.data.length === 0) return keys;
        keys.push(...page.data.map((d: { access_key: string }) => d.access_key));
        cursor = Number(new URL(page.page.next).searchParams.get('cursor'));
      }
      throw new Error('the walk did not end');
    };
    const emu = await start({ faults: `${SPEC},latency=0-2,seed=3` });
    const faulty = await walk(emu);
    emu.setFaults(undefined);
    const clean = await walk(emu);
    expect(clean.length).toBeGreaterThan(3);
    expect(faulty).toEqual(clean);
    const faults = emu.stats().faults;
    expect(faults['500'] + faults['503'] + faults['429'] + faults.reset + faults.truncate).toBeGreaterThan(0);
  });
});
