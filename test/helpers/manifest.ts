// What every `fiscal manifest <verb>` test shares: an emulator for the file, `fiscal` run in process
// against its first account (NDJSON out), and fresh keys: authorized NF-e the account received that
// nobody manifested yet, a different one per call.
import { afterAll, beforeAll } from 'vitest';
import { runMain } from './context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from './emulator.js';

export interface ManifestBench {
  emu(): TestEmulator;
  account(): string;
  fiscal(argv: string[]): ReturnType<typeof runMain>;
  freshKey(): string;
}

export function manifestBench(docs = 60): ManifestBench {
  let emu: TestEmulator;
  let account: string;
  beforeAll(async () => {
    emu = await startEmulator({ docs });
    account = emu.accounts[0]!.id;
  });
  afterAll(async () => emu?.close());
  const taken = new Set<string>();
  return {
    emu: () => emu,
    account: () => account,
    fiscal: (argv) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu)),
    freshKey() {
      const received = emu.store.nfesOf(account).byRole.received.map((e) => e.doc);
      const key = received.find(
        (d) => d.status === 'authorized' && d.manifestations.length === 0 && !taken.has(d.accessKey),
      )!.accessKey;
      taken.add(key);
      return key;
    },
  };
}

export { ndjson } from './cli.js';
