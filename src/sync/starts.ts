// Where each stream of a pull starts: its checkpoint, unless it was made with other filters
// (refused, unless --restart) or --restart asks for the beginning.
import { UsageError } from '../errors.js';
import type { Logger } from '../context.js';
import { CorruptCheckpointError, type Checkpoint, type Checkpoints } from './checkpoint.js';
import type { StreamSource } from './source.js';

export interface StreamStart {
  /** The checkpoint the stream continues from (its counters carry on). */
  checkpoint: Checkpoint;
  /** The position to fetch from; undefined starts at the beginning. */
  resumeFrom: Checkpoint | undefined;
}

export function initialCheckpoint(source: StreamSource): Checkpoint {
  return {
    version: 1,
    stream: source.key,
    filters: source.filters,
    endpoint: source.endpoint,
    cursor: 0,
    paginator: null,
    createdHighWater: null,
    indexLength: 0,
    documents: 0,
    pages: 0,
  };
}

export async function resolveStarts(
  store: Checkpoints,
  sources: StreamSource[],
  restart: boolean,
  log: Logger,
): Promise<{ starts: StreamStart[]; committedLength: number }> {
  const starts: StreamStart[] = [];
  for (const source of sources) {
    const saved = await loadOrSkip(store, source, restart, log);
    if (restart || !saved) {
      starts.push({ checkpoint: initialCheckpoint(source), resumeFrom: undefined });
      continue;
    }
    if (saved.filters !== source.filters || saved.endpoint !== source.endpoint) {
      throw new UsageError(`${source.label}: the checkpoint in this folder was made with other filters`, {
        details: [
          `checkpoint: ${store.pathOf(source.key)}`,
          `its filters: ${saved.endpoint} ${saved.filters}`,
          `this run's:  ${source.endpoint} ${source.filters}`,
          'use another --dir, or --restart to start over with these filters',
        ],
      });
    }
    starts.push({ checkpoint: saved, resumeFrom: saved });
  }
  const all = await store.all({ skipCorrupt: restart });
  const committedLength = Math.max(0, ...all.map((c) => c.indexLength));
  return { starts, committedLength };
}

async function loadOrSkip(
  store: Checkpoints,
  source: StreamSource,
  restart: boolean,
  log: Logger,
): Promise<Checkpoint | undefined> {
  try {
    return await store.load(source.key);
  } catch (e) {
    if (!(restart && e instanceof CorruptCheckpointError)) throw e;
    log.warn(`${e.message}; --restart replaces it`);
    return undefined;
  }
}
