// Run before each test file, in its worker. Hooks that must hold for every file are registered
// here: test files share a worker's module cache (isolate: false), so a hook a helper module
// registered when first imported would be registered for that first file only.
import { afterAll, afterEach } from 'vitest';
import { removeTestDirs } from './helpers/context.js';
import { removeMadeDirs } from './helpers/tree.js';

afterEach(removeTestDirs);
afterAll(removeMadeDirs);
