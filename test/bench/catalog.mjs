// `npm run bench -- --catalog`: the catalog's figures (docs/bench.md). On one account of N NF-e
// (400k; 20k with --quick; --docs=<n>), received role:
//   - pull throughput with the catalog (this build, --without-events) against main's build (or
//     another: --main=<dist>, e.g. one whose catalog writes are taken out, docs/bench.md), the
//     same pull, same emulator, same run: docs/s ratio >= 0.9;
//   - peak RSS of this build's pull;
//   - the facts pass of the catalog's thread (facts.mjs): µs a document, main's beside it, >= x2 cheaper;
//   - the first report after the pull (the catalog is already written): < 2 s; the next: < 1 s;
//     every `report --by` (each dimension, pairs): < 1 s, the baseline's beside it, the same JSON;
//   - `fiscal catalog rebuild` of the folder: >= 5,000 documents/s (the baseline's, same folder, beside it);
//     alone, of a folder pulled before: --rebuild=<folder> (it counts the index's lines as documents).
// Main's build: --main=<dist>, or built here from `git archive main` (node_modules linked).
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanupPull, NODE_ENV, NODE_FLAGS, pull, settle, tempDir } from './cli.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';
import { benchFactsPass } from './facts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const measure = fileURLToPath(new URL('./measure.mjs', import.meta.url));

/** dist/ of main, built once in a temp folder from the repository's `main` branch. */
export function mainDist(given) {
  if (given) return given;
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-bench-main-'));
  execSync(`git -C ${JSON.stringify(root)} archive main | tar -x -C ${JSON.stringify(dir)}`);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  execSync('npm run build --silent', { cwd: dir, stdio: 'ignore' });
  return join(dir, 'dist');
}

/** The CLI (this build) in a process of its own: wall, CPU, peak RSS, stdout; `flags`: node's. */
function cli(args, env = {}, flags = []) {
  settle();
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...flags, measure, ...args], {
      env: { ...process.env, ...NODE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-20_000)));
    child.on('error', reject);
    child.on('close', () => {
      const bench = JSON.parse(/BENCH (.*)/.exec(stderr)?.[1] ?? 'null');
      if (!bench || bench.code !== 0) return reject(new Error(`${args.join(' ')} exited ${bench?.code}: ${stderr}`));
      resolve({ wallMs: performance.now() - start, cpuMs: bench.cpuMs, maxRssMb: bench.maxRssMb, stdout });
    });
  });
}

const line = (name, value, target, ok) =>
  console.log(`  ${name.padEnd(46)} ${value.padEnd(24)} target ${target.padEnd(10)} ${ok ? 'PASS' : 'MISS'}`);

/**
 * Every `report --by` of the folder (each dimension, the items' too, and pairs with the month and
 * the status), this build and the baseline alternating, three times each: the median of each
 * against `< 1 s`, the JSON of both compared (a different answer throws).
 */
export async function reportsByDimension(dir, baseline) {
  const dimensions = [
    ...['month', 'status', 'emitter', 'receiver', 'cfop', 'uf', 'type', 'owner', 'role', 'ncm', 'product'],
    ...['month,cfop', 'emitter,month', 'status,uf', 'month,ncm', 'ncm,status', 'month,product'],
  ];
  const ok = [];
  const middle = (runs) => runs.sort((x, y) => x.wallMs - y.wallMs)[1];
  const s = (r) => `${(r.wallMs / 1000).toFixed(2)} s (CPU ${(r.cpuMs / 1000).toFixed(2)})`;
  for (const by of dimensions) {
    const runs = { theirs: [], mine: [] };
    for (let i = 0; i < 3; i++) {
      // With the installed command's node flags (bin/fiscal.js), as a user runs it.
      runs.theirs.push(
        await cli(['-o', 'json', 'report', dir, '--by', by], { FISCAL_BENCH_DIST: baseline }, NODE_FLAGS),
      );
      runs.mine.push(await cli(['-o', 'json', 'report', dir, '--by', by], {}, NODE_FLAGS));
    }
    if (runs.mine[0].stdout !== runs.theirs[0].stdout) throw new Error(`report --by ${by}: not the baseline's answer`);
    const [now, was] = [middle(runs.mine), middle(runs.theirs)];
    line(`report --by ${by} (baseline ${s(was)})`, s(now), '< 1 s', now.wallMs < 1000);
    ok.push(now.wallMs < 1000);
  }
  return ok;
}

