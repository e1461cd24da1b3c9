// Parts of the sources bundled for a bench's own process by esbuild (a dev dependency): dist/ has
// them only inside lazily loaded chunks with hashed names, and a `--before` build's are bundled
// from the src/ beside its dist/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('../../', import.meta.url));
let bundles = 0;

/**
 * The module of `exports` ({ file under `root`: names it exports }), with `cleanup` to remove its
 * files. Written inside this checkout's node_modules, so that its imports of pdfkit and the
 * others resolve whatever `root` is.
 */
export async function bundleExports(root, exports) {
  const dir = join(here, 'node_modules', '.cache', `fiscal-bench-bundle-${process.pid}-${bundles++}`);
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.ts');
  const out = join(dir, 'entry.mjs');
  writeFileSync(
    entry,
    Object.entries(exports)
      .map(([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(join(root, file))};`)
      .join('\n'),
  );
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
    absWorkingDir: root,
    nodePaths: [join(here, 'node_modules')],
  });
  const mod = await import(pathToFileURL(out).href);
  return { ...mod, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
