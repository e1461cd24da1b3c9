// `fiscal latam xml <id>...`: each document's XML as stored (GET /v1/latam/{id}/xml, designed).
// One id without --dir goes to standard output, unchanged; otherwise <dir>/<id>.xml, replaced
// atomically, one row per id. An id that fails is a failed row and the others go on (exit 7).
import { join } from 'node:path';
import { latamXml } from '../../api/latam.js';
import { InterruptedError, PartialError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { ensureFolder, saveDownload, savedColumns, type SaveOutcome } from '../shared/saved-files.js';
import { verb } from '../shared/verb.js';
import { checkLatamIds, latamIds } from './ids.js';
import { xmlVerb } from './index.js';

interface XmlRecord extends SaveOutcome {
  id: string;
}

export default verb(xmlVerb, {
  check: (_o, args) => checkLatamIds(args),
  async run(ctx, o, args) {
    const ids = await latamIds(ctx, args, o.stdin);
    const http = await ctx.http();
    if (ids.length === 1 && o.dir === undefined) {
      // Errors here are the command's own: not found is exit 4.
      ctx.io.stdout.write(await latamXml(http, ids[0]!));
      return;
    }
    const dir = o.dir ?? '.';
    await ensureFolder(dir);
    const writer = createRecordWriter<XmlRecord>(ctx, { columns: savedColumns('ID', (r) => r.id) });
    let failed = 0;
    try {
      for (const id of ids) {
        if (ctx.signal.aborted) throw new InterruptedError('xml stopped');
        const record: XmlRecord = {
          id,
          ...(await saveDownload(ctx, join(dir, `${id}.xml`), () => latamXml(http, id))),
        };
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
  },
});
