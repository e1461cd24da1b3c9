// `fiscal properties show <id>`: one rural property of the account; an id it may not access is a
// 404, exit 4 (R3). The id is checked locally first (exit 2), in any case.
import { getRuralProperty } from '../../api/properties.js';
import { RURAL_PROPERTY_ID, type RuralPropertyItem } from '../../api/wire/properties.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { PROPERTY_COLUMNS } from './columns.js';
import { showVerb } from './index.js';

/** `mt12345678901` -> `MT12345678901`; anything that is not the UF then digits is a usage error. */
function propertyId(raw: string): string {
  const id = raw.trim().toUpperCase();
  if (!RURAL_PROPERTY_ID.test(id))
    throw new UsageError(
      `invalid property id "${raw}": expected the UF then the state registration digits, e.g. MG0012345678`,
    );
  return id;
}

export default verb(showVerb, {
  check: (_o, [raw]) => void propertyId(raw!),
  async run(ctx, _o, [raw]) {
    const property = await getRuralProperty(await ctx.http(), propertyId(raw!));
    const writer = createRecordWriter<RuralPropertyItem>(ctx, { columns: PROPERTY_COLUMNS });
    writer.write(property);
    writer.end();
  },
});
