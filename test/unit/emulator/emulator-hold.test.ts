// The emulator's hold (tests interrupt a client while it waits on a held answer): requests past the
// ones let through wait, held() tells when one does, release() lets them all go.
import { describe, expect, it } from 'vitest';
import { ApiHold } from '../../../src/emulator/hold.js';

describe('ApiHold', () => {
  it('lets `after` requests through, holds the next until released, and tells when one waits', async () => {
    const gate = new ApiHold();
    await gate.pass();
    gate.hold(2);
    await gate.pass();
    await gate.pass();
    let told = false;
    const tell = gate.held().then(() => (told = true));
    let passed = false;
    const third = gate.pass().then(() => (passed = true));
    await tell;
    expect(told).toBe(true);
    await Promise.resolve();
    expect(passed).toBe(false);
    await gate.held();
    gate.release();
    await third;
    expect(passed).toBe(true);
    await gate.pass();
  });
});
