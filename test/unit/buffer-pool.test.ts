// The page-sized buffers a pull uses again (src/buffer-pool.ts). What must hold: a full pool keeps
// the larger buffers (pages differ in size, and a kept buffer too small for the next page is a new
// one each time); a buffer it does not keep is detached, its memory let go without waiting for a
// full collection, and a view of it reads nothing rather than the next page's bytes; buffers
// below a step (the C heap's) are left alone.
import { describe, expect, it } from 'vitest';
import { BufferPool } from '../../src/buffer-pool.js';

const KB = 1024;

describe('BufferPool', () => {
  it('full, keeps the larger buffer and lets the smaller go', () => {
    const pool = new BufferPool(1);
    const a = new ArrayBuffer(512 * KB);
    const b = new ArrayBuffer(256 * KB);
    pool.give(a);
    pool.give(b);
    expect(b.byteLength).toBe(0);
    const c = new ArrayBuffer(768 * KB);
    pool.give(c);
    expect(a.byteLength).toBe(0);
    expect(pool.take(600 * KB)).toBe(c);
    expect(pool.take(1)).not.toBe(c);
  });

  it('a buffer not kept is detached: a view of it reads nothing', () => {
    const pool = new BufferPool(0);
    const buffer = new ArrayBuffer(256 * KB);
    const view = new Uint8Array(buffer);
    view.fill(7);
    pool.give(buffer);
    expect(buffer.byteLength).toBe(0);
    expect(view.length).toBe(0);
  });

  it('a buffer over the largest kept is let go; one given twice is kept once', () => {
    const pool = new BufferPool(2, 512 * KB);
    const large = new ArrayBuffer(1024 * KB);
    pool.give(large);
    expect(large.byteLength).toBe(0);
    const kept = new ArrayBuffer(256 * KB);
    pool.give(kept);
    pool.give(kept);
    expect(kept.byteLength).toBe(256 * KB);
    expect(pool.take(1)).toBe(kept);
    expect(pool.take(1)).not.toBe(kept);
  });

  it('leaves a buffer below a step alone: the C heap frees it', () => {
    const pool = new BufferPool(0);
    const small = new ArrayBuffer(64 * KB);
    pool.give(small);
    expect(small.byteLength).toBe(64 * KB);
  });
});
