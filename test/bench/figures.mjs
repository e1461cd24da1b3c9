// The measurements behind `npm run bench`. Each emulator runs in a process of its own with a single
// account (`--accounts 1`), so that the client's figures are its own and a big account stays cheap.
import { availableParallelism } from 'node:os';
import { cleanupPull, pull, pullHasFlag, settle, tempDir } from './cli.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';
import { fetchAndDiscard, fetchAndWrite } from './loops.mjs';

const ROLE = ['--role', 'received'];
/** The pull's default --concurrency: what the physical limit of a backfill divides server time by. */
export const CONCURRENCY = 4;

/** An emulator process with one account of `docs` NF-e (seed 1), and `extra` flags (latency...). */
export function account(docs, extra = []) {
  return startEmulatorProcess([
    '--docs',
    String(docs),
    '--accounts',
    '1',
    '--other-docs',
    '0',
    '--seed',
    '1',
    ...extra,
  ]);
}

/**
 * The pages a run read most of its documents with: `v1` (cursor, 50 per page) or `v2-windows`
 * (a backfill's windows, v2 pages of 250). A v1 page brings at most 50 documents.
 */
function pagesOf(stats, documents) {
  const v1 = stats.requests.byRoute['GET /v1/nfe/{role}'] ?? 0;
  return v1 * 50 >= documents / 2 ? 'v1' : 'v2-windows';
}

const rate = (docs, ms) => docs / (ms / 1000);

/** A first pull into an empty folder, then a re-run with nothing new over it (`dist`: another build). */
async function pullTwice(emu, docs, dist) {
  const dir = tempDir(`pull-${docs}`);
  cleanupPull(dir);
  await emu.resetStats();
  const first = await pull(emu.env, dir, ROLE, [0], dist);
  const firstStats = await emu.stats();
  await emu.resetStats();
  // Exit 5 or 9 may mean "nothing new", depending on the engine.
  const again = await pull(emu.env, dir, ROLE, [0, 5, 9], dist);
  const againStats = await emu.stats();
  const documents = first.summary?.documents ?? 0;
  return {
    received: documents,
    pages: pagesOf(firstStats, documents),
    requests: firstStats.requests.total,
    firstMs: first.wallMs,
    firstCpuMs: first.cpuMs,
    firstRate: rate(documents, first.wallMs),
    maxRssMb: first.maxRssMb,
    rerun: {
      ms: again.wallMs,
      code: again.code,
      maxRssMb: again.maxRssMb,
      requests: againStats.requests.total,
      documents: again.summary?.documents ?? 0,
    },
  };
}

/**
 * A first pull of the received role of an account of `docs` NF-e (peak RSS), then a re-run with
 * nothing new over the same folder; with `writeLoop`, also a loop that fetches the pages the pull
 * read most of its documents with and writes each document to a plain file, beside the pull's
 * rate. With `before` (another build's dist/), the same pulls of that build, same emulator.
 */
export async function pullAccount(docs, { writeLoop = false, before } = {}) {
  const emu = await account(docs);
  try {
    const after = await pullTwice(emu, docs, undefined);
    const old = before ? await pullTwice(emu, docs, before) : undefined;
    let loop;
    if (writeLoop) {
      const loopDir = tempDir('loop');
      cleanupPull(loopDir);
      settle();
      loop = { api: after.pages, ...(await fetchAndWrite(emu.env, 'received', after.pages, loopDir)) };
      loop.rate = rate(loop.docs, loop.wallMs);
    }
    return { docs, ...after, before: old, loop };
  } finally {
    await emu.close();
  }
}

