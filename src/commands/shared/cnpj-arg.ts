// A CNPJ typed on the command line: digits, or the usual 12.345.678/0001-95, checked locally
// (R8) so a typo exits 2 naming it before anything is sent.
import { UsageError } from '../../errors.js';
import { readTaxId } from '../../fiscal/tax-id.js';

export function cnpjArgument(raw: string): string {
  const r = readTaxId(raw, 'cnpj');
  if ('problem' in r) throw new UsageError(`invalid CNPJ "${raw}": ${r.problem}`);
  return r.value;
}
