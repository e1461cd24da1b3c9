// `fiscal pdf <type> --local <files or folders>`: each XML of that type drawn here (DANFe, DACTe...)
// with no request, written beside it as <name>.pdf (or into --dir), each replaced atomically.
//
// Every path is checked before anything is drawn (a missing one is exit 2, naming it). Folders are
// walked for *.xml, skipping what is not of the type (events, other documents) and the pull's own
// state (.fiscal); a file named on the command line that is not of the type is a failed row. A
// file that cannot be drawn (malformed, truncated, no key) is a failed row and the others go on:
// the exit code is then 7. A folder that refuses the PDFs stops the run (exit 10).
// CANCELADA: an XML of a pull folder is canceled when its catalog says so (the statuses the pull
// learnt, with or without an event file: docs/catalog.md), any other when an event file of
// cancellation lies beside it (sync/local-status.ts), or when the file carries its own.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError, UsageError } from '../../errors.js';
import { createProgress } from '../../output/progress.js';
import { createRecordWriter } from '../../output/writer.js';
import { BACKLOG_TO_GROW } from '../../fiscal/render/pool-size.js';
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { docType, type ApiPdfDocType, type PdfDocType } from '../../fiscal/doc-types.js';
import { ensureFolder, saveFiles, type SaveOutcome } from '../shared/saved-files.js';
import type { CatalogReads } from '../shared/catalog-reads.js';
import { PullFolderCatalogs } from '../shared/pull-folder-catalogs.js';

type LocalPdfType = PdfDocType;

interface LocalPdfOptions {
  paths: string[];
  /** Where the PDFs go; undefined: beside each XML. */
  dir?: string | undefined;
}

interface LocalPdfRecord extends SaveOutcome {
  xml: string;
}

/** An XML to draw, and whether the user named it (then a file of another type is an error, not a skip). */
interface Input {
  file: string;
  named: boolean;
}

export function checkLocalPaths(paths: readonly string[], stdin: boolean): void {
  if (stdin) throw new UsageError('--stdin reads access keys; with --local name the XML files or folders');
  if (paths.length === 0) throw new UsageError('--local needs XML files or folders to draw');
}

/** The XML files under `paths`: files as named, folders walked (hidden entries skipped). */
async function inputsOf(paths: readonly string[]): Promise<Input[]> {
  const out: Input[] = [];
  const seen = new Set<string>();
  const add = (file: string, named: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    out.push({ file, named });
  };
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile() && /\.xml$/i.test(e.name)) add(path, false);
    }
  };
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new UsageError(`--local: ${path}: no such file or folder`);
    if (info.isDirectory()) await walk(path);
    else add(path, true);
  }
  return out;
}

/** `a/b/NAME.xml` -> `a/b/NAME.pdf`, or `<dir>/NAME.pdf`. */
function pdfPathFor(xml: string, dir: string | undefined): string {
  const name = `${basename(xml).replace(/\.xml$/i, '')}.pdf`;
  return join(dir ?? dirname(xml), name);
}

/** What became of one XML: its PDF to save, a row, or nothing (a folder's file of another type, skipped). */
type Drawn = ToSave | Said;
type ToSave = { pdf: Buffer; input: Input };
type Said = { record: LocalPdfRecord } | { skipped: true };

/**
 * PDFs saved at a time (saveFiles: one sync of the group, one of each folder); the files in flight
 * are twice as many, so that the pool draws the next group while one is saved, and at least twice
 * the backlog at which the pool grows, so that on a machine with idle cores a drawing thread kept
 * busy gets company (pool-size.ts: with 64 in flight the pool never grew, where the last minute's
 * load average gave it a thread per idle core before).
 */
const SAVED_TOGETHER = 32;
const IN_FLIGHT = Math.max(2 * SAVED_TOGETHER, 2 * BACKLOG_TO_GROW);

