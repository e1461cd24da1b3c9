// Where a built worker thread's script is. The build (package.json) bundles each worker as
// dist/<name>.js, while the code that starts it lands in dist/cli.js or in a chunk under
// dist/chunks/: so the script is beside this module or one folder above it. Run from the sources
// (the tests without a build) there is none, and each caller then does the work on its own thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** dist/<name>.js, or undefined where fiscal runs from its sources. */
export function builtWorkerFile(name: string): string | undefined {
  for (const relative of [`./${name}.js`, `../${name}.js`]) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(file)) return file;
  }
  return undefined;
}
