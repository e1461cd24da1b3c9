// Parsing of the boletos / receipts verbs' flags: typed options, or a UsageError naming the flag.
import { describe, expect, it } from 'vitest';
import boletosList from '../../src/commands/boletos/list.js';
import boletosPdf from '../../src/commands/boletos/pdf.js';
import receiptsList from '../../src/commands/receipts/list.js';
import receiptsShow from '../../src/commands/receipts/show.js';
import { checkRecordIds } from '../../src/commands/shared/records-show.js';
import { receiptIdProblem } from '../../src/api/wire/receipts.js';
import { UsageError } from '../../src/errors.js';
import { buildBarcode, formatLine, lineOfBarcode } from '../../src/fiscal/boleto-line.js';

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
    expect(usage(() => boletosList.parse({ accessKey: ['123'] }, []))).toMatch(/^--access-key:/);
  });
});

describe('fiscal receipts options', () => {
  it('list checks the source and the paid-at range', () => {
    expect(receiptsList.parse({ source: 'manual', kind: ['pix'] }, []).options).toEqual({
      source: 'manual',
      kind: ['pix'],
      all: false,
    });
    expect(usage(() => receiptsList.parse({ source: 'automatic' }, []))).toMatch(/^--source:/);
    expect(usage(() => receiptsList.parse({ paidFrom: '2026-05-02', paidTo: '2026-05-01' }, []))).toBe(
      '--paid-from: 2026-05-02 is after --paid-to 2026-05-01',
    );
  });

  it('show and pdf check ids before anything is sent', () => {
    expect(
      checkRecordIds(['rcp_0123456789abcdef', 'rcp_0123456789abcdef'], { what: 'receipt', problem: receiptIdProblem }),
    ).toEqual(['rcp_0123456789abcdef']);
    expect(receiptsShow.parse({}, ['rcp_0123456789abcdef']).args).toEqual(['rcp_0123456789abcdef']);
    expect(usage(() => receiptsShow.parse({}, ['bol_0123456789abcdef']))).toContain('rcp_ and 16 hex digits');
    expect(usage(() => boletosPdf.parse({ dir: '.' }, ['rcp_0123456789abcdef']))).toContain(
      'invalid boleto PDF id "rcp_0123456789abcdef"',
    );
  });
});
