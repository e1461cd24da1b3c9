// `fiscal pdf <nfe|cte|cteos|mdfe|nfse>`: the PDF of each key (NFS-e: R10 id), written as
// <dir>/<key>.pdf. What differs per type (check, endpoint, file name) is in kinds.ts.
//
// Every key (arguments and --stdin) is checked before the first request, so a typo costs nothing.
// Keys then go one by one: a key the API refuses (404, 422) or a file that cannot be written is a
// failed row and the others go on; the exit code is then 7 (PartialError). Credentials refused or
// an interruption stop the whole run, since every other key would fail the same way.
import { join } from 'node:path';
import { z } from 'zod';
import { NFSE_PDF_ROLES } from '../../api/wire/pdf.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import type { VerbModule } from '../action.js';
import { parseWith } from '../options.js';
import { ensureFolder, saveDownload, savedColumns, type SaveOutcome } from '../saved-files.js';
import { PDF_KINDS, type ManualOption, type PdfKind, type PdfType } from './kinds.js';

export interface PdfOptions {
  keys: string[];
  dir: string;
  stdin: boolean;
  /** nfse only: the OCR original as this role sees it. */
  manual?: ManualOption;
}

export interface PdfRecord extends SaveOutcome {
  key: string;
}

const schema = z.object({
  keys: z.array(z.string()),
  dir: z.string().min(1, 'expected a folder'),
  stdin: z.boolean().optional(),
  manual: z.boolean().optional(),
  role: z.enum(NFSE_PDF_ROLES).optional(),
});

/** The verb module of one document type. */
export function pdfVerb(type: PdfType): VerbModule<PdfOptions> {
  return pdfKindVerb(PDF_KINDS[type]);
}

/** The verb module of any kind of PDF: the record groups (receipts, invoices...) bring their own. */
export function pdfKindVerb(kind: PdfKind): VerbModule<PdfOptions> {
  return { parseOptions: (raw, args) => parseOptions(kind, raw, args), run: (ctx, options) => run(ctx, kind, options) };
}

function parseOptions(kind: PdfKind, raw: Record<string, unknown>, args: string[]): PdfOptions {
  const parsed = parseWith(schema, { ...raw, keys: args.map((a) => a.trim()) });
  if (parsed.manual && !parsed.role) throw new UsageError(`--manual needs --role (${NFSE_PDF_ROLES.join(', ')}): the role the account's company has in the note`);
  if (parsed.role && !parsed.manual) throw new UsageError('--role only applies with --manual');
  if (parsed.keys.length === 0 && !parsed.stdin) throw new UsageError('give at least one key, or --stdin to read them from standard input');
  for (const key of parsed.keys) kind.check(key, '');
  const options: PdfOptions = { keys: parsed.keys, dir: parsed.dir, stdin: Boolean(parsed.stdin) };
  if (parsed.manual) options.manual = { role: parsed.role! };
  return options;
}

/** A key from one line of input: the line itself, or the key / id field (or `field`) of an NDJSON record. */
export function keyOfLine(line: string, field?: string): string | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{')) return text;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return text;
  }
  const r = record as Record<string, unknown>;
  const key = field ? r[field] : (r.AccessKey ?? r.access_key ?? r.key ?? r.id ?? r.Id);
  return typeof key === 'string' ? key.trim() : text;
}

async function stdinKeys(ctx: Context, kind: PdfKind): Promise<string[]> {
  if (ctx.io.stdinIsTTY) throw new UsageError('--stdin reads piped keys, but standard input is a terminal');
  let input = '';
  for await (const chunk of ctx.io.stdin) input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const keys: string[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    const key = keyOfLine(line, kind.idField);
    if (key === undefined) return;
    kind.check(key, ` (standard input, line ${i + 1})`);
    keys.push(key);
  });
  return keys;
}


async function run(ctx: Context, kind: PdfKind, options: PdfOptions): Promise<void> {
  const keys = [...new Set([...options.keys, ...(options.stdin ? await stdinKeys(ctx, kind) : [])])];
  if (keys.length === 0) throw new UsageError('no key on standard input');
  await ensureFolder(options.dir);
  const http = await ctx.http();
  const writer = createRecordWriter<PdfRecord>(ctx, { columns: savedColumns('KEY', (r) => r.key) });
  let failed = 0;
  let notFound: NotFoundError | undefined;
  let notFoundCount = 0;
  const download = async (key: string) => {
    try {
      return await kind.download(http, key, options.manual);
    } catch (error) {
      if (error instanceof NotFoundError) (notFound = error), notFoundCount++;
      throw error;
    }
  };
  try {
    for (const key of keys) {
      if (ctx.signal.aborted) throw new InterruptedError('pdf stopped');
      const file = join(options.dir, kind.fileName(key, options.manual));
      const record: PdfRecord = { key, ...(await saveDownload(ctx, file, () => download(key))) };
      if (record.status === 'error') {
        failed++;
        ctx.io.stderr.write(`fiscal: ${key}: ${record.message}\n`);
      }
      writer.write(record);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  const what = options.manual ? 'original PDF' : kind.what;
  // Nothing named exists (every key answered 404): exit 4, as `fiscal xml` does; else a partial run.
  if (notFound && notFoundCount === keys.length) {
    throw new NotFoundError(`${keys.length === 1 ? `${keys[0]}` : `none of the ${keys.length} keys`}: not found, no ${what} saved`, 404, notFound.method, notFound.path);
  }
  if (failed > 0) throw new PartialError(`${failed} of ${keys.length} ${what} could not be saved`);
}

