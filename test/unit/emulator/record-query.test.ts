// The query every designed record group reads (boletos, receipts, invoices, utility bills).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/emulator/respond.js';
import { parseRecordQuery, type RecordFilter } from '../../../src/emulator/routes/records.js';

interface Slip {
  position: number;
  status: string;
  tags: string[];
  dueMs: number;
  amount: number;
}

const FILTERS: RecordFilter<Slip>[] = [
  { kind: 'values', param: 'status', values: ['open', 'paid'], get: (r) => r.status },
  { kind: 'values', param: 'tag', get: (r) => r.tags },
  { kind: 'dates', param: 'due_date', get: (r) => r.dueMs },
  { kind: 'amounts', param: 'amount', get: (r) => r.amount },
];

const slip = (over: Partial<Slip>): Slip => ({
  position: 0,
  status: 'open',
  tags: [],
  dueMs: Date.UTC(2026, 5, 10, 12),
  amount: 100,
  ...over,
});
const query = (q: string) => parseRecordQuery(new URLSearchParams(q), FILTERS);

function fieldErrors(q: string): Record<string, string[]> {
  try {
    query(q);
  } catch (error) {
    return ((error as HttpError).reply.body as { errors: Record<string, string[]> }).errors;
  }
  throw new Error('expected a 400');
}

describe('record listing query', () => {
  it('defaults to the first page of 50 and matches everything', () => {
    const q = query('');
    expect([q.limit, q.cursor]).toEqual([50, 0]);
    expect(q.matches(slip({ status: 'paid' }))).toBe(true);
  });

  it('reads name and name[] as one list of accepted values', () => {
    const q = query('status=paid&tag[]=a&tag[]=b');
    expect(q.matches(slip({ status: 'paid', tags: ['b'] }))).toBe(true);
    expect(q.matches(slip({ status: 'open', tags: ['b'] }))).toBe(false);
    expect(q.matches(slip({ status: 'paid', tags: ['c'] }))).toBe(false);
  });

  it('takes open-ended date and amount ranges, inclusive', () => {
    const q = query('due_date[from]=2026-06-10&amount[max]=100');
    expect(q.matches(slip({}))).toBe(true);
    expect(q.matches(slip({ dueMs: Date.UTC(2026, 5, 9, 12) }))).toBe(false);
    expect(q.matches(slip({ amount: 100.01 }))).toBe(false);
  });

  it('reports every bad parameter at once, by name', () => {
    const errors = fieldErrors('limit=0&cursor=-1&status=late&due_date[to]=10/06/2026&amount[min]=1e3');
    expect(Object.keys(errors).sort()).toEqual(['amount[min]', 'cursor', 'due_date[to]', 'limit', 'status']);
    expect(errors.status![0]).toContain('open, paid');
  });

  it('refuses a range whose low end is above its high end', () => {
    expect(fieldErrors('amount[min]=10&amount[max]=5').amount![0]).toContain('[min] is after [max]');
  });
});
