// `fiscal companies list`: the companies the credentials may access (designed GET /v1/companies).
import { allCompanies } from '../../api/companies.js';
import type { CompanyItem } from '../../api/wire/companies.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { COMPANY_COLUMNS } from './columns.js';
import { listVerb } from './index.js';

export default verb(listVerb, {
  async run(ctx) {
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
  },
});
