// `fiscal props list`: the account's properties (designed GET /v1/nfe/properties).
import { listProperties } from '../../api/props.js';
import type { Property } from '../../api/wire/props.js';
import type { Context } from '../../context.js';
import { createRecordWriter, type Column } from '../../output/writer.js';

export type PropsListOptions = Record<string, never>;

export function parseOptions(): PropsListOptions {
  return {};
}

const COLUMNS: Column<Property>[] = [
  { header: 'NAME', get: (r) => r.name },
  { header: 'DEFAULT', get: (r) => (r.default ? 'yes' : '') },
  { header: 'DOCUMENTS', get: (r) => r.documents },
];

export async function run(ctx: Context): Promise<void> {
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
}
