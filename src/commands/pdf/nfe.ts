// `fiscal pdf nfe`: the DANFe of each key, written as <dir>/<key>.pdf.
//
// Every key (arguments and --stdin) is checked before the first request, so a typo costs nothing.
// Keys then go one by one: a key the API refuses (404, 422) or a file that cannot be written is a
// failed row and the others go on; the exit code is then 7 (PartialError). Credentials refused or
// an interruption stop the whole run, since every other key would fail the same way.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { nfeDanfe } from '../../api/pdf.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError, UsageError } from '../../errors.js';
import { accessKeyProblem, MODELS, parseAccessKey } from '../../fiscal/access-key.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { writeFileAtomic } from '../../sync/durable.js';
import { parseWith } from '../options.js';

export interface PdfNfeOptions {
  keys: string[];
  dir: string;
  stdin: boolean;
}

export interface PdfRecord {
  key: string;
  file?: string;
  bytes?: number;
  status: 'ok' | 'error';
  message?: string;
}

const schema = z.object({
  keys: z.array(z.string()),
  dir: z.string().min(1, 'expected a folder'),
  stdin: z.boolean().optional(),
});

export function parseOptions(raw: Record<string, unknown>, args: string[]): PdfNfeOptions {
  const parsed = parseWith(schema, { ...raw, keys: args.map((a) => a.trim()) });
  if (parsed.keys.length === 0 && !parsed.stdin) throw new UsageError('give at least one access key, or --stdin to read them from standard input');
  for (const key of parsed.keys) checkKey(key);
  return { keys: parsed.keys, dir: parsed.dir, stdin: Boolean(parsed.stdin) };
}

/** Exit 2 naming the key: not a valid access key, or the key of another model. */
function checkKey(key: string, where = ''): void {
  const problem = accessKeyProblem(key);
  if (problem) throw new UsageError(`invalid access key "${key}"${where}: ${problem}`);
  const model = parseAccessKey(key).model as keyof typeof MODELS;
  if (model !== '55') throw new UsageError(`"${key}"${where} is a key of model ${model} (${MODELS[model] ?? 'unknown'}), not an NF-e (55)`);
}

/** A key from one line of input: the line itself, or the AccessKey / access_key of an NDJSON record. */
export function keyOfLine(line: string): string | undefined {
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
  const key = r.AccessKey ?? r.access_key ?? r.key;
  return typeof key === 'string' ? key.trim() : text;
}

async function stdinKeys(ctx: Context): Promise<string[]> {
  if (ctx.io.stdinIsTTY) throw new UsageError('--stdin reads piped keys, but standard input is a terminal');
  let input = '';
  for await (const chunk of ctx.io.stdin) input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  const keys: string[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    const key = keyOfLine(line);
    if (key === undefined) return;
    checkKey(key, ` (standard input, line ${i + 1})`);
    keys.push(key);
  });
  return keys;
}

const COLUMNS: Column<PdfRecord>[] = [
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'BYTES', get: (r) => r.bytes },
  { header: 'FILE', get: (r) => r.file, truncate: false },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export async function run(ctx: Context, options: PdfNfeOptions): Promise<void> {
  const keys = [...new Set([...options.keys, ...(options.stdin ? await stdinKeys(ctx) : [])])];
  if (keys.length === 0) throw new UsageError('no access key on standard input');
  await mkdir(options.dir, { recursive: true });
  const http = await ctx.http();
  const writer = createRecordWriter<PdfRecord>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    for (const key of keys) {
      if (ctx.signal.aborted) throw new InterruptedError('pdf stopped');
      const record = await fetchOne(ctx, key, options.dir, () => nfeDanfe(http, key));
      if (record.status === 'error') {
        failed++;
        ctx.io.stderr.write(`fiscal: ${key}: ${record.message}\n`);
      }
      writer.write(record);
    }
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${keys.length} DANFe could not be saved`);
}

async function fetchOne(ctx: Context, key: string, dir: string, download: () => Promise<Buffer>): Promise<PdfRecord> {
  try {
    const pdf = await download();
    const file = join(dir, `${key}.pdf`);
    // A sibling temp file: nothing of fiscal's is left in the user's folder but the PDFs.
    await writeFileAtomic(file, pdf, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    return { key, file, bytes: pdf.length, status: 'ok' };
  } catch (error) {
    if (error instanceof AuthError || error instanceof InterruptedError || ctx.signal.aborted) throw error;
    if (error instanceof FiscalError) return { key, status: 'error', message: error.message };
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return { key, status: 'error', message: `cannot write the file: ${(error as Error).message}` };
    throw error;
  }
}