export async function benchCatalog({ quick = false, docs, main, repeat = 1 } = {}) {
  const n = docs ?? (quick ? 20_000 : 400_000);
  console.log(`\ncatalog: an account of ${n / 1000}k NF-e, received role`);
  const baseline = mainDist(main);
  const emu = await startEmulatorProcess(['--docs', String(n), '--accounts', '1', '--other-docs', '0', '--seed', '1']);
  const mine = tempDir(`catalog-${n}`);
  const theirs = tempDir(`catalog-main-${n}`);
  const results = [];
  const fresh = (name) => {
    const d = tempDir(name);
    cleanupPull(d);
    return d;
  };
  try {
    // The same streams for both (the documents'; main reads the events after them by default).
    const args = ['--role', 'received', '--without-events'];
    // The first pull after the emulator starts is slower: the baseline goes first, and with
    // --repeat=<n> each build pulls n times into a fresh folder, alternating, the faster kept.
    let a;
    let b;
    for (let i = 0; i < repeat; i++) {
      const tb = await pull(emu.env, i === 0 ? theirs : fresh(`catalog-main-${n}`), args, [0], baseline);
      if (!b || tb.wallMs < b.wallMs) b = tb;
      const ta = await pull(emu.env, i === 0 ? mine : fresh(`catalog-${n}`), args);
      if (!a || ta.wallMs < a.wallMs) a = ta;
    }
    const rate = (r) => r.summary.documents / (r.wallMs / 1000);
    const cpuRate = (r) => r.summary.documents / (r.cpuMs / 1000);
    const ratio = rate(a) / rate(b);
    console.log(
      `  pull: ${a.summary.documents} documents; with the catalog ${rate(a).toFixed(0)} docs/s (CPU ${(a.cpuMs / 1000).toFixed(1)} s, ${cpuRate(a).toFixed(0)} docs/CPU-s), main ${rate(b).toFixed(0)} docs/s (CPU ${(b.cpuMs / 1000).toFixed(1)} s, ${cpuRate(b).toFixed(0)} docs/CPU-s)`,
    );
    line('pull docs/s, catalog / main', `x${ratio.toFixed(2)}`, '>= 0.9', ratio >= 0.9);
    results.push(ratio >= 0.9);
    line(
      'pull peak RSS (main: ' + b.maxRssMb.toFixed(0) + ' MB)',
      `${a.maxRssMb.toFixed(0)} MB`,
      '<= 150 MB',
      a.maxRssMb <= 150,
    );
    results.push(a.maxRssMb <= 150);
    results.push(await benchFactsPass(mine, baseline, line));

    const report = (env = {}) => cli(['-o', 'json', 'report', mine, '--by', 'month,status'], env);
    const first = await report();
    line(
      `first report after the pull (${n / 1000}k)`,
      `${(first.wallMs / 1000).toFixed(2)} s (CPU ${(first.cpuMs / 1000).toFixed(2)} s)`,
      '< 2 s',
      first.wallMs < 2000,
    );
    results.push(first.wallMs < 2000);
    // The baseline's report of the same folder, alternating with this build's, three times each.
    const reports = { theirs: [], mine: [] };
    for (let i = 0; i < 3; i++) {
      reports.theirs.push(await report({ FISCAL_BENCH_DIST: baseline }));
      reports.mine.push(await report());
    }
    const middle = (runs) => runs.sort((x, y) => x.wallMs - y.wallMs)[1];
    const again = middle(reports.mine);
    const was = middle(reports.theirs);
    line(
      `any report (median of 3; baseline ${(was.wallMs / 1000).toFixed(2)} s, CPU ${(was.cpuMs / 1000).toFixed(2)} s)`,
      `${(again.wallMs / 1000).toFixed(2)} s (CPU ${(again.cpuMs / 1000).toFixed(2)} s, ${again.maxRssMb.toFixed(0)} MB)`,
      '< 1 s',
      again.wallMs < 1000,
    );
    results.push(again.wallMs < 1000);
    results.push(...(await reportsByDimension(mine, baseline)));

    results.push(await benchRebuild(mine, a.summary.documents, baseline));
    return results.every(Boolean);
  } finally {
    cleanupPull(mine);
    cleanupPull(theirs);
    await emu.close();
  }
}

