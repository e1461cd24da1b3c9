import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes, formatDuration, progressText } from '../../src/output/progress.js';
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
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('Working 0/10');
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
    await expect.poll(() => t.stderr(), { timeout: 5000 }).toContain('Working 1/10 10% · 0.5/s · 18s left');
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
    expect(progressText('Pulling', { done: 5 }, 500)).toBe('Pulling 5');
    expect(progressText('Pulling', { done: 5, total: 10 }, 500)).toBe('Pulling 5/10 50%');
    expect(progressText('Pulling', { done: 3 }, 2000)).toBe('Pulling 3 · 1.5/s');
  });

  it('shows the percentage and the time left at the rate so far, while the total is not reached', () => {
    expect(progressText('Pulling', { done: 50, total: 100 }, 2000)).toBe('Pulling 50/100 50% · 25/s · 2s left');
    expect(progressText('Pulling', { done: 120, total: 500 }, 60_000, 'documents')).toBe(
      'Pulling 120/500 documents 24% · 2.0/s · 3m10s left',
    );
    expect(progressText('Pulling', { done: 1, total: 5000 }, 1000)).toBe('Pulling 1/5000 0% · 1.0/s · 1h24m left');
    // Done (or past a total that grew): no time left to show, and never more than 100%.
    expect(progressText('Pulling', { done: 100, total: 100 }, 2000)).toBe('Pulling 100/100 100% · 50/s');
    expect(progressText('Pulling', { done: 110, total: 100 }, 2000)).toBe('Pulling 110/100 100% · 55/s');
  });

  it('shows events, PDFs and bytes as they grow, and only once there are some', () => {
    expect(progressText('pulling nfe', { done: 40, events: 0, pdfs: 0, bytes: 0 }, 500)).toBe('pulling nfe 40');
    expect(progressText('pulling nfe', { done: 40, events: 1, pdfs: 40, bytes: 4_200_000 }, 500, 'documents')).toBe(
      'pulling nfe 40 documents · 1 event · 40 PDFs · 4.2 MB',
    );
    expect(progressText('pulling nfe', { done: 2, events: 3, pdfs: 1, bytes: 999 }, 500)).toBe(
      'pulling nfe 2 · 3 events · 1 PDF · 999 B',
    );
  });
});

describe('formatBytes and formatDuration', () => {
  it('says sizes in powers of 1000 and durations rounded up', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(38_000_000)).toBe('38.0 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
    expect(formatDuration(0)).toBe('1s');
    expect(formatDuration(59_001)).toBe('1m00s');
    expect(formatDuration(65_000)).toBe('1m05s');
    expect(formatDuration(7_380_000)).toBe('2h03m');
  });
});
