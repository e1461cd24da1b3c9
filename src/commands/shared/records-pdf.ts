// `fiscal <group> pdf <id>... [--stdin] --dir`: the PDF of each record of a group (boletos,
// receipts, invoices, utility bills), written as <dir>/<id>.pdf, a result row per id. Every id
// (arguments and --stdin) is checked before the first request; then an id the API refuses or a
// file that cannot be written is a failed row and the others go on (exit 7); every id not found
// is exit 4. Refused credentials or an interrupt stop the run.
import { join } from 'node:path';
import type { HttpClient } from '../../api/http.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { ensureFolder, saveDownload, savedColumns, type SaveOutcome } from '../saved-files.js';
import type { RecordIds } from './records-show.js';

export interface RecordPdfRow extends SaveOutcome {
  key: string;
}

export interface RecordPdfs extends RecordIds {
  download(http: HttpClient, id: string): Promise<Buffer>;
}

/** Checks the ids given as arguments (the verb's check): a UsageError naming the first bad one. */
export function checkPdfIds(args: readonly string[], stdin: boolean, o: RecordIds): void {
  const ids = args.map((a) => a.trim());
  if (ids.length === 0 && !stdin)
    throw new UsageError('give at least one id, or --stdin to read them from standard input');
  for (const id of ids) checkOne(o, id, '');
}

function checkOne(o: RecordIds, id: string, where: string): void {
  const why = o.problem(id);
  if (why) throw new UsageError(`invalid ${o.what} id "${id}"${where}: ${why}`);
}

/** The id of one line of input: the line, or the `id` of an NDJSON record (boletos also carry an access_key). */
function idOfLine(line: string): string | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{')) return text;
  try {
    const id = (JSON.parse(text) as Record<string, unknown>).id;
    return typeof id === 'string' ? id.trim() : text;
  } catch {
    return text;
  }
}

async function stdinIds(ctx: Context, o: RecordIds): Promise<string[]> {
  if (ctx.io.stdinIsTTY) throw new UsageError('--stdin reads piped keys, but standard input is a terminal');
  let input = '';
  for await (const chunk of ctx.io.stdin)
    input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const ids: string[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    const id = idOfLine(line);
    if (id === undefined) return;
    checkOne(o, id, ` (standard input, line ${i + 1})`);
    ids.push(id);
  });
  return ids;
}

/** `:` and the like are not allowed in every file system; record ids are letters, digits and `_`. */
const fileName = (id: string) => `${id.replace(/[^0-9A-Za-z.-]/g, '_')}.pdf`;

export async function saveRecordPdfs(
  ctx: Context,
  args: readonly string[],
  options: { dir: string; stdin: boolean },
  o: RecordPdfs,
): Promise<void> {
  checkPdfIds(args, options.stdin, o);
  const ids = [...new Set([...args.map((a) => a.trim()), ...(options.stdin ? await stdinIds(ctx, o) : [])])];
  if (ids.length === 0) throw new UsageError('no key on standard input');
  await ensureFolder(options.dir);
  const http = await ctx.http();
  const writer = createRecordWriter<RecordPdfRow>(ctx, { columns: savedColumns('KEY', (r) => r.key) });
  let failed = 0;
  let notFound: NotFoundError | undefined;
  let notFoundCount = 0;
  const download = async (id: string) => {
    try {
      return await o.download(http, id);
    } catch (error) {
      if (error instanceof NotFoundError) {
        notFound = error;
        notFoundCount++;
      }
      throw error;
    }
  };
  try {
    for (const id of ids) {
      if (ctx.signal.aborted) throw new InterruptedError('pdf stopped');
      const row: RecordPdfRow = {
        key: id,
        ...(await saveDownload(ctx, join(options.dir, fileName(id)), () => download(id))),
      };
      if (row.status === 'error') {
        failed++;
        ctx.io.stderr.write(`fiscal: ${id}: ${row.message}\n`);
      }
      writer.write(row);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (notFound && notFoundCount === ids.length) {
    throw new NotFoundError(
      `${ids.length === 1 ? ids[0] : `none of the ${ids.length} keys`}: not found, no ${o.what} saved`,
      404,
      notFound.method,
      notFound.path,
    );
  }
  if (failed > 0) throw new PartialError(`${failed} of ${ids.length} ${o.what} could not be saved`);
}
