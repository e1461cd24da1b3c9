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
    // A worker keeps its module cache from one test file to the next: the CLI, the emulator and
    // zod are loaded once per worker instead of once per file (that loading was a third of the
    // suite's time). Nothing in the tests mocks modules; hooks every file needs are in setup.ts.
    isolate: false,
    setupFiles: ['test/setup.ts'],
    // Every typed emulator reply is parsed by the wire schema the client reads it with.
    env: { FISCAL_EMULATOR_CHECK_REPLIES: '1' },
  },
});
