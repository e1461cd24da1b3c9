// The --where / --where-missing builder of the R17 expression used by search nfe and pull nfe.
import { describe, expect, it } from 'vitest';
import { composeWhere, whereFilter } from '../../../src/commands/shared/where.js';
import { UsageError } from '../../../src/errors.js';
import { matchesPropertyFilter, parsePropertyFilter } from '../../../src/fiscal/property-filter.js';

describe('R17: --where builder', () => {
  it('R17: one term stands alone; several are ANDed, = before NOT_EXISTS', () => {
    expect(composeWhere(['status=done'], [])).toBe('(= status done)');
    expect(composeWhere(['status=done'], ['erp_id'])).toBe('(AND (= status done) (NOT_EXISTS erp_id))');
  });

  it('R17: values with blanks, quotes or parentheses are quoted so the expression reads back the same', () => {
    const expr = composeWhere(['status=em processamento', 'note=a "b" (c)', 'empty='], []);
    const parsed = parsePropertyFilter(expr);
    expect(matchesPropertyFilter(parsed, { status: 'em processamento', note: 'a "b" (c)', empty: '' })).toBe(true);
    expect(matchesPropertyFilter(parsed, { status: 'em', note: 'a "b" (c)', empty: '' })).toBe(false);
  });

  it('an item without = or a bad name is a usage error naming the flag', () => {
    expect(() => composeWhere(['status'], [])).toThrow(/--where: expected name=value/);
    expect(() => composeWhere([], ['(x)'])).toThrow(/--where-missing/);
  });

  it('turns the options into --filter, and refuses --filter with --where', () => {
    expect(whereFilter({ where: ['a=1'] })).toBe('(= a 1)');
    expect(whereFilter({ whereMissing: ['erp_id'] })).toBe('(NOT_EXISTS erp_id)');
    expect(whereFilter({ filter: '(= a 1)' })).toBe('(= a 1)');
    expect(whereFilter({})).toBeUndefined();
    expect(() => whereFilter({ where: ['a=1'], filter: '(= b 2)' })).toThrow(UsageError);
  });
});
