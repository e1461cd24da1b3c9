// The catalog as the pull writes it: facts staged as each page is written (from the bytes the
// pull holds, never read again), applied once a commit's index lines and checkpoints are saved,
// with the index length they bring the catalog to. A crash between the two leaves the catalog
// behind the index, and the next open ingests the difference from the folder (folder.ts).
import { eventSummary, extractFacts } from './extract/index.js';
import { hashOf } from './folder.js';
import type { CatalogLine, CatalogStore, Coverage, StatusRecord } from './store.js';

/** An index line as the pull writes it (src/sync/index-file.ts). */
export type PulledLine = Omit<CatalogLine, 'facts' | 'summary'>;

export class CatalogWriter {
  private readonly staged = new WeakMap<PulledLine, Pick<CatalogLine, 'facts' | 'summary'>>();
  private records: StatusRecord[] = [];

  constructor(
    private readonly store: CatalogStore,
    private coverage: Coverage,
  ) {}

  /** Reads a document's facts (an event's summary) from the bytes being written: kept until its commit. */
  stage(line: PulledLine, bytes: Uint8Array): void {
    try {
      if (line.event !== undefined) {
        const summary = eventSummary(line.type, bytes);
        if (summary) this.staged.set(line, { summary });
        return;
      }
      const facts = extractFacts(line.type, bytes);
      if (facts) this.staged.set(line, { facts });
    } catch {
      // A file the lean reader cannot follow is catalogued with what its index line says.
    }
  }

  /** A status learnt without a file, written to the journal with the same commit (journal.ts). */
  note(record: StatusRecord): void {
    this.records.push(record);
  }

  /**
   * The lines of a commit, now in the index up to `indexBytes` (`lastLine`: the text of its last
   * line), and the journal up to `journalBytes`.
   */
  async commit(
    lines: readonly PulledLine[],
    index: { bytes: number; lastLine: string | undefined },
    journal?: { bytes: number; lastLine: string | undefined },
  ): Promise<void> {
    const cov: Coverage = {
      ...this.coverage,
      indexBytes: index.bytes,
      ...(index.lastLine !== undefined ? { indexTail: hashOf(index.lastLine) } : {}),
      ...(journal ? { journalBytes: journal.bytes } : {}),
      ...(journal?.lastLine !== undefined ? { journalTail: hashOf(journal.lastLine) } : {}),
    };
    if (cov.indexBytes === this.coverage.indexBytes && cov.journalBytes === this.coverage.journalBytes) return;
    const rows = lines.map((l) => ({ ...l, ...this.staged.get(l) }));
    await this.store.apply(rows, this.records, cov);
    this.records = [];
    this.coverage = cov;
  }
}
