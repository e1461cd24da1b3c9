// `fiscal labels apply|remove --label <l>... <id>...`: the designed POST /v1/labels/apply and
// /remove, in batches, a row per document. Ids are checked for the type before anything is sent.
import { changeLabels } from '../../api/labels.js';
import type { FlagDocType } from '../../fiscal/doc-types.js';
import { LABEL_BATCH_MAX, LABEL_MAX } from '../../api/wire/labels.js';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { docIdProblem, docTypeOf } from '../shared/doc-ids.js';
import { verb } from '../shared/verb.js';
import { readStdinItems } from '../shared/stdin-lines.js';
import type { applyVerb } from './index.js';

interface LabelsRecord {
  id: string;
  status: 'ok' | 'error' | 'dry-run';
  labels: string;
  message?: string;
}

const COLUMNS: Column<LabelsRecord>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'LABELS', get: (r) => r.labels, width: 50 },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

/** The verb of `labels apply` or `labels remove`: the same flags, the endpoint differs. */
export function changeVerb(spec: typeof applyVerb, how: 'apply' | 'remove') {
  return verb(spec, {
    check(o, ids) {
      for (const label of o.label) {
        if (label.length > LABEL_MAX)
          throw new UsageError(
            `--label: "${label}" is not a label (1 to ${LABEL_MAX} characters, no leading or trailing blanks)`,
          );
      }
      if (ids.length === 0 && !o.stdin)
        throw new UsageError('give at least one document id, or --stdin to read them from standard input');
      const type = docTypeOf(o.type)!;
      for (const id of ids) checkId(type, id.trim(), '');
    },
    async run(ctx, o, args) {
      const type = docTypeOf(o.type)!;
      const piped = o.stdin ? await readStdinItems(ctx) : [];
      piped.forEach((id) => checkId(type, id, ' (standard input)'));
      const ids = [...new Set([...args.map((a) => a.trim()), ...piped])];
      if (ids.length === 0) throw new UsageError('no document id on standard input');
      await change(ctx, how, { type, ids, labels: o.label, dryRun: o.dryRun });
    },
  });
}

function checkId(type: FlagDocType, id: string, where: string): void {
  const why = docIdProblem(type, id);
  if (why) throw new UsageError(`${id}${where}: ${why}`);
}

interface Change {
  type: FlagDocType;
  ids: string[];
  labels: string[];
  dryRun: boolean;
}

async function change(ctx: Context, how: 'apply' | 'remove', o: Change): Promise<void> {
  const writer = createRecordWriter<LabelsRecord>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    if (o.dryRun) {
      for (const id of o.ids)
        writer.write({ id, status: 'dry-run', labels: o.labels.join(','), message: `${how} ${o.labels.join(', ')}` });
      return;
    }
    const http = await ctx.http();
    for (let i = 0; i < o.ids.length; i += LABEL_BATCH_MAX) {
      if (ctx.signal.aborted) throw new InterruptedError(`labels ${how} stopped`);
      const batch = o.ids.slice(i, i + LABEL_BATCH_MAX);
      const results = new Map(
        (await changeLabels(http, how, { doc_type: o.type, ids: batch, labels: o.labels })).map((r) => [r.id, r]),
      );
      for (const id of batch) {
        const r = results.get(id);
        if (r?.success) writer.write({ id, status: 'ok', labels: r.labels.join(',') });
        else {
          failed++;
          writer.write({
            id,
            status: 'error',
            labels: '',
            message: r?.message ?? 'no result for this id in the answer',
          });
        }
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${o.ids.length} documents were not changed`);
}
