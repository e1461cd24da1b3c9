// `fiscal cnpj <cnpj>...`: the public registry data of each CNPJ (designed GET /v1/cnpj/{cnpj}),
// a row per CNPJ in a table, the whole record with -o json / ndjson.
//
// Every CNPJ is checked locally first (its argument's type: exit 2 naming it). They then go one by one: one the
// registry does not know (404) or refuses is reported on stderr and the others go on; the run
// exits 4 when none was found, 7 when some were.
import { getCnpjData } from '../../api/cnpj.js';
import type { CnpjData } from '../../api/wire/cnpj.js';
import { AuthError, FiscalError, InterruptedError, NotFoundError, PartialError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { cnpj as cnpjVerb } from './index.js';

const COLUMNS: Column<CnpjData>[] = [
  { header: 'CNPJ', get: (r) => r.cnpj, truncate: false },
  { header: 'NAME', get: (r) => r.name, width: 40 },
  { header: 'TRADE NAME', get: (r) => r.trade_name, width: 24 },
  { header: 'SITUATION', get: (r) => r.situation },
  { header: 'SINCE', key: 'situation_date', get: (r) => r.situation_date },
  { header: 'OPENED', key: 'opened_on', get: (r) => r.opened_on },
  { header: 'CNAE', get: (r) => r.main_activity.code },
  { header: 'SIZE', get: (r) => r.size },
  { header: 'SIMPLES', get: (r) => (r.mei ? 'mei' : r.simples ? 'yes' : 'no') },
  { header: 'CITY', get: (r) => `${r.address.city}/${r.address.uf}` },
];

export default verb(cnpjVerb, {
  async run(ctx, _o, args) {
    // Given as digits by now, so 12.345.678/0001-95 and 12345678000195 are asked once.
    const cnpjs = [...new Set(args)];
    const http = await ctx.http();
    const writer = createRecordWriter<CnpjData>(ctx, { columns: COLUMNS });
    const failures: FiscalError[] = [];
    try {
      for (const cnpj of cnpjs) {
        if (ctx.signal.aborted) throw new InterruptedError('cnpj stopped');
        try {
          writer.write(await getCnpjData(http, cnpj));
        } catch (error) {
          if (error instanceof AuthError || error instanceof InterruptedError || !(error instanceof FiscalError))
            throw error;
          failures.push(error);
          // With one CNPJ the command's own error says it; with several, each failure is named as it comes.
          if (cnpjs.length > 1) ctx.io.stderr.write(`fiscal: ${cnpj}: ${error.message}\n`);
        }
      }
    } catch (error) {
      writer.fail();
      throw error;
    } finally {
      writer.end();
    }
    if (failures.length === 0) return;
    const summary = `${failures.length} of ${cnpjs.length} CNPJs could not be read`;
    if (failures.length === cnpjs.length && failures.every((f) => f instanceof NotFoundError)) {
      const first = failures[0] as NotFoundError;
      throw new NotFoundError(cnpjs.length === 1 ? first.message : summary, 404, first.method, first.path);
    }
    throw new PartialError(summary);
  },
});
