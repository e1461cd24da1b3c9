// A render thread's young generation (src/fiscal/render/pool.ts): a DANFe's garbage dies young,
// so the pool's threads start with 8 MB semi-spaces whatever the process's own (bin/fiscal.js
// keeps the main thread's at 2 MB), and the process's flags are back once they have started: a
// thread started after them (the catalog's, the file writer's) gets the process's own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startRenderThread } from '../../../src/fiscal/render/pool.js';
import { tempDir } from '../../helpers/tree.js';

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

describe("the render pool: its threads' young generation", () => {
  it("starts a render thread with 8 MB semi-spaces, and a thread started after it with the process's own", async () => {
    const script = newSpaceScript();
    const render = await answer(startRenderThread(script));
    const after = await answer(new Worker(script));
    expect(render).toBeGreaterThanOrEqual(8 * 2 ** 20);
    expect(after).toBeLessThan(8 * 2 ** 20);
  });
});
