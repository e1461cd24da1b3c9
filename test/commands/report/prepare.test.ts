// Which reports start their second thread while the command's modules load (commands/report/
// prepare.ts): one pull folder read from its own catalog of 24 MB or more, by a dimension the
// catalog's index does not answer (anything but the month and the status unfiltered). Whether a
// core is idle for it is machine-load.ts's rule, tested with warm-thread.ts.
import { closeSync, mkdirSync, openSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_NAME } from '../../../src/catalog/pull-folder.js';
import { foldsLargeCatalog } from '../../../src/commands/report/prepare.js';
import { tempDir } from '../../helpers/context.js';

/** A pull folder whose catalog file is `bytes` long (sparse: only its size is read). */
function folderWithCatalog(bytes: number): string {
  const dir = tempDir();
  const file = join(dir, CATALOG_NAME);
  mkdirSync(join(file, '..'), { recursive: true });
  const fd = openSync(file, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return dir;
}

const MB = 1 << 20;

describe('report: the second thread started ahead of its work', () => {
  // Made in each test: the temporary folders go after each.
  let large: string;
  let small: string;
  beforeEach(() => {
    large = folderWithCatalog(24 * MB);
    small = folderWithCatalog(24 * MB - 1);
  });

  it('for a large catalog folded by the items or the parties', () => {
    expect(foldsLargeCatalog({ by: ['ncm'] }, [large], {})).toBe(true);
    expect(foldsLargeCatalog({ by: ['month', 'product'] }, [large], {})).toBe(true);
    expect(foldsLargeCatalog({ by: ['emitter'] }, [large], {})).toBe(true);
  });

  it('not below 24 MB, nor for a folder with no catalog', () => {
    expect(foldsLargeCatalog({ by: ['ncm'] }, [small], {})).toBe(false);
    expect(foldsLargeCatalog({ by: ['ncm'] }, [tempDir()], {})).toBe(false);
  });

  it('not by month and status unfiltered (the index answers), but by them filtered', () => {
    expect(foldsLargeCatalog({}, [large], {})).toBe(false);
    expect(foldsLargeCatalog({ by: ['month', 'status'] }, [large], {})).toBe(false);
    expect(foldsLargeCatalog({ by: ['status'], owner: ['12345678000195'] }, [large], {})).toBe(true);
    expect(foldsLargeCatalog({ by: ['month'], from: '2026-01-01' }, [large], {})).toBe(true);
  });

  it('not for several paths, an HTML page, or a shared catalog', () => {
    expect(foldsLargeCatalog({ by: ['ncm'] }, [large, large], {})).toBe(false);
    expect(foldsLargeCatalog({ by: ['ncm'], html: 'r.html' }, [large], {})).toBe(false);
    expect(foldsLargeCatalog({ by: ['ncm'], catalog: 'postgres://x' }, [large], {})).toBe(false);
    expect(foldsLargeCatalog({ by: ['ncm'] }, [large], { FISCAL_CATALOG: 'postgres://x' })).toBe(false);
  });
});
