import { describe, expect, it } from 'vitest';
import {
  formatPropertyFilter,
  matchesPropertyFilter,
  parsePropertyFilter,
  type FilterExpr,
} from '../../../src/fiscal/property-filter.js';

const matches = (text: string, props: Record<string, string>) =>
  matchesPropertyFilter(parsePropertyFilter(text), props);

describe('R17: property filter parser', () => {
  it('R17: parses the four operators into a tree', () => {
    expect(parsePropertyFilter('(= status done)')).toEqual({ op: '=', property: 'status', value: 'done' });
    expect(parsePropertyFilter('(NOT_EXISTS erp)')).toEqual({ op: 'NOT_EXISTS', property: 'erp' });
    expect(parsePropertyFilter(' (AND (= a 1) (OR (= b 2) (NOT_EXISTS c))) ')).toEqual({
      op: 'AND',
      args: [
        { op: '=', property: 'a', value: '1' },
        {
          op: 'OR',
          args: [
            { op: '=', property: 'b', value: '2' },
            { op: 'NOT_EXISTS', property: 'c' },
          ],
        },
      ],
    });
  });

  it('R17: values may be double-quoted with spaces, parentheses and escapes', () => {
    expect(parsePropertyFilter('(= status "em processamento")')).toEqual({
      op: '=',
      property: 'status',
      value: 'em processamento',
    });
    expect(parsePropertyFilter('(= "my prop" "a (b) \\"c\\" \\\\")')).toEqual({
      op: '=',
      property: 'my prop',
      value: 'a (b) "c" \\',
    });
    expect(parsePropertyFilter('(= status "")')).toEqual({ op: '=', property: 'status', value: '' });
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['= status done', /expected "\(" .* found '=' at column 1/],
    ['(status done)', /expected an operator .* found 'status' at column 2/],
    ['(and (= a 1))', /expected an operator .* found 'and' at column 2/],
    ['(= status)', /= expects a value, found '\)' at column 10/],
    ['(= status done', /expected "\)" to close the "\(" at column 1, found end of filter at the end \(column 15\)/],
    ['(= status done extra)', /expected "\)" .* found 'extra' at column 16/],
    ['(NOT_EXISTS)', /NOT_EXISTS expects a property name, found '\)' at column 12/],
    ['(AND)', /AND needs at least one .* at column 5/],
    ['(OR status)', /OR needs at least one .* found 'status' at column 5/],
    ['(= status done))', /unexpected '\)' after the expression at column 16/],
    ['(= status "done)', /unterminated quoted string starting at column 11/],
    ['(= (= a b) c)', /= expects a property name, found '\(' at column 4/],
  ])('R17: rejects %j, saying what and where', (text, message) => {
    expect(() => parsePropertyFilter(text)).toThrow(message);
  });
});

describe('R17: property filter evaluation', () => {
  const props = { status: 'done', erp: 'sent', note: 'em processamento' };

  it('R17: = compares exactly; a missing property never equals', () => {
    expect(matches('(= status done)', props)).toBe(true);
    expect(matches('(= status Done)', props)).toBe(false);
    expect(matches('(= missing "")', props)).toBe(false);
    expect(matches('(= note "em processamento")', props)).toBe(true);
  });

  it('R17: NOT_EXISTS is true only when the property is absent, whatever its value', () => {
    expect(matches('(NOT_EXISTS other)', props)).toBe(true);
    expect(matches('(NOT_EXISTS erp)', props)).toBe(false);
    expect(matches('(NOT_EXISTS x)', { x: '' })).toBe(false);
  });

  it('R17: AND needs every operand, OR any', () => {
    expect(matches('(AND (= status done) (= erp sent))', props)).toBe(true);
    expect(matches('(AND (= status done) (= erp no))', props)).toBe(false);
    expect(matches('(OR (= status no) (= erp sent))', props)).toBe(true);
    expect(matches('(OR (= status no) (NOT_EXISTS status))', props)).toBe(false);
  });

  it('does not read inherited properties', () => {
    expect(matches('(NOT_EXISTS toString)', {})).toBe(true);
    expect(matches('(= constructor x)', {})).toBe(false);
  });

  it('formats an expression back to text that parses to the same tree', () => {
    const expr: FilterExpr = {
      op: 'OR',
      args: [
        { op: '=', property: 'status', value: 'em processamento' },
        { op: 'NOT_EXISTS', property: 'a"b' },
        { op: '=', property: 'x', value: '' },
      ],
    };
    const text = formatPropertyFilter(expr);
    expect(text).toBe('(OR (= status "em processamento") (NOT_EXISTS "a\\"b") (= x ""))');
    expect(parsePropertyFilter(text)).toEqual(expr);
  });
});

describe('the spelling of the public examples (R17)', () => {
  it('_not_exists reads as NOT_EXISTS', () => {
    expect(parsePropertyFilter('(OR (= processed false) (_not_exists processed))')).toEqual({
      op: 'OR',
      args: [
        { op: '=', property: 'processed', value: 'false' },
        { op: 'NOT_EXISTS', property: 'processed' },
      ],
    });
  });
});
