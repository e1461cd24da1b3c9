// A page's content stream coded by flate.ts (one Huffman code per process, no zlib) is a zlib
// stream that zlib's own inflate reads back byte for byte, checksum included, whatever its bytes.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flate, huffmanLengths } from '../../../src/fiscal/render/flate.js';

/** Bytes from a fixed seed, so that a failure comes back the same. */
function bytes(length: number, seed: number, of = 256): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (seed = (seed * 1103515245 + 12345) % 2 ** 31) % of;
  return out;
}

describe('flate', () => {
  it('gives back the bytes of a stream of every byte value, of none, and of one', () => {
    for (const src of [Uint8Array.from({ length: 256 }, (_, i) => i), new Uint8Array(0), Uint8Array.of(0xff)])
      expect(inflateSync(flate(src)).equals(Buffer.from(src))).toBe(true);
  });

  it('gives back long streams (past its buffer, past the checksum reduction) and keeps nothing between them', () => {
    for (const [length, seed] of [
      [3800, 1],
      [70_000, 2],
      [200_000, 3],
      [5, 4],
    ] as const) {
      const src = bytes(length, seed);
      expect(inflateSync(flate(src)).equals(Buffer.from(src)), `${length} bytes`).toBe(true);
    }
  });

  it('codes a page of operators in fewer bytes than it has', () => {
    const page = Buffer.from(
      'BT\n/F1 8 Tf\n1 0 0 -1 16 218.964 Tm (Oliveira Materiais) Tj\n0 9 Td (27/06/2025) Tj\nET\n'.repeat(40),
    );
    const coded = flate(page);
    expect(inflateSync(coded).equals(page)).toBe(true);
    expect(coded.length).toBeLessThan(page.length * 0.75);
  });

  it('makes codes of at most the bits asked, every symbol with one', () => {
    const counts = Array.from({ length: 257 }, (_, i) => (i < 20 ? 2 ** 20 : 1));
    const lengths = huffmanLengths(counts, 15);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(15);
    expect(Math.min(...lengths)).toBeGreaterThan(0);
    // A complete code: the Kraft sum is exactly one.
    expect(lengths.reduce((a, l) => a + 2 ** -l, 0)).toBe(1);
  });
});
