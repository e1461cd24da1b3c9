// The latency model of a remote service (a delay per request plus server time per document
// rendered): the delays chosen from the seed, not wall-clock durations; that the rate limiter (R5)
// and the faults keep working with it; and the --latency / --per-doc-ms flags.
import { afterEach, describe, expect, it } from 'vitest';
import emulatorVerb from '../../src/commands/emulator/run.js';
import { documentsIn } from '../../src/emulator/api.js';
import { generateDataset } from '../../src/emulator/data/dataset.js';
import { FaultInjector, parseFaultSpec } from '../../src/emulator/faults.js';
import type { Emulator } from '../../src/emulator/server.js';
import { UsageError } from '../../src/errors.js';
import { get, NOW, postV2, startSmall } from './fixtures.js';

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

const MODEL = { latencyMs: { min: 100, max: 140 }, perDocMs: 0.2 };

/** The modelled times of `docs.length` sequential requests, as a fresh stream of that seed draws them. */
function expectedTimes(seed: number, docs: number[], spec = MODEL): number[] {
  const injector = new FaultInjector(spec, seed);
  return docs.map((n) => injector.serverTimeMs(injector.draw('acc_1'), n));
}

describe('latency model: the delays drawn', () => {
  it('every latency lies in the range, and the same seed draws the same sequence', () => {
    const a = new FaultInjector(MODEL, 7);
    const b = new FaultInjector(MODEL, 7);
    const other = new FaultInjector(MODEL, 8);
    const drawn = Array.from({ length: 300 }, () => a.draw('acc_1').latencyMs);
    expect(drawn.every((ms) => Number.isInteger(ms) && ms >= 100 && ms <= 140)).toBe(true);
    expect(Array.from({ length: 300 }, () => b.draw('acc_1').latencyMs)).toEqual(drawn);
    expect(Array.from({ length: 300 }, () => other.draw('acc_1').latencyMs)).not.toEqual(drawn);
    // Jitter, not a constant: both ends of the range are reached over 300 draws.
    expect(Math.min(...drawn)).toBeLessThan(105);
    expect(Math.max(...drawn)).toBeGreaterThan(135);
  });

  it('server time is the latency plus the per-document time; counted in the server-time stats', () => {
    const injector = new FaultInjector(MODEL, 3);
    const draw = injector.draw('acc_1');
    expect(injector.serverTimeMs(draw, 500)).toBeCloseTo(draw.latencyMs + 100, 9);
    expect(injector.serverTimeMs(draw, 0)).toBe(draw.latencyMs);
    expect(injector.serverTimeCounters()).toEqual({ requests: 2, totalMs: 2 * draw.latencyMs + 100, documents: 500 });
    expect(injector.counters().latency).toBe(2);
  });

  it('per-doc alone delays only answers that render documents', () => {
    const injector = new FaultInjector({ perDocMs: 0.5 }, 1);
    expect(injector.serverTimeMs(injector.draw('acc_1'), 0)).toBe(0);
    expect(injector.serverTimeMs(injector.draw('acc_1'), 50)).toBe(25);
    expect(injector.serverTimeCounters()).toEqual({ requests: 1, totalMs: 25, documents: 50 });
  });

  it('the documents an answer renders: the items of its list, one for a single document, none for an error', () => {
    expect(documentsIn({ status: 200, body: { status: {}, data: [1, 2, 3], page: {}, count: 3 } })).toBe(3);
    expect(documentsIn({ status: 200, body: { Nfes: new Array(500).fill({}), Paginator: 'x', Total: 900 } })).toBe(500);
    expect(documentsIn({ status: 200, body: { status: {}, data: { access_key: 'k', encoded_pdf: 'p' } } })).toBe(1);
    expect(documentsIn({ status: 400, body: { error: { code: 'bad_request' } } })).toBe(0);
    expect(documentsIn({ status: 429 })).toBe(0);
  });

  it('the fault spec takes per-doc=<ms> beside latency; a bad value names the item', () => {
    expect(parseFaultSpec('latency=100-140,per-doc=0.2')).toEqual(MODEL);
    expect(() => parseFaultSpec('per-doc=fast')).toThrow(
      /bad fault "per-doc=fast": expected milliseconds per document/,
    );
  });
});

