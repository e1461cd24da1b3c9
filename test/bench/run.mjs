// `npm run bench`: prints the project's speed and memory figures, each beside its target and a
// baseline measured in the same run. Nothing here fails a build: timing belongs in a benchmark,
// not in a test. `npm run bench -- --quick` runs small sizes (a smoke run of the harness);
// `npm run bench -- --1m` (or FISCAL_BENCH_1M=1) adds the 1M-document account; `--large=<docs>`
// replaces the 400k account (a bounded run on a slow engine or a busy machine; said in the output).
// `--rss` adds the peak RSS of a first pull at three sizes and the 1M peak it predicts (rss.mjs).
// `--only=disk|latency|quota|pdf|postgres|inspect` runs one scenario (disk: the small account's pull against its loop;
// inspect: of a pull folder of CT-e, CT-e OS, MDF-e and NFS-e, `--type-docs=<n>` of each).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { reportFirstRequest, reportStartup } from './startup.mjs';
import { keptLeftovers, removeLeftovers, warnIfRecentRemoval } from './cli.mjs';
import { backfillUnderLatency, CONCURRENCY, plainPullRequests, pullAccount, underRateLimit } from './figures.mjs';
import { danfeRate, pullPdfUnderLimit, pullWithLocalPdf } from './pdf.mjs';

if (process.argv.includes('--startup')) {
  // start-up figures only
  reportStartup();
  await reportFirstRequest(process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length));
  process.exit(0);
}

const quick = process.argv.includes('--quick');
const million = process.argv.includes('--1m') || process.env.FISCAL_BENCH_1M === '1';
const SIZES = quick
  ? { small: 2_000, large: 20_000, latency: 2_000, quota: 10_000 }
  : { small: 20_000, large: 400_000, latency: 20_000, quota: 100_000 };
const largeArg = process.argv.find((a) => a.startsWith('--large='));
if (largeArg) {
  SIZES.large = Number(largeArg.slice('--large='.length));
  if (!Number.isInteger(SIZES.large) || SIZES.large < 1 || SIZES.large > 1_000_000)
    throw new Error(`--large=<docs>: expected 1 to 1000000, got ${largeArg}`);
}
const beforeArg = process.argv.find((a) => a.startsWith('--before='));
/** Another build's dist/ (e.g. of the previous commit): every pull figure is measured for it too, same emulators. */
const before = beforeArg ? resolve(beforeArg.slice('--before='.length)) : undefined;
if (before && !existsSync(join(before, 'cli.js'))) throw new Error(`--before=<dist>: no cli.js in ${before}`);
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg?.slice('--only='.length);
if (only !== undefined && !['disk', 'latency', 'quota', 'requests', 'pdf', 'postgres', 'inspect'].includes(only))
  throw new Error(`--only=<scenario>: expected disk, latency, quota, requests, pdf, postgres or inspect, got ${only}`);
const runs = (scenario) => only === undefined || only === scenario;
const LATENCY = '100-140';
const PER_DOC_MS = 0.2;
const QUOTA = quick ? { limit: 10, windowSeconds: 2, maxSeconds: 8 } : { limit: 30, windowSeconds: 5, maxSeconds: 25 };

const f1 = (n) => n.toFixed(1);
const f2 = (n) => n.toFixed(2);
const x = (n) => `x${f2(n)}`;
/** The emulator's mean of requests in flight (an emulator without the counter has none). */
const inFlight = (r) => (r.meanInFlight === undefined ? 'n/a' : f2(r.meanInFlight));
const k = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
const verdict = (ok) => (ok ? 'PASS' : 'MISS');
const results = [];

/**
 * Rounds of the local PDF pull's four ways (this build's and the baseline's, each with and without
 * PDFs), the order rotated each round: as many as the ways, so that each runs once in each place of
 * the order. With three, the way never run first was the baseline's PDF pull, and this build's
 * plain pull, the ratio's denominator, ran first once: the first after the warm-up ran slower in
 * most runs (docs/bench.md, issue 24, branch danfe-f).
 */