export async function renderLocalPdfs(ctx: Context, type: LocalPdfType, options: LocalPdfOptions): Promise<void> {
  const inputs = await inputsOf(options.paths);
  const [{ RenderError }, { createRenderPool }] = await Promise.all([
    import('../../fiscal/render/index.js'),
    import('../../fiscal/render/pool.js'),
  ]);
  const what = docType(type).pdf;
  if (options.dir) await ensureFolder(options.dir);
  const writer = createRecordWriter<LocalPdfRecord>(ctx, {
    columns: [
      { header: 'XML', get: (r) => r.xml, truncate: false },
      { header: 'STATUS', get: (r) => r.status },
      { header: 'BYTES', get: (r) => r.bytes },
      { header: 'FILE', get: (r) => r.file, truncate: false },
      { header: 'MESSAGE', get: (r) => r.message, width: 60 },
    ],
  });
  const progress = createProgress(ctx, { label: `drawing ${what}`, total: inputs.length, unit: 'files' });
  const pool = createRenderPool({ log: (m) => ctx.log.debug(m) });
  // The catalog's code loads with the first pull folder found: loose files open none.
  let reads: Promise<CatalogReads> | undefined;
  const catalogs = new PullFolderCatalogs(async (dir) =>
    (await (reads ??= import('../shared/catalog-reads.js').then((m) => m.catalogReads(ctx, undefined)))).folder(dir),
  );
  let drawn = 0;
  let failed = 0;

  /** Reads and draws (on the pool) one XML. */
  const draw = async (input: Input): Promise<Drawn> => {
    try {
      const bytes = await readFile(input.file).catch((e: Error) => {
        throw new RenderError(`cannot read the file: ${e.message}`);
      });
      // A pull folder's catalog weighed the events beside the file already, and knows the statuses
      // learnt without one (a listing's); a file no catalog lists is told by the event files beside it.
      const status = await catalogs.statusOf(input.file);
      const job = status === undefined ? { besideFile: input.file } : { canceled: status === 'canceled' };
      return { pdf: await pool.render(type, bytes, job), input };
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      // A folder's other files (events, other types) are not this command's: skipped unless named.
      if (error.otherType && !input.named) return { skipped: true };
      return { record: { xml: input.file, status: 'error', message: error.message } };
    }
  };
  /** Drawn XML in order, their rows said once their PDFs are saved; what stops every item (a full disk) throws. */
  const drawnInOrder: Drawn[] = [];
  let toSave = 0;
  const saveAndReport = async () => {
    const group = drawnInOrder.splice(0);
    toSave = 0;
    const saving = group.filter((d): d is ToSave => 'pdf' in d);
    const files = saving.map((d) => ({ file: pdfPathFor(d.input.file, options.dir), bytes: d.pdf }));
    const outcomes = new Map(zip(saving, await saveFiles(ctx, files)));
    for (const d of group) report('pdf' in d ? { record: { xml: d.input.file, ...outcomes.get(d)! } } : d);
  };
  const settle = async (d: Drawn) => {
    drawnInOrder.push(d);
    if ('pdf' in d && ++toSave >= SAVED_TOGETHER) await saveAndReport();
  };
  const report = (d: Said) => {
    progress.tick();
    if ('skipped' in d) return;
    if (d.record.status === 'error') {
      failed++;
      ctx.io.stderr.write(`fiscal: ${d.record.xml}: ${d.record.message}\n`);
    } else drawn++;
    writer.write(d.record);
  };

  // Files in flight, in order: the pool draws the next ones while the last are synced to disk.
  const ahead: Promise<{ ok: Drawn } | { error: unknown }>[] = [];
  const limit = IN_FLIGHT;
  try {
    for (const input of inputs) {
      if (ctx.signal.aborted) throw new InterruptedError('pdf stopped');
      ahead.push(
        draw(input).then(
          (ok) => ({ ok }),
          (error: unknown) => ({ error }),
        ),
      );
      if (ahead.length >= limit) await settle(settled(await ahead.shift()!));
    }
    while (ahead.length) await settle(settled(await ahead.shift()!));
    await saveAndReport();
  } catch (error) {
    // Nothing is left writing once the command says why it stopped.
    await Promise.all(ahead.splice(0));
    progress.stop();
    writer.fail();
    throw error;
  } finally {
    writer.end();
    await pool.close();
    await catalogs.close();
  }
  progress.stop();
  if (drawn + failed === 0)
    throw new UsageError(`--local: no ${type} XML found in ${options.paths.join(', ')} (nothing drawn)`);
  if (failed > 0) throw new PartialError(`${failed} of ${drawn + failed} ${what} could not be drawn`);
}

const zip = <A, B>(a: A[], b: B[]): Array<[A, B]> => a.map((x, i) => [x, b[i]!]);

function settled<T>(result: { ok: T } | { error: unknown }): T {
  if ('error' in result) throw result.error;
  return result.ok;
}

interface KeyedPdfOptions {
  local: boolean;
  stdin: boolean;
  dir?: string | undefined;
}

/** The check and run of `fiscal pdf <type>` (and `fiscal mdfe pdf`): keys downloaded, or --local XML drawn. */
export function keyedOrLocal(type: Exclude<ApiPdfDocType, 'nfse'>) {
  return {
    check: (o: KeyedPdfOptions, keys: string[]) =>
      o.local ? checkLocalPaths(keys, o.stdin) : checkPdfKeys(PDF_KINDS[type], keys, o.stdin),
    run: (ctx: Context, o: KeyedPdfOptions, keys: string[]) =>
      o.local
        ? renderLocalPdfs(ctx, type, { paths: keys, dir: o.dir })
        : downloadPdfs(ctx, PDF_KINDS[type], { keys, dir: o.dir ?? '.', stdin: o.stdin }),
  };
}
