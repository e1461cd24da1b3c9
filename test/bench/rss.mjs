// `npm run bench -- --rss`: how the peak RSS of a first pull grows with the account, and what it
// predicts for 1M NF-e (a pull of that account takes half an hour; `--1m` measures it). For each
// size (50k, 100k and 200k NF-e; --quick 5k, 10k, 20k; --sizes=<n,n,...>), one emulator, then
// `fiscal pull nfe --role received` as a user runs it (events included) into an empty folder, the
// baseline first (--main=<dist>, else main's build from `git archive main`), then this build. The
// pull's RSS is read from /proc every 100 ms: the peak of the documents phase, and of the events
// phase and the run's end (from the moment the status journal appears: the listing's statuses are
// the events stream's first commit), beside the process's own peak (getrusage). A least-squares
// line through the sizes' peaks gives MB per 100k documents and the peak it predicts at 1M.
// `node test/bench/rss.mjs [--quick] [--sizes=...] [--main=<dist>]` runs it alone (after `npm run build`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mainDist } from './catalog.mjs';
import { cleanupPull, keptLeftovers, pull, removeLeftovers, tempDir } from './cli.mjs';
import { account } from './figures.mjs';

const JOURNAL = 'status-journal.ndjson';
const MILLION = 1_000_000;

const mb = (kb) => kb / 1024;
const f1 = (n) => (n === undefined ? 'n/a' : n.toFixed(1));
const k = (n) => (n >= MILLION ? `${n / MILLION}M` : `${n / 1000}k`);

function vmRss(pid) {
  try {
    // A process that is exiting has no VmRSS line.
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb);
  } catch {
    return undefined;
  }
}

/** One first pull of `dist`'s build (undefined: this one), its RSS sampled by phase. */
async function sampledPull(env, dir, dist) {
  const peak = { documents: 0, events: 0 };
  let timer;
  const sample = (pid) => {
    let events = false;
    timer = setInterval(() => {
      const kb = vmRss(pid);
      if (kb === undefined) return;
      events ||= existsSync(join(dir, JOURNAL));
      if (events) peak.events = Math.max(peak.events, kb);
      else peak.documents = Math.max(peak.documents, kb);
    }, 100);
  };
  try {
    const r = await pull(env, dir, ['--role', 'received'], [0], dist, sample);
    return {
      documents: r.summary.documents,
      maxRssMb: r.maxRssMb,
      cpuMs: r.cpuMs,
      documentsMb: mb(peak.documents),
      eventsMb: peak.events ? mb(peak.events) : undefined,
    };
  } finally {
    clearInterval(timer);
  }
}

/** Least squares through (documents, MB): MB per 100k documents and the value at 1M received NF-e. */
function fit(points, million) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  return { per100k: slope * 100_000, at: my + slope * (million - mx) };
}

export async function benchRss({ quick = false, sizes, main } = {}) {
  const docs = sizes ?? (quick ? [5_000, 10_000, 20_000] : [50_000, 100_000, 200_000]);
  const baseline = mainDist(main);
  console.log(`\npeak RSS of a first pull by account size (fiscal pull nfe --role received, events included)`);
  console.log(`  baseline: ${baseline}; the baseline's pull first, then this build's, one emulator per size`);
  console.log('  account  received  build     peak RSS MB  documents phase  events phase and end  CPU s  load');
  const rows = { now: [], before: [] };
  for (const size of docs) {
    const emu = await account(size);
    try {
      for (const [build, dist] of [
        ['before', baseline],
        ['now', undefined],
      ]) {
        const dir = tempDir(`rss-${build}-${size}`);
        cleanupPull(dir);
        const r = await sampledPull(emu.env, dir, dist);
        rows[build].push({ x: r.documents, y: r.maxRssMb, events: r.eventsMb });
        const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
        console.log(
          `  ${k(size).padEnd(7)}  ${String(r.documents).padEnd(8)}  ${build.padEnd(8)}  ${f1(r.maxRssMb).padStart(11)}  ${f1(r.documentsMb).padStart(15)}  ${f1(r.eventsMb).padStart(20)}  ${f1(r.cpuMs / 1000).padStart(5)}  ${load}`,
        );
      }
    } finally {
      await emu.close();
    }
  }
  // The 1M account lists 560,302 received NF-e (docs/bench.md); each size's share is alike.
  const million = (rows.now.at(-1).x / docs.at(-1)) * MILLION;
  const ok = [];
  for (const [name, pick] of [
    ['peak RSS', (r) => r.y],
    ['events phase and end', (r) => r.events],
  ]) {
    const [now, was] = ['now', 'before'].map((b) => {
      const points = rows[b].filter((r) => pick(r) !== undefined).map((r) => ({ x: r.x, y: pick(r) }));
      return points.length >= 2 ? fit(points, million) : undefined;
    });
    if (!now) continue;
    const pass = now.at <= 150;
    ok.push(pass);
    console.log(
      `  ${`${name}, 1M predicted (line through ${docs.map(k).join(', ')})`.padEnd(62)} ${`${f1(now.at)} MB (+${f1(now.per100k)} MB/100k)`.padEnd(28)} target <= 150 MB  ${pass ? 'PASS' : 'MISS'}   before: ${f1(was?.at)} MB (+${f1(was?.per100k)} MB/100k)`,
    );
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const sizes = arg('sizes')
    ?.split(',')
    .map((s) => Number(s));
  if (sizes?.some((n) => !Number.isInteger(n) || n < 1 || n > MILLION))
    throw new Error(`--sizes=<n,n,...>: expected account sizes of 1 to 1000000, got ${arg('sizes')}`);
  try {
    await benchRss({ quick: process.argv.includes('--quick'), sizes, main: arg('main') });
  } finally {
    if (process.argv.includes('--keep')) console.log(`kept: ${keptLeftovers().join(' ')}`);
    else removeLeftovers();
  }
}