const LOCAL_PDF_ROUNDS = 4;
/** One figure: its value, its target and PASS/MISS. */
function figure(name, value, target, ok, was = undefined) {
  results.push(ok);
  console.log(
    `  ${name.padEnd(46)} ${value.padEnd(24)} target ${target.padEnd(10)} ${verdict(ok)}${was === undefined ? '' : `   before: ${was}`}`,
  );
}
const started = performance.now();

warnIfRecentRemoval();
console.log(`fiscal bench${quick ? ' (--quick: small sizes, figures not comparable with the targets)' : ''}`);
console.log(
  `  accounts: ${k(SIZES.small)} and ${k(SIZES.large)} NF-e${million ? ' and 1M' : ''} (one account per emulator, seed 1); role received`,
);
if (largeArg)
  console.log(
    `  --large: the large account has ${k(SIZES.large)} NF-e instead of 400k; its figures do not meet the issue's definition`,
  );
if (before)
  console.log(`  before: every pull figure is also measured for the build in ${before} (same emulator, right after)`);
if (!million)
  console.log('  the 1M-document account is opt-in: npm run bench -- --1m   (or FISCAL_BENCH_1M=1 npm run bench)');

if (!only) {
  reportStartup(figure);
  await reportFirstRequest(before);
}

if (runs('disk')) {
  console.log(`\nfiscal pull nfe --role received, local emulator without latency (fresh folder, then a re-run)`);
  console.log(
    '  account  build   received  pages       requests  first run s  CPU s  docs/s   peak RSS MB  re-run s (exit, requests)',
  );
  const rows = [];
  const row = (r, docs, build) =>
    console.log(
      `  ${k(docs).padEnd(7)}  ${build.padEnd(6)}  ${String(r.received).padEnd(8)}  ${r.pages.padEnd(10)}  ${String(r.requests).padEnd(8)}  ${f1(r.firstMs / 1000).padStart(11)}  ${f1(r.firstCpuMs / 1000).padStart(5)}  ${f1(r.firstRate).padStart(7)}  ${f1(r.maxRssMb).padStart(11)}  ${f2(r.rerun.ms / 1000)} (exit ${r.rerun.code}, ${r.rerun.requests})`,
    );
  for (const docs of only ? [SIZES.small] : [SIZES.small, SIZES.large, ...(million ? [1_000_000] : [])]) {
    const r = await pullAccount(docs, { writeLoop: docs === SIZES.small, before });
    rows.push(r);
    row(r, docs, 'now');
    if (r.before) row(r.before, docs, 'before');
  }
  const small = rows[0];
  for (const big of rows.slice(1)) {
    const growth = big.maxRssMb / small.maxRssMb;
    const was = (f) => (big.before && small.before ? f(big.before, small.before) : undefined);
    figure(
      `peak RSS ${k(big.docs)} vs ${k(small.docs)}`,
      x(growth),
      '<= x1.15',
      growth <= 1.15,
      was((b, s) => x(b.maxRssMb / s.maxRssMb)),
    );
    figure(
      `peak RSS ${k(big.docs)}`,
      `${f1(big.maxRssMb)} MB`,
      '<= 150 MB',
      big.maxRssMb <= 150,
      was((b) => `${f1(b.maxRssMb)} MB`),
    );
    const slower = big.rerun.ms / small.rerun.ms;
    figure(
      `re-run, nothing new: ${k(big.docs)} vs ${k(small.docs)}`,
      `x${f2(slower)} (${f2(big.rerun.ms / 1000)} s)`,
      '<= x3',
      slower <= 3,
      was((b, s) => x(b.rerun.ms / s.rerun.ms)),
    );
    figure(
      `re-run, nothing new: ${k(big.docs)}`,
      `${f2(big.rerun.ms / 1000)} s`,
      '< 3 s',
      big.rerun.ms < 3000,
      was((b) => `${f2(b.rerun.ms / 1000)} s`),
    );
  }
  const loop = small.loop;
  const diskRatio = small.firstRate / loop.rate;
  console.log(
    `  baseline: one loop fetching the ${loop.api} pages the pull read most documents with, each document written to a plain file: ${loop.docs} docs in ${f1(loop.wallMs / 1000)} s, ${f1(loop.rate)} docs/s`,
  );
  figure(
    `pull vs fetch-and-write loop (${k(small.docs)}, local disk)`,
    x(diskRatio),
    '>= x0.85',
    diskRatio >= 0.85,
    small.before && x(small.before.firstRate / loop.rate),
  );
}

