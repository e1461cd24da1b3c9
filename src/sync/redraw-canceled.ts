// `pull --with-pdf local`: a document's PDF is drawn as its page comes, with the status the run
// knows then. A first pull of NF-e learns most cancellations later, from the listing of canceled
// notes (its events stream's first pages: docs/pull.md), and any run learns one from a
// cancellation event; so a copy that a page of the events phase makes canceled has its PDF drawn
// again, CANCELADA, and written with that page: durable by the commit that journals the status or
// indexes the event. A crash before that commit leaves the PDF drawn canceled and the status to be
// learnt again by the next run, which draws the same bytes again. A note the run drew CANCELADA
// already (a first pull asks the listing's first answer of canceled notes as it starts) is not
// drawn again.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CANCELLING_EVENTS, type EventDocType } from '../fiscal/event-codes.js';
import type { PdfFetcher } from './attachments.js';
import type { DurableWriter } from './durable.js';
import type { IndexFile } from './index-file.js';
import { attachmentPath } from './layout.js';
import type { SourcePage } from './source.js';

/** How a run draws its PDFs (`--with-pdf local`), and which keys it drew CANCELADA already. */
export interface CanceledRedraw {
  draw: PdfFetcher;
  drawnCanceled(key: string): boolean;
}

/** A copy of a document in the folder whose PDF was drawn before the run knew it canceled. */
interface CanceledCopy {
  key: string;
  role: string;
  owner: string;
  /** Its XML, relative to the folder. */
  path: string;
}

/**
 * Drawings asked of the pool at a time: a listing's page names 500 notes, whose XML and PDFs held
 * at once would be some 16 MB; this many keep the pool's backlog at the size that grows it.
 */
const REDRAWN_TOGETHER = 128;

/**
 * The copies `page` makes canceled (a listing's statuses, cancellation events of `type`) that were
 * not before it, each once: asked before the page's events are indexed (their lines say canceled).
 */
export function copiesCanceledBy(
  page: SourcePage,
  index: IndexFile,
  type: string,
  drawnCanceled: (key: string) => boolean,
): CanceledCopy[] {
  const cancelling = CANCELLING_EVENTS[type as EventDocType] ?? [];
  const named = [
    ...(page.statuses ?? []).filter((r) => r.status === 'canceled'),
    ...page.docs.filter((d) => d.event && cancelling.includes(d.event.type)),
  ];
  const out = new Map<string, CanceledCopy>();
  for (const r of named) {
    if (drawnCanceled(r.key)) continue;
    for (const p of index.placementsOf(r.key))
      if ((!r.role || p.role === r.role) && (!r.owner || p.owner === r.owner) && p.status !== 'canceled')
        out.set(p.path, { key: r.key, role: p.role, owner: p.owner, path: p.path });
  }
  return [...out.values()];
}

interface RedrawTarget {
  dir: string;
  type: string;
  draw: PdfFetcher;
  writer: DurableWriter;
  signal: AbortSignal;
}

/**
 * Draws the PDF of each copy again, canceled, from its XML in the folder, over the one beside it;
 * a copy written without a PDF (a run without --with-pdf, an XML that could not be drawn) gets none.
 * Answers how many were drawn.
 */
export async function redrawCanceled(t: RedrawTarget, copies: readonly CanceledCopy[]): Promise<number> {
  let redrawn = 0;
  for (let from = 0; from < copies.length; from += REDRAWN_TOGETHER) {
    const drawn = await Promise.all(copies.slice(from, from + REDRAWN_TOGETHER).map((c) => redraw(t, c)));
    const files = drawn.filter((f) => f !== undefined);
    await t.writer.writeAll(files);
    redrawn += files.length;
  }
  return redrawn;
}

async function redraw(t: RedrawTarget, c: CanceledCopy): Promise<{ path: string; data: Buffer } | undefined> {
  const pdf = join(t.dir, attachmentPath(c.path, '.pdf'));
  if (
    !(await stat(pdf).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    return undefined;
  const xml = await readFile(join(t.dir, c.path)).catch(() => undefined);
  if (!xml) return undefined;
  const doc = {
    ...c,
    type: t.type,
    xml,
    status: 'canceled',
    createdAt: null,
    emissionDate: '',
    number: '',
    emitter: '',
  };
  const data = await t.draw(doc, t.signal);
  return data && { path: pdf, data };
}
