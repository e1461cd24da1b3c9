// `fiscal latam json <id>...`: each document parsed (GET /v1/latam/{id}/json, designed) through
// the output layer: -o json / ndjson give the whole document, the table a summary. An id that
// fails is reported on stderr and the others go on (exit 7).
import { latamJson } from '../../api/latam.js';
import type { LatamDocument } from '../../api/wire/latam.js';
import { AuthError, FiscalError, InterruptedError, PartialError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { checkLatamIds, latamIds } from './ids.js';
import { jsonVerb } from './index.js';

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

const COLUMNS: Column<LatamDocument>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'TYPE', key: 'doc_type', get: (r) => r.doc_type },
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

export default verb(jsonVerb, {
  check: (_o, args) => checkLatamIds(args),
  async run(ctx, o, args) {
    const ids = await latamIds(ctx, args, o.stdin);
    const http = await ctx.http();
    const writer = createRecordWriter<LatamDocument>(ctx, { columns: COLUMNS });
    let failed = 0;
    try {
      for (const id of ids) {
        if (ctx.signal.aborted) throw new InterruptedError('json stopped');
        try {
          writer.write(await latamJson(http, id));
        } catch (error) {
          if (
            error instanceof AuthError ||
            error instanceof InterruptedError ||
            ctx.signal.aborted ||
            !(error instanceof FiscalError)
          )
            throw error;
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
  },
});