if (runs('latency')) {
  console.log(
    `\nwith a remote service's latency: --latency ${LATENCY} --per-doc-ms ${PER_DOC_MS}, account ${k(SIZES.latency)}`,
  );
  const lat = await backfillUnderLatency(SIZES.latency, LATENCY, PER_DOC_MS, before);
  console.log(
    `  baseline: sequential v1 loop (one cursor, 50 per page, pages discarded): ${lat.loop.docs} docs in ${f1(lat.loop.wallMs / 1000)} s, ${f1(lat.loop.rate)} docs/s`,
  );
  const latLine = (p, build) =>
    console.log(
      `  pull (${build}): ${p.documents} docs in ${f1(p.ms / 1000)} s (CPU ${f1(p.cpuMs / 1000)} s, the emulator's ${p.emuCpuMs === undefined ? 'n/a' : `${f1(p.emuCpuMs / 1000)} s`}), ${f1(p.rate)} docs/s, ${p.requests} requests (mostly ${p.pages} pages, ${p.rejected} answered 429), mean modelled server time ${f1(p.meanServerMs)} ms; physical limit (server time / ${CONCURRENCY}) ${f1(p.limitMs / 1000)} s; CPU limit ((pull + emulator CPU) / ${availableParallelism()} cores) ${p.cpuLimitMs === undefined ? 'n/a' : `${f1(p.cpuLimitMs / 1000)} s`}; mean requests in flight ${inFlight(p)}`,
    );
  latLine(lat.pull, 'now');
  if (lat.before) latLine(lat.before, 'before');
  const speedup = lat.pull.rate / lat.loop.rate;
  const was = (f) => lat.before && f(lat.before);
  figure(
    'backfill vs one-cursor v1 loop',
    x(speedup),
    '>= x10',
    speedup >= 10,
    was((b) => x(b.rate / lat.loop.rate)),
  );
  const overLimit = lat.pull.ms / lat.pull.limitMs;
  figure(
    `backfill time vs physical limit (server time / ${CONCURRENCY})`,
    x(overLimit),
    'informative',
    true,
    was((b) => x(b.ms / b.limitMs)),
  );
  if (lat.pull.cpuLimitMs !== undefined)
    figure(
      `backfill time vs CPU limit (CPU / ${availableParallelism()} cores)`,
      x(lat.pull.ms / lat.pull.cpuLimitMs),
      'informative',
      true,
      was((b) => (b.cpuLimitMs === undefined ? 'n/a' : x(b.ms / b.cpuLimitMs))),
    );
  figure(
    `mean requests in flight (of ${CONCURRENCY})`,
    inFlight(lat.pull),
    '>= 3.5',
    (lat.pull.meanInFlight ?? 0) >= 3.5,
    was(inFlight),
  );
}

