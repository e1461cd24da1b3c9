// An emulator started by a command (`fiscal emulator`, the built-in `--profile emulator`) serves
// from a thread of its own where the build has one (dist/emulator-worker.js says why), and is
// made there too: generating its accounts' documents holds a thread for a second or more (more
// on a busy machine), and on the command's own thread a Ctrl-C then waited for it. Here the
// signal ends the thread at once, halfway through or not. Run from the sources (the tests without
// a build) the emulator is made and served on the calling thread.
import type { EmulatorThreadMessage } from './emulator-worker.js';
import type { Emulator, EmulatorOptions } from './server.js';
import { builtWorkerFile, startThread } from '../worker-file.js';

/** What a command needs of a running emulator, on this thread or its own. */
export interface Serving extends Pick<Emulator, 'url' | 'accounts' | 'close'> {
  /** Rejects if the emulator's thread dies while serving (a bug); never resolves otherwise. */
  failed: Promise<never>;
}

/** A semi-space of the emulator's thread, MB (emulator-worker.ts says why). */
const EMULATOR_SEMI_SPACE_MB = 16;

/**
 * Starts the emulator; rejects with `signal`'s reason, its thread ended, if the signal comes
 * before it listens. Its start's errors are thrown as createEmulator throws them.
 */
export async function startServing(options: EmulatorOptions, signal?: AbortSignal): Promise<Serving> {
  signal?.throwIfAborted();
  const file = builtWorkerFile('emulator-worker');
  if (file) return startInThread(file, options, signal);
  // Loaded only here: the built command never makes the emulator's data on its own thread.
  const { createEmulator } = await import('./server.js');
  const emulator = await createEmulator(options);
  return {
    url: emulator.url,
    accounts: emulator.accounts,
    close: () => emulator.close(),
    failed: new Promise(() => {}),
  };
}

function startInThread(file: string, options: EmulatorOptions, signal: AbortSignal | undefined): Promise<Serving> {
  const worker = startThread(file, { semiSpaceMb: EMULATOR_SEMI_SPACE_MB, workerData: options });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the emulator's thread ended (exit code ${code}) while serving`)));
  });
  failed.catch(() => {});
  return new Promise((resolve, reject) => {
    // Stopped, the thread is ended, and the start fails with the signal's reason once it is gone
    // (its exit): nothing of it outlives the command.
    failed.catch((error) => reject(signal?.aborted ? signal.reason : error));
    const onAbort = () => void worker.terminate();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (m: Exclude<EmulatorThreadMessage, { kind: 'closed' }>) => {
      signal?.removeEventListener('abort', onAbort);
      if (m.kind === 'failed') {
        const error = Object.assign(new Error(m.message), { code: m.code, stack: m.stack });
        reject(error);
        return;
      }
      let closing: Promise<void> | undefined;
      const close = () => {
        closing ??= new Promise<void>((closed) => {
          worker.once('message', () => closed());
          worker.once('exit', () => closed());
          worker.postMessage('close');
        }).then(() => worker.terminate().then(() => undefined));
        return closing;
      };
      resolve({ url: m.url, accounts: m.accounts, close, failed });
    });
  });
}
