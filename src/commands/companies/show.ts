// `fiscal companies show <cnpj>`: one company of the account; a CNPJ it may not access is a 404,
// exit 4 (R3).
import { getCompany } from '../../api/companies.js';
import type { CompanyItem } from '../../api/wire/companies.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { COMPANY_COLUMNS } from './columns.js';
import { showVerb } from './index.js';

export default verb(showVerb, {
  async run(ctx, _o, [cnpj]) {
    const company = await getCompany(await ctx.http(), cnpj!);
    const writer = createRecordWriter<CompanyItem>(ctx, { columns: COMPANY_COLUMNS });
    writer.write(company);
    writer.end();
  },
});
