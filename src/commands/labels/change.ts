// `fiscal labels apply|remove --label <l>... <id>...`: the designed POST /v1/labels/apply and
// /remove, in batches, a row per document. Ids are checked for the type before anything is sent.
import { changeLabels } from '../../api/labels.js';
import type { FlagDocType } from '../../api/wire/flag.js';
import { LABEL_BATCH_MAX, LABEL_MAX } from '../../api/wire/labels.js';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import type { VerbModule } from '../action.js';
import { DOC_TYPE_HELP, docIdProblem, docTypeOf } from '../doc-ids.js';
import { readStdinItems } from '../stdin-lines.js';

export interface LabelsChangeOptions {
  type: FlagDocType;
  ids: string[];
  labels: string[];
  stdin: boolean;
  dryRun: boolean;
}

interface LabelsRecord {
  id: string;
  status: 'ok' | 'error' | 'dry-run';
  labels: string;
  message?: string;
}

export function labelsVerb(how: 'apply' | 'remove'): VerbModule<LabelsChangeOptions> {
  return { parseOptions, run: (ctx, o) => run(ctx, how, o) };
}

function parseOptions(raw: Record<string, unknown>, args: string[]): LabelsChangeOptions {
  const type = docTypeOf(String(raw.type ?? 'nfe'));
  if (!type) throw new UsageError(`--type: "${String(raw.type)}" is not one of ${DOC_TYPE_HELP}`);
  const labels = (raw.label as string[] | undefined) ?? [];
  for (const label of labels) {
    if (label.trim() !== label || label === '' || label.length > LABEL_MAX) {
      throw new UsageError(`--label: "${label}" is not a label (1 to ${LABEL_MAX} characters, no leading or trailing blanks)`);
    }
  }
  const ids = args.map((a) => a.trim());
  if (ids.length === 0 && raw.stdin !== true) throw new UsageError('give at least one document id, or --stdin to read them from standard input');
  for (const id of ids) checkId(type, id, '');
  return { type, ids, labels, stdin: raw.stdin === true, dryRun: raw.dryRun === true };
}

function checkId(type: FlagDocType, id: string, where: string): void {
  const why = docIdProblem(type, id);
  if (why) throw new UsageError(`${id}${where}: ${why}`);
}

const COLUMNS: Column<LabelsRecord>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'LABELS', get: (r) => r.labels, width: 50 },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

async function run(ctx: Context, how: 'apply' | 'remove', o: LabelsChangeOptions): Promise<void> {
  const piped = o.stdin ? await readStdinItems(ctx) : [];
  piped.forEach((id) => checkId(o.type, id, ' (standard input)'));
  const ids = [...new Set([...o.ids, ...piped])];
  if (ids.length === 0) throw new UsageError('no document id on standard input');
  const writer = createRecordWriter<LabelsRecord>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    if (o.dryRun) {
      for (const id of ids) writer.write({ id, status: 'dry-run', labels: o.labels.join(','), message: `${how} ${o.labels.join(', ')}` });
      return;
    }
    const http = await ctx.http();
    for (let i = 0; i < ids.length; i += LABEL_BATCH_MAX) {
      if (ctx.signal.aborted) throw new InterruptedError(`labels ${how} stopped`);
      const batch = ids.slice(i, i + LABEL_BATCH_MAX);
      const results = new Map((await changeLabels(http, how, { doc_type: o.type, ids: batch, labels: o.labels })).map((r) => [r.id, r]));
      for (const id of batch) {
        const r = results.get(id);
        if (r?.success) writer.write({ id, status: 'ok', labels: r.labels.join(',') });
        else {
          failed++;
          writer.write({ id, status: 'error', labels: '', message: r?.message ?? 'no result for this id in the answer' });
        }
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${ids.length} documents were not changed`);
}
