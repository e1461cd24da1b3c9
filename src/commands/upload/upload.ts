// `fiscal upload <file|dir|->...`: each XML through POST /v1/dfe/upload (R25), one result row per
// file. Every file is checked locally first (well-formed XML of a known fiscal type, valid access
// key R7), so a bad file costs no request and the others go on. Files whose exact bytes already
// succeeded against this server and account (the journal) are not sent again. Exit 7 when some
// file failed; credentials refused or an interruption stop the run.
import { createHash } from 'node:crypto';
import { batchStatus, uploadBatch, uploadDocument } from '../../api/upload.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError, UsageError } from '../../errors.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import { checkUploadXml } from '../../fiscal/upload-check.js';
import { createProgress } from '../../output/progress.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { fileContents, XML_NAME } from '../shared/input-files.js';
import { verb } from '../shared/verb.js';
import { DEFAULT_BATCH_SIZE, upload } from './index.js';
import { UploadJournal, type PendingFile } from './journal.js';

interface UploadOptions {
  paths: string[];
  owners: string[];
  dryRun: boolean;
  journal: string;
  /** `--batch` (R26): NF-e sent in asynchronous batches of this many. */
  batch?: { size: number; wait: boolean; callbackUrl?: string | undefined } | undefined;
}

interface UploadRecord {
  file: string;
  key?: string;
  type?: string;
  success: boolean;
  message: string;
}

/** Designed: most invoices one batch takes. */
const MAX_BATCH_SIZE = 500;

export default verb(upload, {
  check(o, paths) {
    if (paths.filter((p) => p === '-').length > 1) throw new UsageError('give - (standard input) at most once');
    if (o.batchSize !== undefined && o.batchSize > MAX_BATCH_SIZE)
      throw new UsageError(`--batch-size: at most ${MAX_BATCH_SIZE} invoices per batch`);
    if (!o.batch && (o.callbackUrl || !o.wait || o.batchSize !== undefined))
      throw new UsageError('--batch-size, --no-wait and --callback-url go with --batch');
    if (o.batch && o.owner?.length)
      throw new UsageError('--owner does not go with --batch: the batch endpoint takes no owner');
  },
  async run(ctx, o, paths) {
    const owners = o.owner ?? [];
    const batch = o.batch
      ? { size: o.batchSize ?? DEFAULT_BATCH_SIZE, wait: o.wait, callbackUrl: o.callbackUrl }
      : undefined;
    await uploadFiles(ctx, { paths, owners: [...new Set(owners)], dryRun: o.dryRun, journal: o.journal, batch });
  },
});

const COLUMNS: Column<UploadRecord>[] = [
  { header: 'FILE', get: (r) => r.file, width: 50 },
  { header: 'TYPE', get: (r) => r.type },
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'SUCCESS', get: (r) => r.success },
  { header: 'MESSAGE', get: (r) => r.message, width: 70 },
];

/** The key or id a row shows, and the type: the first document of the file. */
function identity(doc: DocumentSummary | undefined): Pick<UploadRecord, 'key' | 'type'> {
  if (!doc) return {};
  if (doc.kind === 'event')
    return { type: `event ${doc.event?.type ?? ''}`.trim(), ...(doc.event?.refKey ? { key: doc.event.refKey } : {}) };
  const key = doc.key ?? doc.id;
  return { type: doc.kind, ...(key ? { key } : {}) };
}

