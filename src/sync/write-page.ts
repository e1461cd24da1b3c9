// Writing one page of a pull: each new document to its layout path (and its attachments beside
// it), each event beside every copy of its document; what is already in the index is skipped.
// Files are renamed into place at once and made durable by the next commit (committer.ts).
import { hash } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from '../context.js';
import { documentStatus, type StatusDocType } from '../fiscal/doc-status.js';
import type { FileWrite } from './file-writes.js';
import { entryId, type IndexEntry } from './index-file.js';
import { attachmentPath, eventFileName, fileKey, UnsafeValueError, type Layout } from './layout.js';
import { copiesCanceledBy, redrawCanceled, type CanceledRedraw } from './redraw-canceled.js';
import type { PulledDocument, SourcePage } from './source.js';
import type { CommitDeps, StreamState } from './stream-state.js';
import type { StreamSummary } from './summary.js';

/** Where a page is written: the run's folder, its layout and its logger. */
interface WriteTarget {
  dir: string;
  layout: Layout;
  log: Logger;
  signal: AbortSignal;
  /** How the run draws its PDFs here (`--with-pdf local`): the copies a page makes canceled are drawn again. */
  redrawPdf?: CanceledRedraw | undefined;
}

/** What writePage answers when an events page must wait for the next run (see HOLD_EVENTS_MS). */
export const HELD = Symbol('held');

/**
 * An event whose document is not in the folder is skipped when it is older than the run by more
 * than this (the document is not one this pull wants: another role, owner or filter); a newer one
 * may belong to a document that arrived after the run read its listing, so it is kept for the next run.
 */
const HOLD_EVENTS_MS = 15 * 60_000;

export async function writePage(
  o: WriteTarget,
  s: StreamState,
  page: SourcePage,
  d: CommitDeps,
  started: number,
): Promise<IndexEntry[] | typeof HELD> {
  const entries: IndexEntry[] = [];
  // Before its events are placed: their lines say canceled already.
  const canceled =
    o.redrawPdf && s.source.phase === 'events'
      ? copiesCanceledBy(page, d.index, s.source.key.type, o.redrawPdf.drawnCanceled)
      : [];
  // A page's documents are written together, in one batch (DurableWriter.writeAll).
  let files: FileWrite[] = [];
  let batched: Array<{ entry: IndexEntry; xml: Uint8Array; file: FileWrite }> = [];
  const writeBatch = async () => {
    // The catalog reads a document's facts at its commit, from the bytes its thread kept as it
    // wrote the file, or (files written elsewhere) from a copy handed to it now.
    const copied = batched.filter(({ entry, file }) => !(file.staged = d.catalog?.stageWritten(entry)));
    const written = d.writer.writeAll(files);
    for (const { entry, xml } of copied) d.catalog?.stage(entry, xml);
    await written;
    entries.push(...batched.map((b) => b.entry));
    files = [];
    batched = [];
  };
  for (const [i, doc] of page.docs.entries()) {
    if (doc.event) {
      await writeBatch();
      const placed = await writeEvent(o, doc, doc.event, d, s.summary);
      if (placed === undefined) {
        const at = Date.parse(doc.event.createdAt);
        if (at >= started - HOLD_EVENTS_MS) {
          // Said in the summary, never hidden behind "up to date" (the page's events from here).
          s.summary.deferred = {
            events: page.docs.length - i,
            until: new Date(at + HOLD_EVENTS_MS).toISOString(),
          };
          return HELD;
        }
        s.summary.skipped++;
        continue;
      }
      entries.push(...placed);
      continue;
    }
    // The document's own file is the first documentFiles adds (its attachments follow).
    const at = files.length;
    const entry = documentFiles(o, doc, d, s.summary, files);
    if (entry) batched.push({ entry, xml: doc.xml, file: files[at]! });
  }
  await writeBatch();
  if (o.redrawPdf && canceled.length > 0) {
    const target = { dir: o.dir, type: s.source.key.type, draw: o.redrawPdf.draw, writer: d.writer, signal: o.signal };
    const redrawn = await redrawCanceled(target, canceled);
    if (redrawn) o.log.debug(`${s.source.label}: ${redrawn} PDFs drawn again, CANCELADA`);
  }
  return entries;
}

