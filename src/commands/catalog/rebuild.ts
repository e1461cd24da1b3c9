// `fiscal catalog rebuild [dir]`: the catalog built again from the folder, with a progress bar.
import { join } from 'node:path';
import { openFolderCatalog, requirePullFolder } from '../../catalog/reader.js';
import { formatCount } from '../../output/locale.js';
import { createProgress } from '../../output/progress.js';
import { verb } from '../shared/verb.js';
import { rebuildVerb } from './index.js';

const DEFAULT_DIR = './fiscal-docs';

export default verb(rebuildVerb, {
  async run(ctx, _options, args) {
    const dir = args[0] ?? DEFAULT_DIR;
    requirePullFolder(dir);
    const started = ctx.clock.now();
    const progress = createProgress(ctx, { label: 'rebuilding the catalog', unit: 'bytes of index.ndjson' });
    let result;
    try {
      result = await openFolderCatalog(dir, {
        clock: ctx.clock,
        log: ctx.log,
        rebuild: true,
        progress: (done, total) => progress.update({ done, total }),
      });
    } finally {
      progress.stop();
    }
    const [row] = await result.store.select('SELECT count(*) AS n FROM documents');
    await result.store.close();
    const seconds = (ctx.clock.now() - started) / 1000;
    const threads = result.threads ?? 1;
    ctx.log.info(
      `rebuilt ${join(dir, '.fiscal', 'catalog.sqlite')}: ${formatCount(Number(row?.n ?? 0), 'en')} documents from ${formatCount(result.ingested, 'en')} lines in ${seconds.toFixed(1)} s (on ${threads} thread${threads === 1 ? '' : 's'})`,
    );
  },
});