async function uploadFiles(ctx: Context, options: UploadOptions): Promise<void> {
  const target = await ctx.target();
  const journal = await UploadJournal.open(options.journal, target.baseUrl, target.apiId);
  const writer = createRecordWriter<UploadRecord>(ctx, { columns: COLUMNS, emptyMessage: 'No XML file found.' });
  let failed = 0;
  let total = 0;
  const report = (record: UploadRecord) => {
    total++;
    if (!record.success) {
      failed++;
      ctx.io.stderr.write(`fiscal: ${record.file}: ${record.message}\n`);
    }
    writer.write(record);
  };
  try {
    if (options.batch) await runBatches(ctx, options, options.batch, journal, report);
    else {
      for await (const source of fileContents(ctx, options.paths, XML_NAME, 'an XML')) {
        if (ctx.signal.aborted) throw new InterruptedError('upload stopped');
        report(await uploadOne(ctx, options, journal, source));
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (total === 0) throw new UsageError(`no XML file found in ${options.paths.join(', ')}: nothing to upload`);
  if (failed > 0) throw new PartialError(`${failed} of ${total} files were not uploaded`);
}

/**
 * Designed here: far above any fiscal XML (an NF-e with hundreds of items is well under 1 MB),
 * far below what base64 in a JSON body makes a burden.
 */
const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

/** What is refused before sending: too large, a DOCTYPE (entities, external DTDs), bytes that are not the UTF-8 declared. */
function refusedLocally(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_UPLOAD_BYTES)
    return `the file is ${Math.ceil(bytes.length / (1024 * 1024))} MB, more than the ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB a fiscal XML can be; not sent`;
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  if (/<!DOCTYPE/i.test(head))
    return 'xml: a DOCTYPE (entities, external DTDs) is refused; fiscal XML has none; not sent';
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  if (declared === undefined || /^utf-?8$/i.test(declared)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return 'xml: declared UTF-8 but holds bytes that are not UTF-8; not sent';
    }
  }
  return undefined;
}

type Batch = NonNullable<UploadOptions['batch']>;

/**
 * `--batch` (R26): batches sent earlier whose results were never read are settled first (so a
 * request is never lost track of), then the NF-e not yet uploaded go in batches of `size`; with
 * `wait` each is polled until done and reported per invoice, else its request_id is reported.
 */
async function runBatches(
  ctx: Context,
  options: UploadOptions,
  b: Batch,
  journal: UploadJournal,
  report: (r: UploadRecord) => void,
): Promise<void> {
  const http = await ctx.http();
  for (const [requestId, files] of Object.entries(journal.pending())) {
    if (options.dryRun) continue;
    await settleBatch(ctx, requestId, files, journal, report, b.wait);
  }
  let chunk: { file: string; bytes: Uint8Array; pending: PendingFile }[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const files = chunk;
    chunk = [];
    if (options.dryRun) {
      for (const f of files)
        report({ file: f.file, ...pick(f.pending), success: true, message: 'dry run: would be sent in a batch' });
      return;
    }
    const requestId = await uploadBatch(
      http,
      files.map((f) => f.bytes),
      b.callbackUrl,
    );
    await journal.addPending(
      requestId,
      files.map((f) => f.pending),
    );
    await settleBatch(
      ctx,
      requestId,
      files.map((f) => f.pending),
      journal,
      report,
      b.wait,
    );
  };
  for await (const source of fileContents(ctx, options.paths, XML_NAME, 'an XML')) {
    if (ctx.signal.aborted) throw new InterruptedError('upload stopped');
    const { file, bytes } = source;
    if (!bytes) {
      report({ file, success: false, message: source.problem ?? 'unreadable' });
      continue;
    }
    const check = checkUploadXml(bytes, file);
    if (!check.ok) {
      report({ file, success: false, message: check.message });
      continue;
    }
    const row = { file, ...identity(check.documents[0]) };
    if (row.type !== 'nfe') {
      report({
        ...row,
        success: false,
        message: `--batch takes NF-e only; upload this ${row.type ?? 'file'} without --batch`,
      });
      continue;
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const done = journal.find(sha256);
    if (done) {
      report({ ...row, success: true, message: `already uploaded at ${done.at} (journal), not sent again` });
      continue;
    }
    chunk.push({ file, bytes, pending: { ...row, sha256, index: chunk.length } });
    if (chunk.length >= b.size) await flush();
  }
  await flush();
}

const pick = (f: Pick<PendingFile, 'key' | 'type'>) => ({
  ...(f.key ? { key: f.key } : {}),
  ...(f.type ? { type: f.type } : {}),
});

/** Waits for a batch (or, without `wait`, reports it queued) and records its results. */
async function settleBatch(
  ctx: Context,
  requestId: string,
  files: PendingFile[],
  journal: UploadJournal,
  report: (r: UploadRecord) => void,
  wait: boolean,
): Promise<void> {
  const http = await ctx.http();
  let data = await batchStatus(http, requestId);
  if (data.status !== 'done' && !wait) {
    for (const f of files)
      report({
        file: f.file,
        ...pick(f),
        success: true,
        message: `queued in batch ${requestId}; run again to read its result`,
      });
    return;
  }
  const progress = createProgress(ctx, { label: `batch ${requestId.slice(0, 12)}…`, total: data.total });
  let shown = 0;
  const show = (processed: number) => {
    progress.tick(processed - shown);
    shown = processed;
  };
  let delay = 250;
  while (data.status !== 'done') {
    show(data.processed);
    await sleep(delay, ctx.signal);
    delay = Math.min(delay * 2, 5000);
    data = await batchStatus(http, requestId);
  }
  show(data.processed);
  progress.stop();
  const at = new Date(ctx.clock.now()).toISOString();
  const successes: { sha256: string; entry: { file: string; key?: string; type?: string; at: string } }[] = [];
  for (const f of files) {
    const result = data.invoices.find((i) => i.index === f.index);
    const success = result?.success ?? false;
    if (success) successes.push({ sha256: f.sha256, entry: { file: f.file, ...pick(f), at } });
    report({
      file: f.file,
      ...pick(f),
      success,
      message: result ? `batch ${requestId}: ${result.message}` : `batch ${requestId}: no result for this invoice`,
    });
  }
  await journal.settle(requestId, successes);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new InterruptedError('upload stopped'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new InterruptedError('upload stopped; run again to read the batches already sent'));
      },
      { once: true },
    );
  });
}

async function uploadOne(
  ctx: Context,
  options: UploadOptions,
  journal: UploadJournal,
  source: { file: string; bytes?: Uint8Array; problem?: string },
): Promise<UploadRecord> {
  const { file, bytes } = source;
  if (!bytes) return { file, success: false, message: source.problem ?? 'unreadable' };
  const refused = refusedLocally(bytes);
  if (refused) return { file, success: false, message: refused };
  const check = checkUploadXml(bytes, file);
  if (!check.ok) return { file, success: false, message: check.message };
  const row = { file, ...identity(check.documents[0]) };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const done = journal.find(sha256);
  if (done) return { ...row, success: true, message: `already uploaded at ${done.at} (journal), not sent again` };
  if (options.dryRun) return { ...row, success: true, message: 'dry run: would be sent' };
  try {
    const result = await uploadDocument(await ctx.http(), bytes, options.owners);
    if (result.success)
      await journal.record(sha256, {
        file,
        ...identity(check.documents[0]),
        at: new Date(ctx.clock.now()).toISOString(),
      });
    return { ...row, success: result.success, message: result.message };
  } catch (error) {
    // 403 on upload is about the owner (R3), not the credentials: that file fails, the others go on.
    const ownerRefused = error instanceof AuthError && error.status === 403;
    if ((error instanceof AuthError && !ownerRefused) || error instanceof InterruptedError || ctx.signal.aborted)
      throw error;
    if (error instanceof FiscalError) return { ...row, success: false, message: error.message };
    throw error;
  }
}
