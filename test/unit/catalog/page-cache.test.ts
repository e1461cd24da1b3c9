// A catalog connection's page cache (src/catalog/sqlite-store.ts, `cacheKb`): better-sqlite3 builds
// SQLite with 16 MB a connection, which the pull's catalog thread filled and kept resident; the
// pull opens its connection with less (facts-worker.ts), every other connection keeps the default.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteCatalog } from '../../../src/catalog/sqlite-store.js';
import { tempDir } from '../../helpers/tree.js';

describe("a catalog connection's page cache", () => {
  it("is the size asked for, in KB, and better-sqlite3's 16 MB otherwise", async () => {
    const path = join(tempDir('fiscal-cache-'), 'catalog.sqlite');
    const small = await SqliteCatalog.open(path, { cacheKb: 2048 });
    const other = await SqliteCatalog.open(path);
    try {
      expect(await small.select('PRAGMA cache_size')).toEqual([{ cache_size: -2048 }]);
      expect(await other.select('PRAGMA cache_size')).toEqual([{ cache_size: -16000 }]);
    } finally {
      await small.close();
      await other.close();
    }
  });
});
