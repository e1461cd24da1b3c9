// The key store's fingerprint sets (src/sync/key-prints.ts): every print added is found through
// each growth in place, no other is, and the slots stay between three eighths and three quarters
// full once grown.
import { describe, expect, it } from 'vitest';
import { fingerprint, PrintSet } from '../../../src/sync/key-prints.js';

/** Distinct non-zero 32-bit prints, spread as fingerprints are (a multiplicative hash of 1..n). */
const prints = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => (Math.imul(from + i, 0x9e3779b1) | 1) >>> 0);

describe('fingerprint sets', () => {
  it('finds every print added through growths in place, and none of the others', () => {
    const set = new PrintSet();
    const added = prints(1, 50_000);
    // Checked at every size reached, not only at the end: each growth re-places the slots.
    for (let i = 0; i < added.length; i++) {
      set.add(added[i]!);
      if ((i & (i - 1)) === 0) for (const p of added.slice(0, i + 1)) expect(set.has(p)).toBe(true);
    }
    for (const p of added) expect(set.has(p)).toBe(true);
    const added_ = new Set(added);
    const others = prints(1_000_000, 50_000).filter((p) => !added_.has(p));
    expect(others.length).toBeGreaterThan(49_000);
    for (const p of others) expect(set.has(p)).toBe(false);
  });

  it('keeps its slots between three eighths and three quarters full once grown', () => {
    const set = new PrintSet();
    const first = set.bytes;
    let grown = 0;
    let before = first;
    for (const [i, p] of prints(7, 200_000).entries()) {
      set.add(p);
      if (set.bytes === before) continue;
      // Grown by this add: the set doubled, and its i + 1 prints fill the new slots to 3/8 and more.
      expect(set.bytes).toBe(before * 2);
      expect((i + 1) / (set.bytes / 4)).toBeGreaterThanOrEqual(0.375);
      expect(i / (before / 4)).toBeLessThanOrEqual(0.75);
      before = set.bytes;
      grown++;
    }
    expect(grown).toBeGreaterThan(0);
    // 200,000 prints are 76% of 2^18 slots: the set is at 2^19.
    expect(set.bytes / 4).toBe(524_288);
  });

  it('counts a print added twice once', () => {
    const set = new PrintSet();
    const p = fingerprint('35260611222333000181550010000000011000000019|received|11222333000181');
    for (let i = 0; i < 1_000; i++) set.add(p);
    // A thousand adds of one print never fill a set that starts at 1,024 slots.
    expect(set.bytes).toBe(4 * 1024);
    expect(set.has(p)).toBe(true);
    expect(set.has(p ^ 1)).toBe(false);
  });
});
