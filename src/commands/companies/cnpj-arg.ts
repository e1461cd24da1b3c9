// A CNPJ typed on the command line: digits, or the usual 12.345.678/0001-95, checked locally
// (R8) so a typo exits 2 naming it before anything is sent.
import { UsageError } from '../../errors.js';
import { cnpjProblem } from '../../fiscal/tax-id.js';

const FORMATTED = /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/;

export function cnpjArgument(raw: string): string {
  const text = raw.trim();
  const cnpj = FORMATTED.test(text) ? text.replace(/\D/g, '') : text;
  const problem = cnpjProblem(cnpj);
  if (problem) throw new UsageError(`invalid CNPJ "${raw}": ${problem}`);
  return cnpj;
}
