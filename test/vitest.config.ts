import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // End-to-end tests spawn the CLI and emulators: two workers fit a 2-core machine.
    maxWorkers: 2,
    // Every typed emulator reply is parsed by the wire schema the client reads it with.
    env: { FISCAL_EMULATOR_CHECK_REPLIES: '1' },
  },
});
