// The pacer's count of requests in flight (src/api/in-flight.ts, R5's pacing): a release wakes
// whoever waits for one, counts once, and an abort ends a wait with InterruptedError.
import { describe, expect, it } from 'vitest';
import { InFlight } from '../../../src/api/in-flight.js';
import { InterruptedError } from '../../../src/errors.js';

describe('InFlight (R5: the pacer waits for an answer in flight)', () => {
  it('counts requests in flight and the most at once; a release counts once', () => {
    const f = new InFlight();
    const a = f.begin();
    const b = f.begin();
    expect([f.count, f.peak]).toEqual([2, 2]);
    a();
    a();
    expect([f.count, f.peak]).toEqual([1, 2]);
    b();
    expect(f.count).toBe(0);
  });

  it('a wait for the next release ends when one ends, not before', async () => {
    const f = new InFlight();
    const end = f.begin();
    let woken = false;
    const waiting = f.nextRelease().then(() => (woken = true));
    await Promise.resolve();
    expect(woken).toBe(false);
    end();
    await waiting;
    expect(woken).toBe(true);
  });

  it('an abort ends the wait with InterruptedError, and a signal aborted before waits not at all', async () => {
    const f = new InFlight();
    f.begin();
    const controller = new AbortController();
    const waiting = f.nextRelease(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    await expect(f.nextRelease(controller.signal)).rejects.toBeInstanceOf(InterruptedError);
  });
});
