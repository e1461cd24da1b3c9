// Parsing of the boletos verbs' flags: typed options, or a UsageError naming the flag.
import { describe, expect, it } from 'vitest';
import boletosList from '../../../src/commands/boletos/list.js';
import { UsageError } from '../../../src/errors.js';
import { buildBarcode, formatLine, lineOfBarcode } from '../../../src/fiscal/boleto-line.js';

const LINE = lineOfBarcode(
  buildBarcode({ bank: '341', dueDate: '2026-08-01', amountCents: 50_000, freeField: '1'.repeat(25) }),
);

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('fiscal boletos list options', () => {
  it('reads a pasted digitable line as its digits, and ranges and lists as given', () => {
    const o = boletosList.parse(
      { line: formatLine(LINE), status: ['open', 'overdue'], minAmount: '10.5', dueFrom: '2026-06-01', all: true },
      [],
    ).options;
    expect(o).toEqual({ line: LINE, status: ['open', 'overdue'], minAmount: '10.5', dueFrom: '2026-06-01', all: true });
    // No --limit: 50 rows (test/commands/boletos/list.test.ts runs it).
    expect(boletosList.parse({}, []).options).toEqual({ all: false });
  });

  it('names the flag of a bad value', () => {
    expect(usage(() => boletosList.parse({ minAmount: '1,50' }, []))).toMatch(/^--min-amount: expected an amount/);
    expect(usage(() => boletosList.parse({ owner: ['12345678901'] }, []))).toMatch(
      /^--owner: "12345678901": a CNPJ has 14 digits/,
    );
    expect(usage(() => boletosList.parse({ line: LINE.slice(0, 46) }, []))).toMatch(/^--line: .*47 digits/);
    expect(usage(() => boletosList.parse({ minAmount: '20', maxAmount: '10' }, []))).toBe(
      '--min-amount: 20 is after --max-amount 10',
    );
    // The related NF-e is --nfe, as in search cte and search mdfe (--access-key: old-flags test).
    expect(usage(() => boletosList.parse({ nfe: ['123'] }, []))).toMatch(/^--nfe:/);
  });
});