/** With a remote service's latency: a backfill of the received role against a one-cursor v1 loop. */
export async function backfillUnderLatency(docs, latency, perDocMs, before = undefined) {
  const emu = await account(docs, ['--latency', latency, '--per-doc-ms', String(perDocMs)]);
  const dir = tempDir('latency');
  try {
    const loop = await fetchAndDiscard(emu.env, 'received', 'v1');
    const once = async (into, dist) => {
      await emu.resetStats();
      const emuBefore = emu.cpuMs();
      // The documents alone: the events stream, read after them, is no part of the backfill.
      const r = await pull(emu.env, into, [...ROLE, '--without-events'], [0], dist);
      const emuCpuMs = emuBefore === undefined ? undefined : emu.cpuMs() - emuBefore;
      const stats = await emu.stats();
      const documents = r.summary?.documents ?? 0;
      return {
        documents,
        ms: r.wallMs,
        cpuMs: r.cpuMs,
        emuCpuMs,
        // The CPU limit: the pull's CPU and the emulator's, spread evenly over the machine's cores
        // (other work on the machine only adds to it).
        cpuLimitMs: emuCpuMs === undefined ? undefined : (r.cpuMs + emuCpuMs) / availableParallelism(),
        rate: rate(documents, r.wallMs),
        requests: stats.requests.total,
        rejected: stats.requests.byStatus['429'] ?? 0,
        pages: pagesOf(stats, documents),
        meanServerMs: stats.serverTime.requests ? stats.serverTime.totalMs / stats.serverTime.requests : 0,
        // The physical limit: every request's server time, spread evenly over the concurrency.
        limitMs: stats.serverTime.totalMs / CONCURRENCY,
        meanInFlight: stats.requests.inFlight?.mean,
      };
    };
    const into = (name) => {
      const d = tempDir(name);
      cleanupPull(d);
      return d;
    };
    let after = await once(dir, undefined);
    let old;
    if (before) {
      // Twice each, in the order now, before, before, now, the faster run of each kept: the first
      // pull after the emulator started runs measurably slower, and other work on the machine
      // comes and goes.
      old = await once(into('latency-before'), before);
      const again = await once(into('latency-before'), before);
      if (again.ms < old.ms) old = again;
      const second = await once(into('latency'), undefined);
      if (second.ms < after.ms) after = second;
    }
    return {
      docs,
      latency,
      perDocMs,
      loop: { ...loop, rate: rate(loop.docs, loop.wallMs) },
      pull: after,
      before: old,
      meanServerMs: after.meanServerMs,
    };
  } finally {
    cleanupPull(dir);
    await emu.close();
  }
}

/**
 * The emulator's rate limit on (and its latency), the pull told the quota when it has a flag for
 * it: the share of the quota the pull used over its run, and the share of its requests answered 429.
 */
export async function underRateLimit({ docs, limit, windowSeconds, maxSeconds, latency, perDocMs, dist, tell = true }) {
  const quota = `${limit}/${windowSeconds}s`;
  const emu = await account(docs, ['--rate-limit', quota, '--latency', latency, '--per-doc-ms', String(perDocMs)]);
  const dir = tempDir('quota');
  // Not told (`tell: false`), the pull learns the quota from the answers' X-RateLimit-* headers.
  const told = tell && pullHasFlag('--rate-limit', dist);
  try {
    await emu.resetStats();
    const r = await pull(
      emu.env,
      dir,
      [...ROLE, '--max-duration', String(maxSeconds), ...(told ? ['--rate-limit', quota] : [])],
      // A run stopped by --max-duration ends 12 (0 in builds before that code).
      [0, 12],
      dist,
    );
    const stats = await emu.stats();
    const requests = stats.requests.total;
    const rejected = stats.requests.byStatus['429'] ?? 0;
    // The quota offered over the run: the windows it opened and the time between them, from when
    // the first opened to when the last ended. A client that fills every window and opens the next
    // the moment one ends uses 100%; one that idles past a window's end loses that time.
    const spanMs = stats.requests.lastAt - stats.requests.firstAt;
    const seconds = spanMs / 1000;
    const windowMs = windowSeconds * 1000;
    const rl = stats.rateLimit;
    const offered = ((rl.lastWindowAt - rl.firstWindowAt + windowMs) / windowMs) * limit;
    // Before, from the first answer to the last and a window more: the last window's requests took
    // the time they were spread over it as well as the whole window (5 / (5 + B / 5) at most over
    // five windows whose requests took B s each), so a run that filled every window scored 95%.
    const offeredToLast = ((spanMs + windowMs) / windowMs) * limit;
    return {
      docs,
      quota,
      told,
      seconds,
      pullSeconds: r.wallMs / 1000,
      pullCpuSeconds: r.cpuMs / 1000,
      requests,
      rejected,
      meanInFlight: stats.requests.inFlight?.mean,
      documents: r.summary?.documents ?? 0,
      windows: rl.windows,
      quotaUse: rl.allowed / offered,
      quotaUseToLast: rl.allowed / offeredToLast,
      rejectedShare: requests ? rejected / requests : 0,
    };
  } finally {
    cleanupPull(dir);
    await emu.close();
  }
}

/**
 * A plain pull of a small account (no latency, no quota), then the same pull again with nothing
 * new: what each costs in requests (the emulator's count), by route.
 */
export async function plainPullRequests(docs, dist = undefined) {
  const emu = await account(docs);
  const dir = tempDir('plain');
  try {
    const runs = [];
    for (let run = 0; run < 2; run++) {
      await emu.resetStats();
      const r = await pull(emu.env, dir, ROLE, [0], dist);
      const stats = await emu.stats();
      runs.push({
        requests: stats.requests.total,
        byRoute: stats.requests.byRoute,
        documents: r.summary?.documents ?? 0,
      });
    }
    return { docs, first: runs[0], rerun: runs[1] };
  } finally {
    cleanupPull(dir);
    await emu.close();
  }
}
