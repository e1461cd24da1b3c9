// The render pool's first drawing thread, started with its command (`pull --with-pdf local`) as
// the command's flags are read, before the pool that draws on it (pool.ts): this module loads
// nothing but the thread's start, so that the thread starts while the command's own modules load.
import type { Worker } from 'node:worker_threads';
import type { Context } from '../../context.js';
import type { PdfDocType } from '../doc-types.js';
import { builtWorkerFile, startThread } from '../../worker-file.js';
import { warmThread } from '../../warm-thread.js';
import type { RenderRequest } from './pool.js';

/**
 * A render thread's young generation, in MB a semi-space (startThread). A DANFe allocates some
 * 200 KB that die with it, so at the process's 2 MB a render thread collected every ten documents:
 * some 390 scavenges for 3,000 DANFes, each pausing the drawing (a sixth of a pull's drawing
 * thread in its profile, at load 13). At 8 MB, some 100 scavenges, their pauses 0.4 to 0.5 s in
 * all instead of 0.56 to 1.24 (--trace-gc, one thread drawing 3,000 NF-e; 16 MB took little more
 * off, for twice the memory), for some 13 MB more resident while a pool draws.
 */
const RENDER_SEMI_SPACE_MB = 8;

export function startRenderThread(file: string): Worker {
  return startThread(file, { semiSpaceMb: RENDER_SEMI_SPACE_MB });
}

/**
 * Starts the pool's first drawing thread now, and has it load `type`'s renderer: a command that
 * will draw (`pull --with-pdf local`) calls it as its flags are read, so that the thread's start
 * (its isolate, node's start in it, the drawing modules: some 100 ms of CPU) runs while the
 * command's own modules load, on a core otherwise idle then, rather than beside the pull's first
 * pages. Whatever the machine's load: the command will draw on it. The next pool of the process
 * draws on it (pool.ts, warm-thread.ts takeWarm); one that none takes ends with the command.
 *
 * It compiles its hot code itself (worker-file.ts compileInThread): beside a pull, whose main and
 * catalog threads keep the other core busy, V8's platform thread spent more CPU on the drawing's
 * compiles than the drawing thread does (the bench's PDF pull some 40 ms less for it), and the
 * pull's own compiles and collections wait there. A pool's other threads (a second one on an idle
 * core, `pdf --local`'s, whose main thread leaves a core to the platform thread) compile there
 * still: in place, the compiles lengthen the drawing that `pdf --local` waits for (1,000 NF-e
 * drawn 5-7% slower in two bench runs, for 10-25% less CPU).
 */
export function startDrawingThread(ctx: Pick<Context, 'defer'>, type: PdfDocType): void {
  const file = builtWorkerFile('render-worker');
  if (file)
    warmThread(ctx, file, {
      semiSpaceMb: RENDER_SEMI_SPACE_MB,
      compileInThread: true,
      idleCore: () => true,
      first: { preload: type } satisfies RenderRequest,
    });
}
