// What the pull engine knows of each stream while it runs, and what writing and committing a
// page needs: shared by the engine (pull-streams.ts), the committer (committer.ts) and the page
// writer (write-page.ts).
import type { CatalogWriter } from '../catalog/pull-writer.js';
import type { Checkpoint, Checkpoints } from './checkpoint.js';
import type { DurableWriter } from './durable.js';
import type { IndexEntry, IndexFile } from './index-file.js';
import type { Lane } from './lane.js';
import type { SourcePage, StreamSource } from './source.js';
import type { PullSummary, StreamSummary } from './summary.js';

export interface StreamState {
  source: StreamSource;
  lane: Lane<SourcePage>;
  checkpoint: Checkpoint;
  summary: StreamSummary;
  /** Pages in a row whose every document was already in the folder. */
  knownPages: number;
  /** A backfill window: it adds to its stream's summary, whose positions are the stream's own. */
  window: boolean;
  /** Part of a stream a backfill split (a window, or the stream itself). */
  split: boolean;
  /** Lanes of its stream read at once (PlannedStream.slots). */
  slots: number;
  /** A window not begun: it begins once fewer than `slots` lanes of its stream read (startQueued). */
  queued: boolean;
}

export interface CommitDeps {
  /** The pull folder: its status journal is appended by the commits that learnt statuses. */
  dir: string;
  /** Identities of the lines written since the last commit (not in the index yet). */
  pending: Set<string>;
  writer: DurableWriter;
  index: IndexFile;
  store: Checkpoints;
  summary: PullSummary;
  /** Called once a commit's files are durable, before its index lines and checkpoints. */
  onCommit?: ((entries: readonly IndexEntry[]) => Promise<void>) | undefined;
  /** The folder's catalog: facts staged as pages are written, applied by each commit. */
  catalog?: CatalogWriter | undefined;
}
