// `fiscal manifest status <key|request_id>...`: where manifestation requests stand (4.14). An
// argument of 64 characters is a request id, anything else must be an NF-e key (R7). A key or id
// the service knows nothing of gets a row saying so.
import { z } from 'zod';
import { manifestStatus } from '../../api/manifest.js';
import { REQUEST_ID_LENGTH } from '../../api/wire/manifest.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { checkNfeKey, readKeys, type KeySources } from './keys.js';
import { ROW_COLUMNS, rowOfStatus, type ManifestRow } from './outcome.js';

export type StatusOptions = KeySources;

const schema = z.object({ keys: z.array(z.string()), stdin: z.boolean().optional(), file: z.string().min(1).optional() });

export function isRequestId(value: string): boolean {
  return value.length === REQUEST_ID_LENGTH;
}

function checkKeyOrId(value: string, where: string): void {
  if (!isRequestId(value)) checkNfeKey(value, where);
}

export function parseOptions(raw: Record<string, unknown>, args: string[]): StatusOptions {
  const o = parseWith(schema, { ...raw, keys: args.map((a) => a.trim()) });
  if (o.keys.length === 0 && !o.stdin && o.file === undefined) throw new UsageError('give at least one access key or request id, --file <path> or --stdin');
  for (const value of o.keys) checkKeyOrId(value, '');
  return { keys: o.keys, file: o.file, stdin: Boolean(o.stdin) };
}

export async function run(ctx: Context, options: StatusOptions): Promise<void> {
  const values = await readKeys(ctx, options, checkKeyOrId);
  const requestIds = values.filter(isRequestId);
  const accessKeys = values.filter((v) => !isRequestId(v));
  const http = await ctx.http();
  const items = await manifestStatus(http, { accessKeys, requestIds });
  const writer = createRecordWriter<ManifestRow>(ctx, { columns: ROW_COLUMNS });
  try {
    for (const item of items) writer.write(rowOfStatus(item));
    const answered = new Set(items.flatMap((i) => [i.access_key, i.request_id]));
    for (const value of values.filter((v) => !answered.has(v))) {
      const row: ManifestRow = { key: isRequestId(value) ? '' : value, code: '', status: 'error', message: 'no manifestation request known for it' };
      if (isRequestId(value)) row.request_id = value;
      writer.write(row);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
