// `fiscal companies list`: the companies the credentials may access (designed GET /v1/companies).
import { allCompanies } from '../../api/companies.js';
import type { CompanyItem } from '../../api/wire/companies.js';
import type { Context } from '../../context.js';
import { createRecordWriter } from '../../output/writer.js';
import { COMPANY_COLUMNS } from './columns.js';

export type CompaniesListOptions = Record<string, never>;

export function parseOptions(): CompaniesListOptions {
  return {};
}

export async function run(ctx: Context): Promise<void> {
  const http = await ctx.http();
  const writer = createRecordWriter<CompanyItem>(ctx, { columns: COMPANY_COLUMNS });
  try {
    for await (const company of allCompanies(http)) writer.write(company);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
