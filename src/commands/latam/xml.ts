// `fiscal latam xml <id>...`: each document's XML as stored (GET /v1/latam/{id}/xml, designed).
// One id without --dir goes to standard output, unchanged; otherwise <dir>/<id>.xml, replaced
// atomically, one row per id. An id that fails is a failed row and the others go on (exit 7).
import { join } from 'node:path';
import { z } from 'zod';
import { latamXml } from '../../api/latam.js';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { ensureFolder, saveDownload, savedColumns, type SaveOutcome } from '../saved-files.js';
import { checkLatamId, latamIds } from './ids.js';

export interface LatamXmlOptions {
  ids: string[];
  stdin: boolean;
  dir?: string | undefined;
}

interface XmlRecord extends SaveOutcome {
  id: string;
}

const schema = z.object({ ids: z.array(z.string().trim()), stdin: z.boolean().default(false), dir: z.string().min(1, 'expected a folder').optional() });

export function parseOptions(raw: Record<string, unknown>, args: string[]): LatamXmlOptions {
  const o = parseWith(schema, { ...raw, ids: args });
  for (const id of o.ids) checkLatamId(id);
  return o;
}


export async function run(ctx: Context, options: LatamXmlOptions): Promise<void> {
  const ids = await latamIds(ctx, options.ids, options.stdin);
  const http = await ctx.http();
  if (ids.length === 1 && options.dir === undefined) {
    // Errors here are the command's own: not found is exit 4.
    ctx.io.stdout.write(await latamXml(http, ids[0]!));
    return;
  }
  const dir = options.dir ?? '.';
  await ensureFolder(dir);
  const writer = createRecordWriter<XmlRecord>(ctx, { columns: savedColumns('ID', (r) => r.id) });
  let failed = 0;
  try {
    for (const id of ids) {
      if (ctx.signal.aborted) throw new InterruptedError('xml stopped');
      const record: XmlRecord = { id, ...(await saveDownload(ctx, join(dir, `${id}.xml`), () => latamXml(http, id))) };
      if (record.status === 'error') {
        failed++;
        ctx.io.stderr.write(`fiscal: ${id}: ${record.message}\n`);
      }
      writer.write(record);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${ids.length} XML could not be saved`);
}

