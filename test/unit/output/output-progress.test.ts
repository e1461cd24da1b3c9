import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes, formatDuration, progressText } from '../../../src/output/progress.js';
import type { Clock } from '../../../src/context.js';
import { createTestContext } from '../../helpers/context.js';

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

  it('does nothing on a terminal that reports 0 columns (ora would erase lines for ever)', async () => {
    const t = createTestContext({ stderrIsTTY: true });
    Object.assign(t.ctx.io.stderr, { isTTY: true, columns: 0 });
    const p = createProgress(t.ctx, { label: 'Downloading', total: 3 });
    p.tick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    p.succeed('done');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.stderr()).toBe('');
  });

  it('stops drawing at once when the terminal is resized to 0 columns', async () => {
    const clock = manualClock();
    const t = createTestContext({ stderrIsTTY: true, clock });
    const stderr = Object.assign(t.ctx.io.stderr, { columns: 100 });
    const p = createProgress(t.ctx, { label: 'Working', total: 10 });
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('0/10 0% · Working');
    stderr.columns = 0;
    stderr.emit('resize');
    const before = t.stderr().length;
    clock.advance(2000);
    p.tick(3);
    p.succeed('all done');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.stderr().length).toBe(before);
  });

  it('draws on stderr on a terminal and leaves the final line', async () => {
    const clock = manualClock();
    const t = createTestContext({ stderrIsTTY: true, clock });
    const p = createProgress(t.ctx, { label: 'Downloading', total: 4 });
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('0/4 0% · Downloading');
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
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('0/10 0% · Working');
    clock.advance(2000);
    p.tick();
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('1/10 10% · 0.5/s · 18s left · 2s · Working');
    p.tick(5); // same instant: not shown
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.stderr()).not.toContain('6/10 60%');
    clock.advance(100);
    p.tick();
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('7/10 70%');
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
  it('shows the count first, n/total when known, the rate and the time so far once a second has passed, the label last', () => {
    expect(progressText('Pulling', { done: 5 }, 500)).toBe('5 · Pulling');
    expect(progressText('Pulling', { done: 5, total: 10 }, 500)).toBe('5/10 50% · Pulling');
    expect(progressText('Pulling', { done: 3 }, 2000)).toBe('3 · 1.5/s · 2s · Pulling');
    // Nothing done yet: the time so far still moves.
    expect(progressText('Pulling', { done: 0 }, 3000)).toBe('0 · 0.0/s · 3s · Pulling');
  });

  it('shows the percentage and the time left at the rate so far, while the total is not reached', () => {
    expect(progressText('Pulling', { done: 50, total: 100 }, 2000)).toBe('50/100 50% · 25/s · 2s left · 2s · Pulling');
    expect(progressText('Pulling', { done: 120, total: 500 }, 60_000, 'documents')).toBe(
      '120/500 documents 24% · 2.0/s · 3m10s left · 1m00s · Pulling',
    );
    expect(progressText('Pulling', { done: 1, total: 5000 }, 1000)).toBe(
      '1/5,000 0% · 1.0/s · 1h24m left · 1s · Pulling',
    );
    // Done (or past a total that grew): no time left to show, and never more than 100%.
    expect(progressText('Pulling', { done: 100, total: 100 }, 2000)).toBe('100/100 100% · 50/s · 2s · Pulling');
    expect(progressText('Pulling', { done: 110, total: 100 }, 2000)).toBe('110/100 100% · 55/s · 2s · Pulling');
  });

  it('shows events, PDFs and bytes as they grow, in the numbers of the summary', () => {
    expect(progressText('pulling nfe', { done: 40, events: 0, pdfs: 0, bytes: 0 }, 500)).toBe('40 · pulling nfe');
    expect(
      progressText('pulling nfe', { done: 12_345, events: 1, pdfs: 40, bytes: 4.2 * 1024 * 1024 }, 500, 'documents'),
    ).toBe('12,345 documents · 1 event · 40 PDFs · 4.2 MB · pulling nfe');
    expect(progressText('pulling nfe', { done: 2, events: 3, pdfs: 1, bytes: 999 }, 500)).toBe(
      '2 · 3 events · 1 PDF · 1 KB · pulling nfe',
    );
  });
});

describe('formatBytes and formatDuration', () => {
  it("says sizes as the pull's summary does and durations rounded up", () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(1500)).toBe('1 KB');
    expect(formatBytes(38 * 1024 * 1024)).toBe('38.0 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
    expect(formatDuration(0)).toBe('1s');
    expect(formatDuration(59_001)).toBe('1m00s');
    expect(formatDuration(65_000)).toBe('1m05s');
    expect(formatDuration(7_380_000)).toBe('2h03m');
  });
});
