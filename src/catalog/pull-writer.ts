// The catalog as the pull writes it: facts staged as each page is written (from the bytes the
// pull holds, never read again), applied once a commit's index lines and checkpoints are saved,
// with the index length they bring the catalog to. A crash between the two leaves the catalog
// behind the index, and the next open ingests the difference from the folder (folder.ts).
import { extractFacts } from './extract/index.js';
import type { DocumentFacts } from './facts.js';
import { hashOf } from './folder.js';
import type { CatalogLine, CatalogStore, Coverage, StatusRecord } from './store.js';

/** An index line as the pull writes it (src/sync/index-file.ts). */
type PulledLine = Omit<CatalogLine, 'facts'>;

export class CatalogWriter {
  private readonly facts = new WeakMap<PulledLine, DocumentFacts>();
  private records: StatusRecord[] = [];

  constructor(
    private readonly store: CatalogStore,
    private coverage: Coverage,
  ) {}

  /** Reads a document's facts from the bytes being written: kept until its commit. */
  stage(line: PulledLine, bytes: Uint8Array): void {
    try {
      const f = extractFacts(line.type, bytes);
      if (f) this.facts.set(line, f);
    } catch {
      // A document the lean reader cannot follow is catalogued with what its index line says.
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
    const rows = lines.map((l) => ({ ...l, facts: this.facts.get(l) }));
    await this.store.apply(rows, this.records, cov);
    this.records = [];
    this.coverage = cov;
  }
}
