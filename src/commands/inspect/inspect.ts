// `fiscal inspect`: read local fiscal XML (offline) and write one summary per document.
//
// Every file is read on its own: one that cannot be read (missing, empty, not XML, malformed, of a
// type no reader knows) is named on stderr with the reason, and with -o json/ndjson also written as
// a record `{source, error, failure, root?}` so that a script sees the whole picture in one stream.
// The other files go on; the exit code is then 7 (PartialError). No path that exists: 2.
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError, UsageError } from '../../errors.js';
import { DOCUMENT_KINDS, DocumentReadError, readDocuments, type DocumentKind } from '../../fiscal/readers/index.js';
import { createRecordWriter, type RecordWriter } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { CSV_COLUMNS, TABLE_COLUMNS, type InspectRecord } from './columns.js';
import { fsReason, inputFiles } from '../shared/input-files.js';
import { FolderClues } from './folder-clues.js';
import { settleStatus } from '../../fiscal/summary-status.js';

export interface InspectOptions {
  paths: string[];
  /** Kinds to keep; all when undefined. */
  types?: DocumentKind[];
}

/** Larger files are not fiscal documents (the largest NF-e allowed is far below this). */
const MAX_BYTES = 64 * 1024 * 1024;

const schema = z.object({
  paths: z.array(z.string().min(1)).min(1, 'give at least one XML file or folder'),
  type: z
    .array(z.string())
    .transform((values, ctx) =>
      values.map((v) => {
        const kind = v.toLowerCase() as DocumentKind;
        if (!DOCUMENT_KINDS.includes(kind)) {
          ctx.addIssue({ code: 'custom', message: `"${v}" is not a kind; use ${DOCUMENT_KINDS.join(', ')}` });
        }
        return kind;
      }),
    )
    .optional(),
});

export function parseOptions(raw: Record<string, unknown>, args: string[]): InspectOptions {
  const parsed = parseWith(schema, { ...raw, paths: args });
  return { paths: parsed.paths, ...(parsed.type && { types: [...new Set(parsed.type)] }) };
}

interface Tally {
  files: number;
  documents: number;
  problems: number;
}

export async function run(ctx: Context, options: InspectOptions): Promise<void> {
  await requireSomePath(options.paths);
  const format = ctx.outputFormat();
  const writer = createRecordWriter<InspectRecord>(ctx, {
    columns: format === 'csv' ? CSV_COLUMNS : TABLE_COLUMNS,
    emptyMessage: 'No documents found.',
  });
  const withProblems = format === 'json' || format === 'ndjson';
  const tally: Tally = { files: 0, documents: 0, problems: 0 };
  const clues = new FolderClues();
  try {
    for await (const input of inputFiles(options.paths)) {
      if (ctx.signal.aborted) throw new InterruptedError('inspect stopped');
      tally.files++;
      const problem = 'problem' in input ? { failure: 'unreadable', error: input.problem } : await inspectFile(ctx, input.path, options, { writer, tally, clues });
      if (!problem) continue;
      tally.problems++;
      ctx.io.stderr.write(`fiscal: ${input.path}: ${problem.error}\n`);
      if (withProblems) writer.write({ source: input.path, ...problem });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (ctx.io.stderrIsTTY) ctx.log.info(`${tally.documents} documents in ${tally.files - tally.problems} of ${tally.files} files`);
  if (tally.problems > 0) {
    throw new PartialError(`${tally.problems} of ${tally.files} files could not be read`);
  }
}

/** Writes the documents of one file; returns what went wrong instead when it yields none. */
async function inspectFile(
  ctx: Context,
  path: string,
  options: InspectOptions,
  { writer, tally, clues }: { writer: RecordWriter<InspectRecord>; tally: Tally; clues: FolderClues },
): Promise<{ failure: string; error: string; root?: string } | undefined> {
  let bytes: Buffer;
  try {
    const size = (await stat(path)).size;
    if (size > MAX_BYTES) return { failure: 'unreadable', error: `too large for a fiscal document (${Math.round(size / 1048576)} MiB)` };
    bytes = await readFile(path);
  } catch (error) {
    return { failure: 'unreadable', error: fsReason(error) };
  }
  let documents;
  try {
    documents = readDocuments(bytes, path);
  } catch (error) {
    if (!(error instanceof DocumentReadError)) throw error;
    return { failure: error.failure, error: error.message, ...(error.root && { root: error.root }) };
  }
  for (const doc of documents) {
    if (options.types && !options.types.includes(doc.kind)) continue;
    for (const warning of doc.warnings) ctx.log.warn(`${path}: ${warning}`);
    // The XML keeps the protocol it was authorized with; a pull folder knows of later events.
    writer.write(doc.kind === 'event' ? doc : settleStatus(doc, await clues.for(path, doc)));
    tally.documents++;
  }
  return undefined;
}

/** Exit 2 when none of the paths exists: most likely a typo, and nothing could be read. */
async function requireSomePath(paths: readonly string[]): Promise<void> {
  const found = await Promise.all(paths.map((p) => stat(p).then(() => true, () => false)));
  if (!found.some(Boolean)) {
    const list = paths.map((p) => `"${p}"`).join(', ');
    throw new UsageError(`no such file or directory: ${list}`);
  }
}