function layoutPath(o: WriteTarget, doc: PulledDocument, sum: StreamSummary): string | undefined {
  try {
    const [yyyy = '', mm = '', dd = ''] = /^(\d{4})-(\d{2})-(\d{2})/.exec(doc.emissionDate)?.slice(1) ?? [];
    return o.layout.relativePathFor({
      owner: doc.owner,
      type: doc.type,
      role: doc.role,
      yyyy,
      mm,
      dd,
      key: fileKey(doc.key),
      number: doc.number,
      emitter: doc.emitter,
    });
  } catch (e) {
    if (!(e instanceof UnsafeValueError)) throw e;
    refuse(o, sum, doc.key.slice(0, 60), e.message);
    return undefined;
  }
}

/** Refusals warned about one by one, and listed in the summary; past it they are counted only. */
export const REFUSALS_LISTED = 20;

/** A stream that refuses a document on every page must not print (nor keep) a line for each. */
function refuse(o: WriteTarget, sum: StreamSummary, key: string, reason: string): void {
  sum.refusedCount++;
  if (sum.refused.length < REFUSALS_LISTED) {
    sum.refused.push({ key, reason });
    o.log.warn(`${sum.label}: document ${JSON.stringify(key)} not written: ${reason}`);
    if (sum.refused.length === REFUSALS_LISTED)
      o.log.warn(`${sum.label}: further documents refused are counted in the summary, not listed`);
  }
}

/** `a/b/KEY.xml` -> `a/b/NAME`: an event file beside its document. */
function beside(rel: string, name: string): string {
  const slash = rel.lastIndexOf('/');
  return `${rel.slice(0, slash + 1)}${name}`;
}

/**
 * A document's files (it and its attachments), added to `files`, and its index line; undefined
 * when it was already in the index or was refused.
 */
function documentFiles(
  o: WriteTarget,
  doc: PulledDocument,
  d: CommitDeps,
  sum: StreamSummary,
  files: FileWrite[],
): IndexEntry | undefined {
  if (doc.refusal) {
    refuse(o, sum, doc.key.slice(0, 60), doc.refusal);
    return undefined;
  }
  const id = { key: doc.key, role: doc.role, owner: doc.owner };
  if (d.index.has(id) || d.pending.has(entryId(id))) {
    sum.skipped++;
    return undefined;
  }
  const rel = layoutPath(o, doc, sum);
  if (rel === undefined) return undefined;
  files.push({ path: join(o.dir, rel), data: doc.xml });
  for (const a of doc.attachments ?? []) files.push({ path: join(o.dir, attachmentPath(rel, a.suffix)), data: a.data });
  const entry: IndexEntry = {
    key: doc.key,
    type: doc.type,
    role: doc.role,
    owner: doc.owner,
    path: rel,
    sha256: hash('sha256', doc.xml),
    bytes: doc.xml.length,
    status: doc.status,
    created_at: doc.createdAt,
  };
  return entry;
}

/**
 * Writes an event beside every copy of its document in the folder (`<key>-<type>-<seq>.xml`)
 * with an index line that carries the document's status after it; undefined when no copy is here.
 */
async function writeEvent(
  o: WriteTarget,
  doc: PulledDocument,
  ev: NonNullable<PulledDocument['event']>,
  d: CommitDeps,
  sum: StreamSummary,
): Promise<IndexEntry[] | undefined> {
  const copies = d.index
    .placementsOf(doc.key)
    .filter((p) => (!doc.role || p.role === doc.role) && (!doc.owner || p.owner === doc.owner));
  if (copies.length === 0) return undefined;
  const out: IndexEntry[] = [];
  for (const copy of copies) {
    const id = { key: doc.key, role: copy.role, owner: copy.owner, event: ev.type, seq: ev.seq };
    if (d.index.has(id) || d.pending.has(entryId(id))) {
      sum.skipped++;
      continue;
    }
    const rel = beside(copy.path, eventFileName(doc.key, ev.type, ev.seq));
    await d.writer.write(join(o.dir, rel), doc.xml);
    const entry: IndexEntry = {
      key: doc.key,
      type: doc.type,
      role: copy.role,
      owner: copy.owner,
      path: rel,
      sha256: hash('sha256', doc.xml),
      bytes: doc.xml.length,
      status:
        documentStatus({ type: doc.type as StatusDocType, index: copy.status, events: [{ type: ev.type }] }) ??
        copy.status,
      created_at: ev.createdAt,
      event: ev.type,
      seq: ev.seq,
    };
    d.catalog?.stage(entry, doc.xml);
    out.push(entry);
  }
  return out;
}
