// `fiscal properties list`: the rural properties the credentials may access (designed GET /v1/properties).
import { allRuralProperties } from '../../api/properties.js';
import type { RuralPropertyItem } from '../../api/wire/properties.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { PROPERTY_COLUMNS } from './columns.js';
import { listVerb } from './index.js';

export default verb(listVerb, {
  async run(ctx) {
    const http = await ctx.http();
    const writer = createRecordWriter<RuralPropertyItem>(ctx, {
      columns: PROPERTY_COLUMNS,
      emptyMessage: 'No rural properties.',
    });
    try {
      for await (const property of allRuralProperties(http)) writer.write(property);
    } catch (error) {
      writer.fail();
      throw error;
    } finally {
      writer.end();
    }
  },
});