describe('latency model in a running emulator', () => {
  it("each API answer gets the seed's latency plus its documents' time (stats, not the wall clock)", async () => {
    const emu = await start({ seed: 7, latency: '100-140', perDocMs: 0.2 });
    const pages = [
      await get(emu, '/v1/nfe/emitted?limit=2'),
      await get(emu, '/v1/nfe/emitted'),
      await postV2(emu, { Filters: { EmissionDate: { From: '2000-01-01' } } }),
    ];
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
    const docs = [pages[0]!.body.data.length, pages[1]!.body.data.length, pages[2]!.body.Nfes.length];
    expect(docs[0]).toBe(2);
    const times = expectedTimes(7, docs);
    const { serverTime, faults } = emu.stats();
    expect(serverTime.requests).toBe(3);
    expect(serverTime.documents).toBe(docs[0]! + docs[1]! + docs[2]!);
    expect(serverTime.totalMs).toBeCloseTo(
      times.reduce((a, b) => a + b, 0),
      6,
    );
    expect(faults.latency).toBe(3);
  });

  it('R5: with a rate limit the 429 keeps its headers and no body, and is delayed like any answer', async () => {
    const emu = await start({ latency: '5-10', rateLimit: { limit: 2, windowMs: 60_000 } });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await get(emu, '/v1/nfe/emitted?limit=1'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    const refused = answers[2]!;
    expect(refused.text).toBe('');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(
      Date.parse(refused.headers.get('date')!) / 1000,
    );
    expect(answers[1]!.headers.get('x-ratelimit-remaining')).toBe('0');
    const stats = emu.stats();
    expect(stats.rateLimit).toMatchObject({ allowed: 2, rejected: 1 });
    expect(stats.serverTime).toMatchObject({ requests: 3, documents: 2 });
    expect(stats.requests.byStatus).toEqual({ '200': 2, '429': 1 });
  });

  it('replacing the faults keeps the latency model; a latency item in the faults overrides it while in force', async () => {
    const emu = await start({ latency: '20-20' });
    emu.setFaults('500=1');
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(500);
    expect(emu.stats().serverTime).toEqual({ requests: 1, totalMs: 20, documents: 0 });
    emu.setFaults('latency=3');
    await get(emu, '/v1/nfe/emitted?limit=1');
    emu.setFaults(undefined);
    await get(emu, '/v1/nfe/emitted?limit=1');
    expect(emu.stats().serverTime).toEqual({ requests: 3, totalMs: 43, documents: 2 });
  });

  it('the delay is a timer: other requests are answered while an answer waits', async () => {
    const emu = await start({ latency: '1500' });
    let slowDone = false;
    const slow = get(emu, '/v1/nfe/emitted').then((r) => {
      slowDone = true;
      return r;
    });
    // The admin route is never delayed; it answers while the API request is still waiting.
    for (let i = 0; i < 20 && emu.stats().serverTime.requests === 0 && !slowDone; i++)
      await new Promise((r) => setTimeout(r, 5));
    const admin = await get(emu, '/_emulator/stats', {});
    expect(admin.status).toBe(200);
    expect(slowDone).toBe(false);
    expect((await slow).status).toBe(200);
  });

  it('a latency option that is not a range is refused', async () => {
    await expect(startSmall({ latency: '140-100' })).rejects.toThrow(
      /latency "140-100": expected <min>-<max> milliseconds/,
    );
  });
});

describe('fiscal emulator --latency, --per-doc-ms, --accounts', () => {
  const defaults = { host: '127.0.0.1', port: '0', seed: '1', docs: '10' };

  it('parse into the latency model; a bad value is a usage error naming the flag', () => {
    const opts = emulatorVerb.parse({ ...defaults, latency: '100-140', perDocMs: '0.2', accounts: '1' }, []).options;
    expect(opts).toMatchObject({ latency: { min: 100, max: 140 }, perDocMs: 0.2, accounts: 1 });
    expect(emulatorVerb.parse({ ...defaults, latency: '20' }, []).options.latency).toEqual({ min: 20, max: 20 });
    expect(() => emulatorVerb.parse({ ...defaults, latency: 'slow' }, []).options).toThrow(
      /^--latency: expected <min>-<max> milliseconds/,
    );
    expect(() => emulatorVerb.parse({ ...defaults, perDocMs: '-1' }, []).options).toThrow(
      /^--per-doc-ms: expected milliseconds per document/,
    );
    expect(() => emulatorVerb.parse({ ...defaults, accounts: '4' }, []).options).toThrow(
      /^--accounts: expected a number of accounts from 1 to 3/,
    );
    expect(() => emulatorVerb.parse({ ...defaults, latency: '5', faults: 'latency=5-9' }, []).options).toThrow(
      UsageError,
    );
  });

  it('--accounts 1 serves the first account of the seed, the same as among all three', () => {
    const all = generateDataset({ seed: 4, docs: 30, otherDocs: 2, now: NOW });
    const one = generateDataset({ seed: 4, docs: 30, otherDocs: 2, now: NOW, accounts: 1 });
    expect(one.accounts).toEqual([all.accounts[0]]);
    expect(one.nfes).toEqual(all.nfes.filter((d) => d.accountId === all.accounts[0]!.id));
    expect(one.docs!.cte!.length).toBe(2);
  });
});
