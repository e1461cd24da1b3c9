// The catalog's facts pass (each document's bytes to its rows: src/catalog/extract/, rows.ts), the
// critical path of a pull's catalog thread, in CPU microseconds a document: this tree's sources
// and the baseline's (main's, built by catalog.mjs from `git archive main`), bundled side by side
// and run in this process over the same files of a pull folder, alternating, the median of each.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The files read: enough for a steady figure, few enough to hold in memory. */
const MAX_FILES = 20_000;
const ROUNDS = 7;

/** How the sources are bundled for this process (their packages resolved from this checkout). */
const ESM = { bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' };

/** The facts pass of the sources under `tree` (readStaged and lineRows), bundled into `out`. */
async function bundle(tree, out, name) {
  const entry = join(out, `${name}.mjs`);
  writeFileSync(
    entry,
    `export { readStaged } from ${JSON.stringify(join(tree, 'src/catalog/staging.ts'))};\n` +
      `export { lineRows } from ${JSON.stringify(join(tree, 'src/catalog/rows.ts'))};\n`,
  );
  await build({ ...ESM, entryPoints: [entry], outfile: `${entry}.bundle.mjs` });
  return import(pathToFileURL(`${entry}.bundle.mjs`).href);
}

/** CPU µs a document of one pass of `m` over the files. */
function pass(m, lines, files) {
  const start = process.cpuUsage();
  for (let i = 0; i < lines.length; i++) m.lineRows({ ...lines[i], ...m.readStaged(lines[i].type, false, files[i]) });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / lines.length;
}

/**
 * The facts pass of this tree against the baseline's (`baselineDist`: a build whose sources are
 * beside it), over the documents of the pull folder `dir`; whether this one is at least 2x cheaper.
 */
export async function benchFactsPass(dir, baselineDist, line) {
  const baselineTree = join(baselineDist, '..');
  if (!existsSync(join(baselineTree, 'src/catalog/staging.ts'))) {
    console.log(`  facts pass: skipped (no sources beside ${baselineDist})`);
    return true;
  }
  const lines = readFileSync(join(dir, 'index.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.event === undefined)
    .slice(0, MAX_FILES);
  const files = lines.map((l) => new Uint8Array(readFileSync(join(dir, l.path))));
  // Inside this checkout's node_modules, so that the bundles' imports of packages resolve.
  const out = join(root, 'node_modules', '.cache', `fiscal-bench-facts-${process.pid}`);
  mkdirSync(out, { recursive: true });
  const [mine, theirs] = [await bundle(root, out, 'mine'), await bundle(baselineTree, out, 'baseline')];
  rmSync(out, { recursive: true, force: true });
  const runs = { mine: [], theirs: [] };
  // A first pass each warms the JIT; then alternating rounds.
  pass(theirs, lines, files);
  pass(mine, lines, files);
  for (let i = 0; i < ROUNDS; i++) {
    runs.theirs.push(pass(theirs, lines, files));
    runs.mine.push(pass(mine, lines, files));
  }
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const [a, b] = [median(runs.mine), median(runs.theirs)];
  line(
    `facts pass, ${lines.length} docs (main ${b.toFixed(1)} µs/doc)`,
    `${a.toFixed(1)} µs/doc x${(b / a).toFixed(2)}`,
    '>= x2.0',
    b / a >= 2,
  );
  return b / a >= 2;
}

// `node test/bench/facts.mjs <pull folder> [<baseline dist>]`: the figure alone (default baseline: ../main/dist).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, dist = join(root, '..', 'main', 'dist')] = process.argv.slice(2);
  const line = (name, value, target, ok) =>
    console.log(`  ${name.padEnd(46)} ${value.padEnd(24)} target ${target.padEnd(10)} ${ok ? 'PASS' : 'MISS'}`);
  await benchFactsPass(dir, dist, line);
}
