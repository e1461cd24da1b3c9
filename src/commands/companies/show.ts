// `fiscal companies show <cnpj>`: one company of the account; a CNPJ it may not access is a 404,
// exit 4 (R3).
import { getCompany } from '../../api/companies.js';
import type { CompanyItem } from '../../api/wire/companies.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { cnpjArgument } from './cnpj-arg.js';
import { COMPANY_COLUMNS } from './columns.js';

export interface CompanyShowOptions {
  cnpj: string;
}

export function parseOptions(_raw: Record<string, unknown>, args: string[]): CompanyShowOptions {
  const [cnpj] = args;
  if (cnpj === undefined) throw new UsageError('give the CNPJ of a company');
  return { cnpj: cnpjArgument(cnpj) };
}

export async function run(ctx: Context, o: CompanyShowOptions): Promise<void> {
  const company = await getCompany(await ctx.http(), o.cnpj);
  const writer = createRecordWriter<CompanyItem>(ctx, { columns: COMPANY_COLUMNS });
  writer.write(company);
  writer.end();
}
