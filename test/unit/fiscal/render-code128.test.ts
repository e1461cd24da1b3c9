// The access key's CODE-128C bars, encoded here without bwip-js, are bwip-js's bars for every
// symbol value and check digit (the DANFe tests also decode them back with zbarimg).
import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { code128c } from '../../../src/fiscal/render/code128.js';

const bwipBars = (digits: string) => (bwipjs.raw('code128', digits, {}) as { sbs: number[] }[])[0]!.sbs;

describe('code128c', () => {
  it('draws every pair of digits 00 to 99 as bwip-js does', () => {
    for (let v = 0; v < 100; v++) {
      const digits = String(v).padStart(2, '0');
      expect(code128c(digits), digits).toEqual(bwipBars(digits));
    }
  });

  it('draws 44-digit keys (every check value 0 to 102 among them) as bwip-js does', () => {
    const checks = new Set<string>();
    let seed = 7;
    for (let n = 0; n < 600; n++) {
      let key = '';
      for (let i = 0; i < 44; i++) key += String((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 10);
      const bars = code128c(key);
      expect(bars, key).toEqual(bwipBars(key));
      checks.add(bars.slice(-13, -7).join(''));
    }
    expect(checks.size).toBe(103);
  });

  it('refuses an odd count of digits or anything else', () => {
    expect(() => code128c('123')).toThrow(/even count of digits/);
    expect(() => code128c('12ab')).toThrow(/even count of digits/);
  });
});
