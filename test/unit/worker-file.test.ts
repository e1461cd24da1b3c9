// A worker thread's young generation (src/worker-file.ts, startThread): the size asked, whatever
// the process's own (bin/fiscal.js keeps the main thread's at 2 MB, a flag that overrides a
// worker's resourceLimits), and the process's flags back once it has started: a thread started
// after (the catalog's, the file writer's) gets the process's own. A DANFe's garbage dies young, so
// the render pool's threads start with 8 MB semi-spaces (src/fiscal/render/pool.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startRenderThread } from '../../src/fiscal/render/early-thread.js';
import { startThread } from '../../src/worker-file.js';
import { tempDir } from '../helpers/tree.js';

/** A worker script that answers the size of its heap's new space. */
function newSpaceScript(): string {
  const file = join(tempDir(), 'new-space.mjs');
  writeFileSync(
    file,
    [
      "import { parentPort } from 'node:worker_threads';",
      "import { getHeapSpaceStatistics } from 'node:v8';",
      "parentPort.postMessage(getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);",
    ].join('\n'),
  );
  return file;
}

const answer = (worker: Worker) =>
  new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());

describe('startThread', () => {
  it("gives a thread the semi-spaces asked, and one started after it the process's own", async () => {
    const script = newSpaceScript();
    const eight = await answer(startThread(script, { semiSpaceMb: 8 }));
    const sixteen = await answer(startThread(script, { semiSpaceMb: 16 }));
    const after = await answer(new Worker(script));
    expect(eight).toBeGreaterThanOrEqual(8 * 2 ** 20);
    expect(sixteen).toBeGreaterThanOrEqual(16 * 2 ** 20);
    expect(after).toBeLessThan(8 * 2 ** 20);
  });

  it("starts a render thread with 8 MB semi-spaces, and a thread started after it with the process's own", async () => {
    const script = newSpaceScript();
    const render = await answer(startRenderThread(script));
    const after = await answer(new Worker(script));
    expect(render).toBeGreaterThanOrEqual(8 * 2 ** 20);
    expect(after).toBeLessThan(8 * 2 ** 20);
  });
});
