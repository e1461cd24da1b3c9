// `fiscal cnpj <cnpj>...`: the public registry data of each CNPJ (designed GET /v1/cnpj/{cnpj}),
// a row per CNPJ in a table, the whole record with -o json / ndjson.
//
// Every CNPJ is checked locally first (exit 2 naming it). They then go one by one: one the
// registry does not know (404) or refuses is reported on stderr and the others go on; the run
// exits 4 when none was found, 7 when some were.
import { getCnpjData } from '../../api/cnpj.js';
import type { CnpjData } from '../../api/wire/cnpj.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { cnpjArgument } from '../shared/cnpj-arg.js';

export interface CnpjOptions {
  cnpjs: string[];
}

export function parseOptions(_raw: Record<string, unknown>, args: string[]): CnpjOptions {
  if (args.length === 0) throw new UsageError('give at least one CNPJ');
  return { cnpjs: [...new Set(args.map(cnpjArgument))] };
}

const COLUMNS: Column<CnpjData>[] = [
  { header: 'CNPJ', get: (r) => r.cnpj, truncate: false },
  { header: 'NAME', get: (r) => r.name, width: 40 },
  { header: 'TRADE NAME', get: (r) => r.trade_name, width: 24 },
  { header: 'SITUATION', get: (r) => r.situation },
  { header: 'SINCE', get: (r) => r.situation_date },
  { header: 'OPENED', get: (r) => r.opened_on },
  { header: 'CNAE', get: (r) => r.main_activity.code },
  { header: 'SIZE', get: (r) => r.size },
  { header: 'SIMPLES', get: (r) => (r.mei ? 'mei' : r.simples ? 'yes' : 'no') },
  { header: 'CITY', get: (r) => `${r.address.city}/${r.address.uf}` },
];

export async function run(ctx: Context, o: CnpjOptions): Promise<void> {
  const http = await ctx.http();
  const writer = createRecordWriter<CnpjData>(ctx, { columns: COLUMNS });
  const failures: FiscalError[] = [];
  try {
    for (const cnpj of o.cnpjs) {
      if (ctx.signal.aborted) throw new InterruptedError('cnpj stopped');
      try {
        writer.write(await getCnpjData(http, cnpj));
      } catch (error) {
        if (error instanceof AuthError || error instanceof InterruptedError || !(error instanceof FiscalError)) throw error;
        failures.push(error);
        // With one CNPJ the command's own error says it; with several, each failure is named as it comes.
        if (o.cnpjs.length > 1) ctx.io.stderr.write(`fiscal: ${cnpj}: ${error.message}\n`);
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failures.length === 0) return;
  const summary = `${failures.length} of ${o.cnpjs.length} CNPJs could not be read`;
  if (failures.length === o.cnpjs.length && failures.every((f) => f instanceof NotFoundError)) {
    const first = failures[0] as NotFoundError;
    throw new NotFoundError(o.cnpjs.length === 1 ? first.message : summary, 404, first.method, first.path);
  }
  throw new PartialError(summary);
}
