// `fiscal props list`: the account's properties (designed GET /v1/nfe/properties).
import { listProperties } from '../../api/props.js';
import type { Property } from '../../api/wire/props.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { listVerb } from './index.js';

const COLUMNS: Column<Property>[] = [
  { header: 'NAME', get: (r) => r.name },
  { header: 'DEFAULT', get: (r) => (r.default ? 'yes' : '') },
  { header: 'DOCUMENTS', get: (r) => r.documents },
];

export default verb(listVerb, {
  async run(ctx) {
    const properties = await listProperties(await ctx.http());
    const writer = createRecordWriter<Property>(ctx, { columns: COLUMNS });
    try {
      for (const p of properties) writer.write(p);
    } catch (error) {
      writer.fail();
      throw error;
    } finally {
      writer.end();
    }
  },
});
