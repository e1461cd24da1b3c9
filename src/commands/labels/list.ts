// `fiscal labels list`: the account's labels (designed GET /v1/labels).
import { listLabels } from '../../api/labels.js';
import type { Label } from '../../api/wire/labels.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { listVerb } from './index.js';

const COLUMNS: Column<Label>[] = [
  { header: 'LABEL', key: 'name', get: (r) => r.name },
  { header: 'DOCUMENTS', get: (r) => r.documents },
];

export default verb(listVerb, {
  async run(ctx) {
    const labels = await listLabels(await ctx.http());
    const writer = createRecordWriter<Label>(ctx, { columns: COLUMNS });
    try {
      for (const label of labels) writer.write(label);
    } catch (error) {
      writer.fail();
      throw error;
    } finally {
      writer.end();
    }
  },
});
