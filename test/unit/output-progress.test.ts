import { describe, expect, it } from 'vitest';
import { createProgress, progressText } from '../../src/output/progress.js';
import type { Clock } from '../../src/context.js';
import { createTestContext } from '../helpers/context.js';

function manualClock(start = 1_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, sleep: async () => {}, advance: (ms) => void (now += ms) };
}

describe('progress', () => {
  it('does nothing when stderr is not a terminal', async () => {
    const t = createTestContext({ stderrIsTTY: false });
    const p = createProgress(t.ctx, { label: 'Downloading', total: 3 });
    p.tick();
    p.setTotal(5);
    p.succeed('done');
    p.fail('failed');
    p.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.stderr()).toBe('');
    expect(t.stdout()).toBe('');
  });

  it('does nothing with --quiet, even on a terminal', async () => {
    const t = createTestContext({ stderrIsTTY: true, globals: { quiet: true } });
    const p = createProgress(t.ctx, { label: 'Downloading' });
    p.tick();
    p.succeed('done');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.stderr()).toBe('');
  });

  it('draws on stderr on a terminal and leaves the final line', async () => {
    const clock = manualClock();
    const t = createTestContext({ stderrIsTTY: true, clock });
    const p = createProgress(t.ctx, { label: 'Downloading', total: 4 });
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('Downloading 0/4');
    clock.advance(2000);
    p.tick(4);
    p.succeed('4 documents saved');
    expect(t.stderr()).toContain('4 documents saved');
    expect(t.stdout()).toBe('');
  });

  it('updates the text at most 10 times a second', async () => {
    const clock = manualClock();
    const t = createTestContext({ stderrIsTTY: true, clock });
    const p = createProgress(t.ctx, { label: 'Working', total: 10 });
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('Working 0/10');
    clock.advance(2000);
    p.tick();
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('Working 1/10 · 0.5/s');
    p.tick(5); // same instant: not shown
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.stderr()).not.toContain('Working 6/10');
    clock.advance(100);
    p.tick();
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('Working 7/10');
    p.stop();
  });

  it('shows the end line even when it comes before ora has loaded', async () => {
    const t = createTestContext({ stderrIsTTY: true });
    const p = createProgress(t.ctx, { label: 'Working' });
    p.fail('gave up');
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('gave up');
  });
});

describe('progressText', () => {
  it('shows the count, n/total when known, and the rate once a second has passed', () => {
    expect(progressText('Pulling', 5, undefined, 500)).toBe('Pulling 5');
    expect(progressText('Pulling', 5, 10, 500)).toBe('Pulling 5/10');
    expect(progressText('Pulling', 50, 100, 2000)).toBe('Pulling 50/100 · 25/s');
    expect(progressText('Pulling', 3, undefined, 2000)).toBe('Pulling 3 · 1.5/s');
  });
});