/**
 * `fiscal catalog rebuild` of the pull folder `dir` (of `documents` documents) by the baseline build
 * and by this one, alternating, three times each (a loaded machine swings from run to run): the
 * median of each, and their ratio; the machine's load beside each run. With the installed command's
 * node flags (its small young generation), as a user runs it.
 */
async function benchRebuild(dir, documents, baseline) {
  const rebuilds = { theirs: [], mine: [] };
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  for (let i = 0; i < 3; i++) {
    const l = load();
    rebuilds.theirs.push({
      ...(await cli(['catalog', 'rebuild', dir], { FISCAL_BENCH_DIST: baseline }, NODE_FLAGS)),
      l,
    });
    rebuilds.mine.push({ ...(await cli(['catalog', 'rebuild', dir], {}, NODE_FLAGS)), l: load() });
  }
  const median = (runs) => [...runs].sort((x, y) => x.wallMs - y.wallMs)[1];
  const rebuild = median(rebuilds.mine);
  const before = median(rebuilds.theirs);
  const perSecond = documents / (rebuild.wallMs / 1000);
  const beforePerSecond = documents / (before.wallMs / 1000);
  const runs = (list) =>
    list.map((r) => `${(r.wallMs / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)}, load ${r.l})`).join(', ');
  console.log(`  rebuild of ${documents} documents: this build ${runs(rebuilds.mine)}`);
  console.log(`  baseline ${runs(rebuilds.theirs)}`);
  console.log(
    `  baseline median ${beforePerSecond.toFixed(0)} docs/s (CPU ${(before.cpuMs / 1000).toFixed(1)} s); x${(perSecond / beforePerSecond).toFixed(2)}`,
  );
  line(
    'catalog rebuild docs/s (median of 3)',
    `${perSecond.toFixed(0)} (CPU ${(rebuild.cpuMs / 1000).toFixed(1)} s)`,
    '>= 5000',
    perSecond >= 5000,
  );
  return perSecond >= 5000;
}

// Alone: `node test/bench/catalog.mjs [--quick] [--docs=<n>] [--main=<dist>] [--repeat=<n>]` (after npm run build).
// `--rebuild=<pull folder>`: the rebuild alone, of a folder pulled before (its catalog is replaced).
// `--reports=<pull folder>`: every `report --by` of a folder pulled before, alone (nothing written).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (arg('reports')) {
    console.log(`\nreport --by of ${arg('reports')}`);
    const ok = await reportsByDimension(arg('reports'), mainDist(arg('main')));
    console.log(`  ${ok.filter(Boolean).length} of ${ok.length} under 1 s`);
    process.exit(0);
  }
  const folder = arg('rebuild');
  if (folder) {
    const documents = readFileSync(join(folder, 'index.ndjson'), 'utf8').split('\n').filter(Boolean).length;
    console.log(`\ncatalog rebuild of ${folder}`);
    await benchRebuild(folder, documents, mainDist(arg('main')));
    process.exit(0);
  }
  await benchCatalog({
    quick: process.argv.includes('--quick'),
    docs: arg('docs') ? Number(arg('docs')) : undefined,
    main: arg('main') && existsSync(arg('main')) ? arg('main') : undefined,
    repeat: arg('repeat') ? Number(arg('repeat')) : 1,
  });
  (await import('./cli.mjs')).removeLeftovers();
}
