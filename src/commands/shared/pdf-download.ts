// Downloading PDFs by key or id, for `fiscal pdf <type>` and the groups whose records have a PDF
// (`fiscal boletos pdf`, `fiscal receipts pdf`...: records-pdf.ts). What differs per kind (how a
// value is checked, which endpoint serves it, the file it is saved as) is a PdfKind; the rest is
// downloadPdfs.
//
// Every key (arguments and --stdin) is checked before the first request, so a typo costs nothing.
// Keys then go one by one: a key the API refuses (404, 422) or a file that cannot be written is a
// failed row and the others go on; the exit code is then 7 (PartialError). Credentials refused or
// an interruption stop the whole run, since every other key would fail the same way.
import { join } from 'node:path';
import type { HttpClient } from '../../api/http.js';
import { documentPdf, nfseManualPdf } from '../../api/pdf.js';
import type { NfsePdfRole } from '../../api/wire/pdf.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import {
  accessKeyProblem,
  badAccessKey,
  modelName,
  MODELS,
  parseAccessKey,
  type ModelCode,
} from '../../fiscal/access-key.js';
import { byType, DOC_TYPE_NAMES, docType, hasApiPdf, type ApiPdfDocType } from '../../fiscal/doc-types.js';
import { nfseIdProblem } from '../../fiscal/nfse-id.js';
import { createRecordWriter } from '../../output/writer.js';
import { ensureFolder, saveDownload, savedColumns, type SaveOutcome } from './saved-files.js';
import { itemOfLine } from './stdin-lines.js';

/** `--manual --role <role>`: the OCR original of an NFS-e rather than its DANFSe. */
interface ManualOption {
  role: NfsePdfRole;
}

export interface PdfKind {
  /** What one PDF is called in messages: DANFe, DACTe... */
  what: string;
  /** Throws a UsageError naming `value` (and `where` it came from) when it cannot be asked for. */
  check(value: string, where: string): void;
  fileName(value: string, manual?: ManualOption): string;
  download(http: HttpClient, value: string, manual?: ManualOption): Promise<Buffer>;
  /** The field of a piped NDJSON record that holds the value, when the usual ones (access_key...) would be wrong. */
  idField?: string;
  /** What a value is called when none is given: `key` unless said otherwise. */
  noun?: string;
}

interface PdfOptions {
  keys: string[];
  dir: string;
  stdin: boolean;
  /** nfse only: the OCR original as this role sees it. */
  manual?: ManualOption;
}

interface PdfRecord extends SaveOutcome {
  key: string;
}

function keyed(type: Exclude<ApiPdfDocType, 'nfse'>): PdfKind {
  const model = docType(type).model as ModelCode;
  return {
    what: docType(type).pdf!,
    check(key, where) {
      const problem = accessKeyProblem(key);
      if (problem) throw new UsageError(badAccessKey(key, problem, where));
      const actual = parseAccessKey(key).model as ModelCode;
      if (actual !== model) {
        throw new UsageError(
          `"${key}"${where} is a key of model ${actual} (${MODELS[actual] ?? 'unknown'}), not ${modelName(model)} (${model})`,
        );
      }
    },
    fileName: (key) => `${key}.pdf`,
    download: (http, key) => documentPdf(http, type, key),
  };
}

const NFSE: PdfKind = {
  what: 'DANFSe',
  check(id, where) {
    const problem = nfseIdProblem(id);
    if (problem) throw new UsageError(`invalid NFS-e id "${id}"${where}: ${problem}`);
  },
  // `:` is not allowed in Windows file names; the id's parts are digits and dashes otherwise.
  fileName: (id, manual) => `${id.replace(/[^0-9A-Za-z.-]/g, '_')}${manual ? '-original' : ''}.pdf`,
  download: (http, id, manual) => (manual ? nfseManualPdf(http, manual.role, id) : documentPdf(http, 'nfse', id)),
};

/** Every type whose PDF the service draws: by access key, and the NFS-e by id. */
export const PDF_KINDS: Record<ApiPdfDocType, PdfKind> = {
  ...byType(
    keyed,
    DOC_TYPE_NAMES.filter((t): t is Exclude<ApiPdfDocType, 'nfse'> => hasApiPdf(t) && t !== 'nfse'),
  ),
  nfse: NFSE,
};

/** The rules a verb checks before anything is read or sent: the keys given, and some key to come. */
export function checkPdfKeys(kind: PdfKind, keys: readonly string[], stdin: boolean): void {
  if (keys.length === 0 && !stdin)
    throw new UsageError(`give at least one ${kind.noun ?? 'key'}, or --stdin to read them from standard input`);
  for (const key of keys) kind.check(key.trim(), '');
}

async function stdinKeys(ctx: Context, kind: PdfKind): Promise<string[]> {
  if (ctx.io.stdinIsTTY) throw new UsageError('--stdin reads piped keys, but standard input is a terminal');
  let input = '';
  for await (const chunk of ctx.io.stdin)
    input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const keys: string[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    const key = itemOfLine(line, kind.idField);
    if (key === undefined) return;
    kind.check(key, ` (standard input, line ${i + 1})`);
    keys.push(key);
  });
  return keys;
}

/** Saves the PDF of each key as <dir>/<file name of the kind>, one row per key. */
export async function downloadPdfs(ctx: Context, kind: PdfKind, options: PdfOptions): Promise<void> {
  const given = options.keys.map((k) => k.trim());
  const keys = [...new Set([...given, ...(options.stdin ? await stdinKeys(ctx, kind) : [])])];
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
      if (error instanceof NotFoundError) {
        notFound = error;
        notFoundCount++;
      }
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
    throw new NotFoundError(
      `${keys.length === 1 ? `${keys[0]}` : `none of the ${keys.length} keys`}: not found, no ${what} saved`,
      404,
      notFound.method,
      notFound.path,
    );
  }
  if (failed > 0) throw new PartialError(`${failed} of ${keys.length} ${what} could not be saved`);
}
