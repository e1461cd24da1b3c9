// Parsing of the receipts verbs' flags: typed options, or a UsageError naming the flag.
import { describe, expect, it } from 'vitest';
import boletosPdf from '../../../src/commands/boletos/pdf.js';
import receiptsList from '../../../src/commands/receipts/list.js';
import receiptsShow from '../../../src/commands/receipts/show.js';
import { checkRecordIds } from '../../../src/commands/shared/records-show.js';
import { receiptIdProblem } from '../../../src/api/wire/receipts.js';
import { UsageError } from '../../../src/errors.js';

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

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