if (runs('quota')) {
  const pct = (n) => `${f1(n * 100)}%`;
  const scenario = { docs: SIZES.quota, ...QUOTA, latency: LATENCY, perDocMs: PER_DOC_MS };
  console.log(
    `\nunder the emulator's rate limit ${QUOTA.limit}/${QUOTA.windowSeconds}s per account (and the latency above), account ${k(SIZES.quota)}, pull stopped after ${QUOTA.maxSeconds} s at most`,
  );
  // Told the quota (--rate-limit), then learning it from the answers' X-RateLimit-* headers alone.
  for (const tell of [true, false]) {
    const q = await underRateLimit({ ...scenario, tell });
    const qb = before ? await underRateLimit({ ...scenario, tell, dist: before }) : undefined;
    const how = tell ? 'told' : 'learned from the headers';
    for (const [r, build] of [[q, 'now'], ...(qb ? [[qb, 'before']] : [])]) {
      console.log(
        `  pull (${build}) ${r.told ? `told --rate-limit ${r.quota}` : 'not told the quota: it paces from the X-RateLimit headers alone'}; ${r.documents} docs, ${r.requests} requests, ${r.rejected} answered 429, ${r.windows} windows, ${f1(r.seconds)} s from the first request to the last (pull ${f1(r.pullSeconds)} s, CPU ${f1(r.pullCpuSeconds)} s), mean requests in flight ${inFlight(r)}`,
      );
    }
    figure(`share of the quota used (${how})`, pct(q.quotaUse), '>= 97%', q.quotaUse >= 0.97, qb && pct(qb.quotaUse));
    console.log(
      `  (reckoned as before, to the last answer and a window more: ${pct(q.quotaUseToLast)}${qb ? `, before ${pct(qb.quotaUseToLast)}` : ''})`,
    );
    figure(
      `share of requests answered 429 (${how})`,
      `${f2(q.rejectedShare * 100)}%`,
      '< 0.5%',
      q.rejectedShare < 0.005,
      qb && `${f2(qb.rejectedShare * 100)}%`,
    );
  }
}

if (runs('requests')) {
  const docs = quick ? 2_000 : 5_000;
  const p = await plainPullRequests(docs);
  const pb = before ? await plainPullRequests(docs, before) : undefined;
  const routes = (r) =>
    Object.entries(r.byRoute)
      .map(([route, n]) => `${n} ${route}`)
      .join(', ');
  console.log(`\na plain pull of an account of ${k(docs)} NF-e (no latency, no quota), then again with nothing new`);
  for (const [r, build] of [[p, 'now'], ...(pb ? [[pb, 'before']] : [])])
    console.log(`  pull (${build}): ${r.first.documents} docs, ${routes(r.first)}; again: ${routes(r.rerun)}`);
  figure(
    `requests of the pull`,
    String(p.first.requests),
    '<= 50',
    p.first.requests <= 50,
    pb && String(pb.first.requests),
  );
  // Two streams: the documents' (one request) and their events' (two, as before this round).
  figure(
    `requests of the pull again, nothing new`,
    String(p.rerun.requests),
    '<= 3',
    p.rerun.requests <= 3,
    pb && String(pb.rerun.requests),
  );
}

