// `fiscal latam xml <id>...`: each document's XML as stored (GET /v1/latam/{id}/xml, designed).
// One id without --dir goes to standard output, unchanged; otherwise <dir>/<id>.xml, replaced
// atomically, one row per id. An id that fails is a failed row and the others go on (exit 7).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { latamXml } from '../../api/latam.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { writeFileAtomic } from '../../sync/durable.js';
import { parseWith } from '../options.js';
import { checkLatamId, latamIds } from './ids.js';

export interface LatamXmlOptions {
  ids: string[];
  stdin: boolean;
  dir?: string | undefined;
}

interface XmlRecord {
  id: string;
  status: 'ok' | 'error';
  file?: string;
  bytes?: number;
  message?: string;
}

const schema = z.object({ ids: z.array(z.string().trim()), stdin: z.boolean().default(false), dir: z.string().min(1, 'expected a folder').optional() });

export function parseOptions(raw: Record<string, unknown>, args: string[]): LatamXmlOptions {
  const o = parseWith(schema, { ...raw, ids: args });
  for (const id of o.ids) checkLatamId(id);
  return o;
}

const COLUMNS: Column<XmlRecord>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'BYTES', get: (r) => r.bytes },
  { header: 'FILE', get: (r) => r.file, truncate: false },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export async function run(ctx: Context, options: LatamXmlOptions): Promise<void> {
  const ids = await latamIds(ctx, options.ids, options.stdin);
  const http = await ctx.http();
  if (ids.length === 1 && options.dir === undefined) {
    // Errors here are the command's own: not found is exit 4.
    ctx.io.stdout.write(await latamXml(http, ids[0]!));
    return;
  }
  const dir = options.dir ?? '.';
  await mkdir(dir, { recursive: true });
  const writer = createRecordWriter<XmlRecord>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    for (const id of ids) {
      if (ctx.signal.aborted) throw new InterruptedError('xml stopped');
      const record = await saveOne(ctx, id, join(dir, `${id}.xml`), () => latamXml(http, id));
      if (record.status === 'error') {
        failed++;
        ctx.io.stderr.write(`fiscal: ${id}: ${record.message}\n`);
      }
      writer.write(record);
    }
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${ids.length} XML could not be saved`);
}

async function saveOne(ctx: Context, id: string, file: string, download: () => Promise<Buffer>): Promise<XmlRecord> {
  try {
    const xml = await download();
    // A sibling temp file: nothing of fiscal's is left in the user's folder but the XML.
    await writeFileAtomic(file, xml, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    return { id, status: 'ok', file, bytes: xml.length };
  } catch (error) {
    if (error instanceof AuthError || error instanceof InterruptedError || ctx.signal.aborted) throw error;
    if (error instanceof FiscalError) return { id, status: 'error', message: error.message };
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return { id, status: 'error', message: `cannot write the file: ${(error as Error).message}` };
    throw error;
  }
}
