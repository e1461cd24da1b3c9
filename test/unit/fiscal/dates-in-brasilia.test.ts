// The times the catalog records from several sources (an XML's offset, the service's UTC, the
// machine's clock) are written as one form, Brasília time, so that text order is time order.
import { describe, expect, it } from 'vitest';
import { brasiliaTimestamp, inBrasilia } from '../../../src/fiscal/dates.js';

describe('inBrasilia', () => {
  it.each([
    ['2026-06-21T02:30:00.000Z', '2026-06-20T23:30:00-03:00'],
    ['2026-06-21T02:30:00Z', '2026-06-20T23:30:00-03:00'],
    ['2026-06-01T09:00:00-04:00', '2026-06-01T10:00:00-03:00'],
    ['2026-06-01T09:00:00-02:00', '2026-06-01T08:00:00-03:00'],
    ['2026-06-01T09:00-03:00', '2026-06-01T09:00:00-03:00'],
    ['2026-06-01T09:00:00-03:00', '2026-06-01T09:00:00-03:00'],
  ])('%s is %s', (value, expected) => {
    expect(inBrasilia(value)).toBe(expected);
  });

  it.each(['2026-06-01T09:00:00', '2026-06-01', 'ontem', '', '2026-02-30T09:00:00Z'])(
    'keeps %j as it is (no zone, or not a time)',
    (value) => {
      expect(inBrasilia(value)).toBe(value);
    },
  );

  it('sorts as the instants do', () => {
    const times = ['2026-06-21T00:10:00-03:00', '2026-06-21T02:30:00.000Z', '2026-06-20T22:00:00-04:00'];
    const byText = times.map(inBrasilia).sort();
    const byInstant = [...times].sort((a, b) => Date.parse(a) - Date.parse(b)).map(inBrasilia);
    expect(byText).toEqual(byInstant);
    expect(brasiliaTimestamp(Date.parse('2026-06-21T02:30:00Z'))).toBe('2026-06-20T23:30:00-03:00');
  });
});