if (runs('pdf')) {
  const n = quick ? 200 : 1000;
  console.log(`\nlocal PDFs: DANFe drawn from the XML, ${n} emulator NF-e (5 to 30 items)`);
  const d = await danfeRate(n, before);
  const rate = (r) => `${f1(r.perSecond)}/s (${f1(r.perCpuSecond)} per CPU second)`;
  console.log(
    `  baseline: the same XML only read (the shared reader), one thread: ${f1(d.renderer.read.perSecond)} docs/s (${f1(d.renderer.read.perCpuSecond)} per CPU second)`,
  );
  console.log(`  renderer alone, one thread (now): ${rate(d.renderer.drawn)}`);
  if (d.sideBySide) {
    const { now, before: was } = d.sideBySide;
    console.log(
      `  renderers side by side, one thread, ${k(now.n / 2)} NF-e in alternating batches, twice (the builds loaded in either order):`,
    );
    console.log(`    now ${rate(now)}, ${f2(1000 / now.perCpuSecond)} ms of CPU a DANFe`);
    console.log(`    before ${rate(was)}, ${f2(1000 / was.perCpuSecond)} ms of CPU a DANFe`);
  }
  console.log(`  fiscal pdf nfe --local <folder> --dir <out> (now): ${rate(d.cli)}, ${f1(d.cli.wallMs / 1000)} s`);
  if (d.cliBefore)
    console.log(
      `  fiscal pdf nfe --local <folder> --dir <out> (before): ${rate(d.cliBefore)}, ${f1(d.cliBefore.wallMs / 1000)} s`,
    );
  figure(
    'DANFe per second, one process (pdf --local)',
    `${f1(d.cli.perSecond)}/s`,
    '>= 200/s',
    d.cli.perSecond >= 200,
    d.cliBefore && `${f1(d.cliBefore.perSecond)}/s`,
  );
  const docs = quick ? 1_000 : 5_000;
  const p = await pullWithLocalPdf(docs, before, quick ? 1 : LOCAL_PDF_ROUNDS);
  const line = (name, r) =>
    console.log(
      `  ${name.padEnd(22)} ${String(r.documents).padStart(6)} docs  ${f2(r.ms / 1000).padStart(7)} s  CPU ${f2(r.cpuMs / 1000).padStart(6)} s  ${String(r.requests).padStart(6)} requests${r.rounds?.length > 1 ? `  (rounds ${r.rounds.map((ms) => f2(ms / 1000)).join(', ')} s)` : ''}`,
    );
  console.log(
    `\nfiscal pull nfe --role received, ${k(docs)} NF-e, local emulator without latency${quick ? '' : `: medians of ${LOCAL_PDF_ROUNDS} rounds, the order rotated`}`,
  );
  line('baseline: no PDF', p.none);
  line('--with-pdf local', p.local);
  if (p.beforeNone) {
    line('before: no PDF', p.beforeNone);
    line('before: --with-pdf local', p.beforeLocal);
  }
  const ratio = p.local.ms / p.none.ms;
  figure(
    'pull --with-pdf local vs the same pull',
    x(ratio),
    '<= x1.5',
    ratio <= 1.5,
    p.beforeNone && x(p.beforeLocal.ms / p.beforeNone.ms),
  );
  const limited = quick ? 60 : 200;
  const limit = quick ? '20/2s' : '30/5s';
  console.log(
    `\nthe same under --latency ${LATENCY} and a rate limit of ${limit}, ${limited} NF-e (told --rate-limit)`,
  );
  const q = await pullPdfUnderLimit(limited, LATENCY, limit);
  line('baseline: no PDF', q.none);
  line('--with-pdf local', q.local);
  line('--with-pdf api', q.api);
  console.log(
    `  --with-pdf api: x${f2(q.api.ms / q.none.ms)} the time (one request per document); --with-pdf local: x${f2(q.local.ms / q.none.ms)}`,
  );
}

// `--kill-trials=<n>`: the kill -9 trials of the shared catalog (default 20).
const killArg = process.argv.find((a) => a.startsWith('--kill-trials='));
const killTrials = killArg ? Number(killArg.slice('--kill-trials='.length)) : undefined;
if (runs('postgres')) await (await import('./postgres.mjs')).postgresFigures({ quick, figure, killTrials });

if (process.argv.includes('--report')) results.push(await (await import('./report.mjs')).benchReport({ quick }));
if (process.argv.includes('--catalog')) {
  const main = process.argv.find((a) => a.startsWith('--main='))?.slice(7);
  results.push(await (await import('./catalog.mjs')).benchCatalog({ quick, main }));
}
if (process.argv.includes('--rss')) {
  const main = process.argv.find((a) => a.startsWith('--main='))?.slice(7);
  results.push(...(await (await import('./rss.mjs')).benchRss({ quick, main })));
}
if (runs('inspect')) {
  const docs = process.argv.find((a) => a.startsWith('--type-docs='))?.slice('--type-docs='.length);
  const bench = await import('./inspect-types.mjs');
  results.push(await bench.benchInspectTypes({ quick, before, docs: docs === undefined ? undefined : Number(docs) }));
}
const keep = process.argv.includes('--keep');
console.log(
  `\n${results.filter(Boolean).length} of ${results.length} figures on target; bench ran in ${f1((performance.now() - started) / 1000)} s${keep ? '' : ' (then removes its folders)'}`,
);
if (keep) console.log(`kept: ${keptLeftovers().join(' ')}`);
else removeLeftovers();
