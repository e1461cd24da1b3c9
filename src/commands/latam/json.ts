// `fiscal latam json <id>...`: each document parsed (GET /v1/latam/{id}/json, designed) through
// the output layer: -o json / ndjson give the whole document, the table a summary. An id that
// fails is reported on stderr and the others go on (exit 7).
import { z } from 'zod';
import { latamJson } from '../../api/latam.js';
import type { LatamDocument } from '../../api/wire/latam.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { checkLatamId, latamIds } from './ids.js';

export interface LatamJsonOptions {
  ids: string[];
  stdin: boolean;
}

const schema = z.object({ ids: z.array(z.string().trim()), stdin: z.boolean().default(false) });

export function parseOptions(raw: Record<string, unknown>, args: string[]): LatamJsonOptions {
  const o = parseWith(schema, { ...raw, ids: args });
  for (const id of o.ids) checkLatamId(id);
  return o;
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

const COLUMNS: Column<LatamDocument>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'TYPE', get: (r) => r.doc_type },
  { header: 'ISSUER', get: (r) => `${r.issuer.tax_id ?? ''} ${r.issuer.name ?? ''}`.trim(), width: 40 },
  { header: 'RECEIVER', get: (r) => `${r.receiver.tax_id ?? ''} ${r.receiver.name ?? ''}`.trim(), width: 40 },
  { header: 'ISSUED', get: (r) => r.issued_at },
  { header: 'CURRENCY', get: (r) => r.currency },
  { header: 'SUBTOTAL', get: (r) => r.subtotal },
  { header: 'TAXES', get: (r) => sum(r.taxes.filter((t) => t.kind === 'transfer').map((t) => t.amount)) },
  { header: 'WITHHELD', get: (r) => sum(r.taxes.filter((t) => t.kind === 'withholding').map((t) => t.amount)) },
  { header: 'TOTAL', get: (r) => r.total },
  { header: 'ITEMS', get: (r) => r.items.length },
];

export async function run(ctx: Context, options: LatamJsonOptions): Promise<void> {
  const ids = await latamIds(ctx, options.ids, options.stdin);
  const http = await ctx.http();
  const writer = createRecordWriter<LatamDocument>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    for (const id of ids) {
      if (ctx.signal.aborted) throw new InterruptedError('json stopped');
      try {
        writer.write(await latamJson(http, id));
      } catch (error) {
        if (error instanceof AuthError || error instanceof InterruptedError || ctx.signal.aborted || !(error instanceof FiscalError)) throw error;
        failed++;
        ctx.io.stderr.write(`fiscal: ${id}: ${error.message}\n`);
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${ids.length} documents could not be read`);
}
