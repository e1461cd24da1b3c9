// The key store's state file, `.fiscal/keys/state.json`: how many bytes of index.ndjson the shards
// cover, and how many documents of each type, role and owner that part holds. A run that finds
// nothing new says how many documents the folder has from here, without reading the index.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexedRecord } from './key-store.js';

/** Documents (not events) in the covered part of the index, by `type|role|owner`. */
export type DocumentCounts = Record<string, number>;

/** The state file's format: version 1 had no document counts (such a store is rebuilt). */
export const STATE_VERSION = 2;

/** The `type|role|owner` a document line is counted under (see `documentsIn`). */
const countKey = (r: Pick<IndexedRecord, 'type' | 'role' | 'owner'>) => `${r.type}|${r.role}|${r.owner}`;

interface State {
  version: number;
  indexLength: number;
  documents: DocumentCounts;
}

export function readState(path: string): State | undefined {
  try {
    const s = JSON.parse(readFileSync(path, 'utf8')) as Partial<State>;
    if (s.version !== STATE_VERSION || !Number.isInteger(s.indexLength) || typeof s.documents !== 'object')
      return undefined;
    return s as State;
  } catch {
    return undefined;
  }
}

/**
 * Documents of the index whose `type|role|owner` passes `match`, from the state file alone, when
 * it covers exactly `indexLength` bytes (what a run leaves); undefined otherwise.
 */
export function documentsIn(
  keysDir: string,
  indexLength: number,
  match: (type: string, role: string, owner: string) => boolean,
): number | undefined {
  const state = readState(join(keysDir, 'state.json'));
  if (!state || state.indexLength !== indexLength) return undefined;
  let n = 0;
  for (const [k, count] of Object.entries(state.documents)) {
    const [type = '', role = '', owner = ''] = k.split('|');
    if (match(type, role, owner)) n += count;
  }
  return n;
}

/** The counts once `records` (index lines) are covered too. */
export function counted(counts: DocumentCounts, records: readonly IndexedRecord[]): DocumentCounts {
  const out = { ...counts };
  for (const r of records) if (r.event === undefined) out[countKey(r)] = (out[countKey(r)] ?? 0) + 1;
  return out;
}

/**
 * Replaces the state file at once (a temp file renamed): a reader sees the old or the new one. The
 * counts are in sorted order, not in the order their first lines came: streams' lines interleave
 * as their pages arrive, and the file must not depend on that.
 */
export function writeState(path: string, state: State): void {
  const tmp = `${path}.tmp`;
  const documents = Object.fromEntries(Object.entries(state.documents).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(tmp, `${JSON.stringify({ ...state, documents })}\n`);
  renameSync(tmp, path);
}
