// `fiscal emulator` and the built-in `--profile emulator` make and serve the emulator on a thread
// of its own where the build has one (dist/emulator-worker.js, started by ./thread.ts).
// bin/fiscal.js gives the process 2 MB semi-spaces, for the pull's peak memory; a server that
// renders and encodes pages of documents makes garbage that dies young, and with 2 MB it spends a
// third of its time collecting. Its own thread gets 16 MB.
import { parentPort, workerData } from 'node:worker_threads';
import { createEmulator, type EmulatorOptions } from './server.js';
import type { Account } from './model.js';

/** What the thread says: listening (with the lines' facts), or why it could not start. */
export type EmulatorThreadMessage =
  | { kind: 'listening'; url: string; accounts: Pick<Account, 'id' | 'name' | 'apiId' | 'apiKey' | 'companies'>[] }
  | { kind: 'failed'; code: string | undefined; message: string; stack: string | undefined }
  | { kind: 'closed' };

const port = parentPort;
if (!port) throw new Error('emulator-worker.js runs as a worker thread (./thread.ts)');

try {
  const emulator = await createEmulator(workerData as EmulatorOptions);
  const accounts = emulator.accounts.map(({ id, name, apiId, apiKey, companies }) => ({
    id,
    name,
    apiId,
    apiKey,
    companies,
  }));
  // Any message asks the emulator to close; the thread is ended by its starter once it says so.
  port.once('message', () => {
    void emulator.close().then(() => port.postMessage({ kind: 'closed' } satisfies EmulatorThreadMessage));
  });
  port.postMessage({ kind: 'listening', url: emulator.url, accounts } satisfies EmulatorThreadMessage);
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  port.postMessage({
    kind: 'failed',
    code: e.code,
    message: e.message,
    stack: e.stack,
  } satisfies EmulatorThreadMessage);
  port.close();
}
