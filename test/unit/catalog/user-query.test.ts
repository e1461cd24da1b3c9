// `fiscal query`'s values, the same from SQLite and PostgreSQL (src/catalog/user-query.ts): a
// number wherever a double holds the value, written back with the digits it was read with; else
// its exact digits, a string in JSON.
import { describe, expect, it } from 'vitest';
import { decimalValue, ExactNumber, integerValue } from '../../../src/catalog/user-query.js';

describe('query values', () => {
  it('an integer is a number up to ±2^53 - 1, and its exact digits beyond', () => {
    expect(integerValue(649n)).toBe(649);
    expect(integerValue(9007199254740991n)).toBe(9007199254740991);
    expect(integerValue(-9007199254740991n)).toBe(-9007199254740991);
    expect(integerValue(9007199254740993n)).toEqual(new ExactNumber('9007199254740993'));
    expect(integerValue(-9223372036854775808n)).toEqual(new ExactNumber('-9223372036854775808'));
  });

  it('a PostgreSQL numeric is the number SQLite would give (5279.30 is 5279.3), when a double writes it back so', () => {
    expect(decimalValue('5279.30')).toBe(5279.3);
    expect(decimalValue('14134845.02')).toBe(14134845.02);
    expect(decimalValue('1988')).toBe(1988);
    expect(decimalValue('0.00')).toBe(0);
    expect(decimalValue('-0.50')).toBe(-0.5);
    expect(decimalValue('100')).toBe(100);
    expect(decimalValue('0.30000000000000004')).toBe(0.1 + 0.2);
    // More digits than a double keeps, or no double at all: the digits as they are.
    expect(decimalValue('1234567890.123456789012')).toEqual(new ExactNumber('1234567890.123456789012'));
    expect(decimalValue('9007199254740993')).toEqual(new ExactNumber('9007199254740993'));
    expect(decimalValue('NaN')).toEqual(new ExactNumber('NaN'));
    expect(decimalValue('Infinity')).toEqual(new ExactNumber('Infinity'));
  });

  it('an exact number is a string in JSON and as text', () => {
    const big = new ExactNumber('9007199254740993');
    expect(JSON.stringify({ n: big, m: 1.5 })).toBe('{"n":"9007199254740993","m":1.5}');
    expect(String(big)).toBe('9007199254740993');
  });
});
