// `fiscal latam upload <file|dir|->...`: each document through POST /v1/latam/upload (designed),
// one row per file. Every file is read locally first with the reader the service uses, so a file
// that would be refused costs no request and the others go on. Exit 7 when some file failed;
// credentials refused or an interruption stop the run.
import { uploadLatam } from '../../api/latam.js';
import type { LatamCountry } from '../../api/wire/latam.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError, UsageError } from '../../errors.js';
import { LatamReadError, readLatamDocument } from '../../fiscal/latam/index.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { fileContents, XML_NAME, type FileInput } from '../shared/input-files.js';
import { verb } from '../shared/verb.js';
import { uploadVerb } from './index.js';

interface LatamUploadRecord {
  file: string;
  id?: string | undefined;
  country?: string | undefined;
  doc_type?: string | undefined;
  success: boolean;
  message: string;
}

const COLUMNS: Column<LatamUploadRecord>[] = [
  { header: 'FILE', get: (r) => r.file, width: 40 },
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'TYPE', key: 'doc_type', get: (r) => r.doc_type },
  { header: 'SUCCESS', get: (r) => r.success },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export default verb(uploadVerb, {
  check(_o, paths) {
    if (paths.filter((p) => p === '-').length > 1) throw new UsageError('give - (standard input) at most once');
  },
  run: (ctx, o, paths) => upload(ctx, { paths, country: o.country, dryRun: o.dryRun }),
});

interface LatamUploadOptions {
  paths: string[];
  country?: LatamCountry | undefined;
  dryRun: boolean;
}

async function upload(ctx: Context, options: LatamUploadOptions): Promise<void> {
  const writer = createRecordWriter<LatamUploadRecord>(ctx, { columns: COLUMNS, emptyMessage: 'No XML file found.' });
  let failed = 0;
  let total = 0;
  try {
    for await (const source of fileContents(ctx, options.paths, XML_NAME, 'an XML')) {
      if (ctx.signal.aborted) throw new InterruptedError('upload stopped');
      const record = await uploadOne(ctx, options, source);
      total++;
      if (!record.success) {
        failed++;
        ctx.io.stderr.write(`fiscal: ${record.file}: ${record.message}\n`);
      }
      writer.write(record);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${total} files were not uploaded`);
}

async function uploadOne(
  ctx: Context,
  options: LatamUploadOptions,
  { file, bytes, problem }: FileInput,
): Promise<LatamUploadRecord> {
  if (!bytes) return { file, success: false, message: problem ?? 'unreadable' };
  let row: LatamUploadRecord;
  try {
    const doc = readLatamDocument(bytes, options.country);
    row = { file, id: doc.id, country: doc.country, doc_type: doc.doc_type, success: true, message: '' };
  } catch (error) {
    if (error instanceof LatamReadError) return { file, success: false, message: error.message };
    throw error;
  }
  if (options.dryRun) return { ...row, message: 'dry run: would be sent' };
  try {
    const result = await uploadLatam(await ctx.http(), bytes, options.country);
    return { ...row, ...(result.id ? { id: result.id } : {}), success: result.success, message: result.message };
  } catch (error) {
    if (error instanceof AuthError || error instanceof InterruptedError || ctx.signal.aborted) throw error;
    if (error instanceof FiscalError) return { ...row, success: false, message: error.message };
    throw error;
  }
}
