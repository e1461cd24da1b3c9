// Parsing of the boletos / receipts verbs' flags: typed options, or a UsageError naming the flag.
import { describe, expect, it } from 'vitest';
import * as boletosList from '../../src/commands/boletos/list.js';
import * as boletosPdf from '../../src/commands/boletos/pdf.js';
import * as receiptsList from '../../src/commands/receipts/list.js';
import * as receiptsShow from '../../src/commands/receipts/show.js';
import { UsageError } from '../../src/errors.js';
import { buildBarcode, formatLine, lineOfBarcode } from '../../src/fiscal/boleto-line.js';

const LINE = lineOfBarcode(buildBarcode({ bank: '341', dueDate: '2026-08-01', amountCents: 50_000, freeField: '1'.repeat(25) }));

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
    const o = boletosList.parseOptions({ line: formatLine(LINE), status: ['open', 'overdue'], minAmount: '10.5', dueFrom: '2026-06-01', all: true }, []);
    expect(o).toEqual({ filters: { line: LINE, status: ['open', 'overdue'], minAmount: '10.5', dueFrom: '2026-06-01' }, limit: undefined });
    expect(boletosList.parseOptions({}, []).limit).toBe(50);
  });

  it('names the flag of a bad value', () => {
    expect(usage(() => boletosList.parseOptions({ minAmount: '1,50' }, []))).toMatch(/^--min-amount: expected an amount/);
    expect(usage(() => boletosList.parseOptions({ owner: ['12345678901'] }, []))).toMatch(/^--owner: "12345678901": a CNPJ has 14 digits/);
    expect(usage(() => boletosList.parseOptions({ line: LINE.slice(0, 46) }, []))).toMatch(/^--line: .*47 digits/);
    expect(usage(() => boletosList.parseOptions({ minAmount: '20', maxAmount: '10' }, []))).toBe('--min-amount: 20 is after --max-amount 10');
    expect(usage(() => boletosList.parseOptions({ accessKey: ['123'] }, []))).toMatch(/^--access-key:/);
  });
});

describe('fiscal receipts options', () => {
  it('list checks the source and the paid-at range', () => {
    expect(receiptsList.parseOptions({ source: 'manual', kind: ['pix'] }, []).filters).toEqual({ source: 'manual', kind: ['pix'] });
    expect(usage(() => receiptsList.parseOptions({ source: 'automatic' }, []))).toMatch(/^--source:/);
    expect(usage(() => receiptsList.parseOptions({ paidFrom: '2026-05-02', paidTo: '2026-05-01' }, []))).toBe('--paid-from: 2026-05-02 is after --paid-to 2026-05-01');
  });

  it('show and pdf check ids before anything is sent', () => {
    expect(receiptsShow.parseOptions({}, ['rcp_0123456789abcdef', 'rcp_0123456789abcdef'])).toEqual({ ids: ['rcp_0123456789abcdef'] });
    expect(usage(() => receiptsShow.parseOptions({}, ['bol_0123456789abcdef']))).toContain('rcp_ and 16 hex digits');
    expect(usage(() => boletosPdf.parseOptions({ dir: '.' }, ['rcp_0123456789abcdef']))).toContain('invalid boleto PDF id "rcp_0123456789abcdef"');
  });
});
