// `fiscal upload <file|dir|->...`: each XML through POST /v1/dfe/upload (R25), one result row per
// file. Every file is checked locally first (well-formed XML of a known fiscal type, valid access
// key R7), so a bad file costs no request and the others go on. Files whose exact bytes already
// succeeded against this server and account (the journal) are not sent again. Exit 7 when some
// file failed; credentials refused or an interruption stop the run.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { uploadDocument } from '../../api/upload.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError, UsageError } from '../../errors.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { checkUploadXml } from '../../fiscal/upload-check.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { fsReason, inputFiles } from '../inspect/files.js';
import { parseWith } from '../options.js';
import { DEFAULT_JOURNAL, UploadJournal } from './journal.js';

export interface UploadOptions {
  paths: string[];
  owners: string[];
  dryRun: boolean;
  journal: string;
}

export interface UploadRecord {
  file: string;
  key?: string;
  type?: string;
  success: boolean;
  message: string;
}

const schema = z.object({
  paths: z.array(z.string().min(1)).min(1, 'give at least one file, folder or -'),
  owner: z.array(z.string()).default([]),
  dryRun: z.boolean().default(false),
  journal: z.string().min(1, 'expected a file name').default(DEFAULT_JOURNAL),
});

export function parseOptions(raw: Record<string, unknown>, args: string[]): UploadOptions {
  const parsed = parseWith(schema, { ...raw, paths: args });
  for (const owner of parsed.owner) {
    const problem = taxIdProblem(owner);
    if (problem) throw new UsageError(`--owner: "${owner}" is not a valid CNPJ/CPF: ${problem}`);
  }
  if (parsed.paths.filter((p) => p === '-').length > 1) throw new UsageError('give - (standard input) at most once');
  return { paths: parsed.paths, owners: [...new Set(parsed.owner)], dryRun: parsed.dryRun, journal: parsed.journal };
}

const COLUMNS: Column<UploadRecord>[] = [
  { header: 'FILE', get: (r) => r.file, width: 50 },
  { header: 'TYPE', get: (r) => r.type },
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'SUCCESS', get: (r) => r.success },
  { header: 'MESSAGE', get: (r) => r.message, width: 70 },
];

/** The files to send: `-` is standard input, folders are walked for *.xml. */
async function* sources(ctx: Context, paths: readonly string[]): AsyncGenerator<{ file: string; bytes?: Uint8Array; problem?: string }> {
  for (const path of paths) {
    if (path === '-') {
      if (ctx.io.stdinIsTTY) throw new UsageError('- reads an XML from standard input, but standard input is a terminal');
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      yield { file: '-', bytes: Buffer.concat(chunks) };
      continue;
    }
    for await (const input of inputFiles([path])) {
      if ('problem' in input) yield { file: input.path, problem: input.problem };
      else {
        try {
          yield { file: input.path, bytes: await readFile(input.path) };
        } catch (error) {
          yield { file: input.path, problem: fsReason(error) };
        }
      }
    }
  }
}

/** The key or id a row shows, and the type: the first document of the file. */
function identity(doc: DocumentSummary | undefined): Pick<UploadRecord, 'key' | 'type'> {
  if (!doc) return {};
  if (doc.kind === 'event') return { type: `event ${doc.event?.type ?? ''}`.trim(), ...(doc.event?.refKey ? { key: doc.event.refKey } : {}) };
  const key = doc.key ?? doc.id;
  return { type: doc.kind, ...(key ? { key } : {}) };
}

export async function run(ctx: Context, options: UploadOptions): Promise<void> {
  const target = await ctx.target();
  const journal = await UploadJournal.open(options.journal, target.baseUrl, target.apiId);
  const writer = createRecordWriter<UploadRecord>(ctx, { columns: COLUMNS, emptyMessage: 'No XML file found.' });
  let failed = 0;
  let total = 0;
  try {
    for await (const source of sources(ctx, options.paths)) {
      if (ctx.signal.aborted) throw new InterruptedError('upload stopped');
      total++;
      const record = await uploadOne(ctx, options, journal, source);
      if (!record.success) {
        failed++;
        ctx.io.stderr.write(`fiscal: ${record.file}: ${record.message}\n`);
      }
      writer.write(record);
    }
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${total} files were not uploaded`);
}

async function uploadOne(ctx: Context, options: UploadOptions, journal: UploadJournal, source: { file: string; bytes?: Uint8Array; problem?: string }): Promise<UploadRecord> {
  const { file, bytes } = source;
  if (!bytes) return { file, success: false, message: source.problem ?? 'unreadable' };
  const check = checkUploadXml(bytes, file);
  if (!check.ok) return { file, success: false, message: check.message };
  const row = { file, ...identity(check.documents[0]) };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const done = journal.find(sha256);
  if (done) return { ...row, success: true, message: `already uploaded at ${done.at} (journal), not sent again` };
  if (options.dryRun) return { ...row, success: true, message: 'dry run: would be sent' };
  try {
    const result = await uploadDocument(await ctx.http(), bytes, options.owners);
    if (result.success) await journal.record(sha256, { file, ...identity(check.documents[0]), at: new Date(ctx.clock.now()).toISOString() });
    return { ...row, success: result.success, message: result.message };
  } catch (error) {
    // 403 on upload is about the owner (R3), not the credentials: that file fails, the others go on.
    const ownerRefused = error instanceof AuthError && error.status === 403;
    if ((error instanceof AuthError && !ownerRefused) || error instanceof InterruptedError || ctx.signal.aborted) throw error;
    if (error instanceof FiscalError) return { ...row, success: false, message: error.message };
    throw error;
  }
}
