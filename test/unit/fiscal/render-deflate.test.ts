// A page's content deflated with the fixed codes (deflate-fixed.ts) is read back by zlib as the
// same bytes, whatever its shape: empty, incompressible, runs longer than a match, repeats up to
// the window's far end; and the same bytes come out whatever was deflated before.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateFixed } from '../../../src/fiscal/render/deflate-fixed.js';

/** Bytes of a small linear congruential generator: the same every run. */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
  return out;
}

const operators = (lines: number) =>
  Buffer.from(
    Array.from(
      { length: lines },
      (_, i) => `1 0 0 -1 ${(i * 7.31) % 500} ${(i * 3.7) % 800} Tm (TEXTO ${i * 13}) Tj\n`,
    ).join(''),
    'latin1',
  );

describe('deflateFixed', () => {
  const cases: Record<string, Buffer> = {
    empty: Buffer.alloc(0),
    'one byte': Buffer.from('q'),
    'two bytes': Buffer.from('Q\n'),
    'every byte value, incompressible': Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      noise(9000, 3),
    ]),
    'a run past the longest match': Buffer.alloc(5000, 0x20),
    'a page of operators': operators(120),
    'repeats 30 kB back, and past the window': Buffer.concat([
      noise(30_000, 5),
      noise(2000, 5),
      noise(40_000, 9),
      noise(3000, 5),
    ]),
  };
  for (const [name, input] of Object.entries(cases))
    it(`reads back as the same bytes: ${name}`, () => {
      const out = deflateFixed(input);
      expect(inflateSync(out).equals(input)).toBe(true);
    });

  it('makes a page of operators smaller, and the same bytes whatever came before', () => {
    const page = operators(120);
    const first = deflateFixed(page);
    expect(first.length).toBeLessThan(page.length / 2);
    deflateFixed(noise(20_000, 11));
    deflateFixed(operators(300));
    expect(deflateFixed(page).equals(first)).toBe(true);
  });
});
