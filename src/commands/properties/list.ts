// `fiscal properties list`: the rural properties the credentials may access (designed GET /v1/properties).
import { allRuralProperties } from '../../api/companies.js';
import type { RuralPropertyItem } from '../../api/wire/companies.js';
import type { Context } from '../../context.js';
import { createRecordWriter } from '../../output/writer.js';
import { PROPERTY_COLUMNS } from '../companies/columns.js';

export type PropertiesListOptions = Record<string, never>;

export function parseOptions(): PropertiesListOptions {
  return {};
}

export async function run(ctx: Context): Promise<void> {
  const http = await ctx.http();
  const writer = createRecordWriter<RuralPropertyItem>(ctx, { columns: PROPERTY_COLUMNS, emptyMessage: 'No rural properties.' });
  try {
    for await (const property of allRuralProperties(http)) writer.write(property);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
