// Start-up: the median wall time of `fiscal --version`, `fiscal --help` and `fiscal search nfe
// --help` beside `node -e 0`, the floor no CLI on node goes under. These three are what a user
// waits for most often and what must load no zod, undici, XML parser or prompt library
// (test/unit/startup-bundle.test.ts checks that; this measures what it is worth).
// `npm run bench -- --startup` runs only this; so does `node test/bench/startup.mjs` after a build.
// Then a first request (benchFirstRequest): a `search` of 5 documents against a local emulator,
// the whole process from its start to its end, beside the `--before` build's.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runMeasured } from './cli.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';

const bin = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

/** What is measured, in this order; the first is the floor. */
const RUNS = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'fiscal --version', args: [bin, '--version'] },
  { name: 'fiscal --help', args: [bin, '--help'] },
  { name: 'fiscal search nfe --help', args: [bin, 'search', 'nfe', '--help'] },
];

function timeRun(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Median ms of each command in RUNS, `runs` times each, interleaved. */
export function benchStartup(runs = 15) {
  for (const r of RUNS) timeRun(r.args); // warm the file cache
  const times = RUNS.map(() => []);
  // Interleaved so that machine load affects every series alike.
  for (let i = 0; i < runs; i++) RUNS.forEach((r, j) => times[j].push(timeRun(r.args)));
  const ms = Object.fromEntries(RUNS.map((r, j) => [r.name, median(times[j])]));
  const floor = ms['node -e 0'];
  return {
    runs,
    ms,
    nodeMs: floor,
    fiscalMs: ms['fiscal --version'],
    helpMs: ms['fiscal --help'],
    ratio: ms['fiscal --version'] / floor,
  };
}

const f1 = (n) => n.toFixed(1);
const f2 = (n) => n.toFixed(2);

/**
 * Prints the start-up section of the bench. `figure(name, value, target, ok)` is the bench's way
 * of printing a figure against its target; alone, a plain line is printed instead.
 */
export function reportStartup(
  figure = (name, value, target, ok) =>
    console.log(`  ${name.padEnd(46)} ${value.padEnd(24)} target ${target.padEnd(10)} ${ok ? 'PASS' : 'MISS'}`),
) {
  const s = benchStartup();
  console.log(`\nstart-up (median of ${s.runs} interleaved runs)`);
  for (const [name, ms] of Object.entries(s.ms)) {
    const over = name === 'node -e 0' ? '' : `  x${f2(ms / s.nodeMs)} of node -e 0`;
    console.log(`  ${name.padEnd(28)} ${f1(ms).padStart(7)} ms${over}`);
  }
  figure('fiscal --version vs node -e 0', `x${f2(s.ratio)}`, '<= x1.5', s.ratio <= 1.5);
  return s;
}

/**
 * `fiscal search nfe --role received --limit 5` against a local emulator, as a script runs it
 * (runMeasured): the median wall time of the whole process, its end included (a process waits for
 * V8's background work before it ends: src/api/undici-parts.ts), and its CPU time up to the
 * command's return, `runs` times, interleaved with the build of `before` (its dist/) when given.
 */
export async function benchFirstRequest(before = undefined, runs = 9) {
  const emu = await startEmulatorProcess(['--docs', '2000', '--accounts', '1', '--other-docs', '0', '--seed', '1']);
  try {
    const builds = [undefined, ...(before ? [before] : [])];
    const samples = builds.map(() => ({ wall: [], cpu: [] }));
    const once = (dist) =>
      runMeasured(['search', 'nfe', '--role', 'received', '--limit', '5', '-o', 'ndjson'], emu.env, dist);
    builds.forEach((b) => once(b)); // warm the file cache
    for (let i = 0; i < runs; i++)
      builds.forEach((b, j) => {
        const r = once(b);
        samples[j].wall.push(r.wallMs);
        samples[j].cpu.push(r.cpuMs);
      });
    const of = (s) => ({ wallMs: median(s.wall), cpuMs: median(s.cpu) });
    return { runs, now: of(samples[0]), before: before ? of(samples[1]) : undefined };
  } finally {
    await emu.close();
  }
}

/** Prints the first request's line (no target: what a script waits for, beside the baseline). */
export async function reportFirstRequest(before = undefined) {
  const r = await benchFirstRequest(before);
  const line = (f) => `${f1(f.wallMs)} ms (CPU to its return ${f1(f.cpuMs)} ms)`;
  console.log(
    `  fiscal search nfe --limit 5, local emulator, whole process: ${line(r.now)}${r.before ? `; before: ${line(r.before)}` : ''}`,
  );
  return r;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  reportStartup();
  await reportFirstRequest();
}
