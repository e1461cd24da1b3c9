// Where a built worker thread's script is. The build (package.json) bundles each worker as
// dist/<name>.js, while the code that starts it lands in dist/cli.js or in a chunk under
// dist/chunks/: so the script is beside this module or one folder above it. Run from the sources
// (the tests without a build) there is none, and each caller then does the work on its own thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** dist/<name>.js, or undefined where fiscal runs from its sources. */
export function builtWorkerFile(name: string): string | undefined {
  for (const relative of [`./${name}.js`, `../${name}.js`]) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(file)) return file;
  }
  return undefined;
}

let detached = false;

/**
 * Detaches a buffer of nothing, once in a thread that will hand buffers to another (transferred,
 * so detached there). V8 leaves a check out of its optimized code while no buffer of the thread
 * was ever detached, and the first detach threw away every optimized function that reads a typed
 * array, to be compiled again (the catalog's walk and its helpers on its thread; undici's parser on
 * the pull's). Done before those are optimized, it costs nothing.
 */
export function detachOnce(): void {
  if (detached) return;
  detached = true;
  const none = new ArrayBuffer(0);
  structuredClone(none, { transfer: [none] });
}

const SEMI_SPACE_FLAGS = ['--min-semi-space-size', '--max-semi-space-size'];
const CONCURRENT_FLAG = '--concurrent-recompilation';
/** Workers started whose heap may not be made yet: the flags go back once there are none. */
let starting = 0;
/** Of those, the ones asked to compile on their own thread (compileInThread). */
let startingInThread = 0;

/**
 * A worker thread whose young generation has semi-spaces of `semiSpaceMb`, whatever the process's.
 * bin/fiscal.js keeps the process's at 2 MB (--max-semi-space-size), and that flag overrides a
 * worker's resourceLimits; a thread whose work makes garbage that dies young (a DANFe, a report's
 * rows) collects far less often with more. V8 reads the flags as a thread's heap is made: they
 * are set only while such workers start, then the process's own values come back (its command
 * line's, else V8's default, 0), so a thread started after them gets those.
 */
export function startThread(
  file: string,
  o: { semiSpaceMb: number; workerData?: unknown; compileInThread?: boolean },
): Worker {
  if (starting++ === 0) for (const flag of SEMI_SPACE_FLAGS) setFlagsFromString(`${flag}=${o.semiSpaceMb}`);
  // V8 gives an isolate its optimising compiler's background queue as the isolate is made, by the
  // flag then: a thread made while it is off compiles its hot functions itself.
  if (o.compileInThread && startingInThread++ === 0) setFlagsFromString(`--no-${CONCURRENT_FLAG.slice(2)}`);
  const worker = new Worker(file, o.workerData === undefined ? {} : { workerData: o.workerData });
  let online = false;
  const started = () => {
    if (online) return;
    online = true;
    if (--starting === 0)
      for (const flag of SEMI_SPACE_FLAGS)
        setFlagsFromString(process.execArgv.find((a) => a.startsWith(`${flag}=`)) ?? `${flag}=0`);
    if (o.compileInThread && --startingInThread === 0)
      setFlagsFromString(
        process.execArgv.find((a) => a === CONCURRENT_FLAG || a === `--no-${CONCURRENT_FLAG.slice(2)}`) ??
          CONCURRENT_FLAG,
      );
  };
  worker.once('online', started);
  worker.once('error', started);
  worker.once('exit', started);
  return worker;
}
