// `fiscal properties show <id>`: one rural property of the account; an id it may not access is a
// 404, exit 4 (R3).
import { getRuralProperty } from '../../api/companies.js';
import { RURAL_PROPERTY_ID, type RuralPropertyItem } from '../../api/wire/companies.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { PROPERTY_COLUMNS } from '../companies/columns.js';

export interface PropertyShowOptions {
  id: string;
}

export function parseOptions(_raw: Record<string, unknown>, args: string[]): PropertyShowOptions {
  const id = (args[0] ?? '').trim().toUpperCase();
  if (!RURAL_PROPERTY_ID.test(id)) throw new UsageError(`invalid property id "${args[0] ?? ''}": expected the UF then the state registration digits, e.g. MG0012345678`);
  return { id };
}

export async function run(ctx: Context, o: PropertyShowOptions): Promise<void> {
  const property = await getRuralProperty(await ctx.http(), o.id);
  const writer = createRecordWriter<RuralPropertyItem>(ctx, { columns: PROPERTY_COLUMNS });
  writer.write(property);
  writer.end();
}
