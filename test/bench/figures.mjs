// The measurements behind `npm run bench`. Each emulator runs in a process of its own with a single
// account (`--accounts 1`), so that the client's figures are its own and a big account stays cheap.
import { cleanupPull, pull, pullHasFlag, settle, tempDir } from './cli.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';
import { fetchAndDiscard, fetchAndWrite } from './loops.mjs';

const ROLE = ['--role', 'received'];

function account(docs, extra = []) {
  return startEmulatorProcess(['--docs', String(docs), '--accounts', '1', '--other-docs', '0', '--seed', '1', ...extra]);
}

/** The listing endpoint a run used most: the baseline loop then fetches the same pages. */
function endpointOf(stats) {
  const routes = stats.requests.byRoute;
  return (routes['POST /v2/dfe/nfe'] ?? 0) > (routes['GET /v1/nfe/{role}'] ?? 0) ? 'v2' : 'v1';
}

const rate = (docs, ms) => docs / (ms / 1000);

/**
 * A first pull of the received role of an account of `docs` NF-e (peak RSS), then a re-run with
 * nothing new over the same folder; with `writeLoop`, also a loop that fetches the same pages and
 * writes each document to a plain file, beside the pull's rate.
 */
export async function pullAccount(docs, { writeLoop = false } = {}) {
  const emu = await account(docs);
  const dir = tempDir(`pull-${docs}`);
  try {
    let loop;
    if (writeLoop) {
      // The loop uses the endpoint the pull uses: learnt from a short pull first.
      const probeDir = tempDir('probe');
      await emu.resetStats();
      await pull(emu.env, probeDir, [...ROLE, '--max-docs', '1']);
      const api = endpointOf(await emu.stats());
      cleanupPull(probeDir);
      const loopDir = tempDir('loop');
      settle();
      loop = { api, ...(await fetchAndWrite(emu.env, 'received', api, loopDir)) };
      cleanupPull(loopDir);
    }
    await emu.resetStats();
    const first = await pull(emu.env, dir, ROLE);
    const firstStats = await emu.stats();
    await emu.resetStats();
    // Exit 5 or 9 may mean "nothing new", depending on the engine.
    const again = await pull(emu.env, dir, ROLE, [0, 5, 9]);
    const againStats = await emu.stats();
    return {
      docs,
      received: first.summary?.documents,
      endpoint: endpointOf(firstStats),
      requests: firstStats.requests.total,
      firstMs: first.wallMs,
      firstRate: rate(first.summary?.documents ?? 0, first.wallMs),
      maxRssMb: first.maxRssMb,
      rerun: { ms: again.wallMs, code: again.code, maxRssMb: again.maxRssMb, requests: againStats.requests.total, documents: again.summary?.documents ?? 0 },
      loop: loop && { ...loop, rate: rate(loop.docs, loop.wallMs) },
    };
  } finally {
    cleanupPull(dir);
    await emu.close();
  }
}

/** With a remote service's latency: a backfill of the received role against a one-cursor v1 loop. */
export async function backfillUnderLatency(docs, latency, perDocMs) {
  const emu = await account(docs, ['--latency', latency, '--per-doc-ms', String(perDocMs)]);
  const dir = tempDir('latency');
  try {
    const loop = await fetchAndDiscard(emu.env, 'received', 'v1');
    await emu.resetStats();
    const r = await pull(emu.env, dir, ROLE);
    const stats = await emu.stats();
    const documents = r.summary?.documents ?? 0;
    return {
      docs, latency, perDocMs,
      loop: { ...loop, rate: rate(loop.docs, loop.wallMs) },
      pull: { documents, ms: r.wallMs, rate: rate(documents, r.wallMs), requests: stats.requests.total, endpoint: endpointOf(stats) },
      meanServerMs: stats.serverTime.requests ? stats.serverTime.totalMs / stats.serverTime.requests : 0,
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
export async function underRateLimit({ docs, limit, windowSeconds, maxSeconds, latency, perDocMs }) {
  const quota = `${limit}/${windowSeconds}s`;
  const emu = await account(docs, ['--rate-limit', quota, '--latency', latency, '--per-doc-ms', String(perDocMs)]);
  const dir = tempDir('quota');
  const told = pullHasFlag('--rate-limit');
  try {
    await emu.resetStats();
    const r = await pull(emu.env, dir, [...ROLE, '--max-duration', String(maxSeconds), ...(told ? ['--rate-limit', quota] : [])]);
    const stats = await emu.stats();
    const requests = stats.requests.total;
    const rejected = stats.requests.byStatus['429'] ?? 0;
    // The quota offered from the first request to the last, the last window counted whole: a
    // client that fills every window uses 100%, one that idles past a window's end loses it.
    const spanMs = stats.requests.lastAt - stats.requests.firstAt;
    const seconds = spanMs / 1000;
    const offered = ((spanMs + windowSeconds * 1000) / (windowSeconds * 1000)) * limit;
    return {
      docs, quota, told, seconds, pullSeconds: r.wallMs / 1000, requests, rejected,
      documents: r.summary?.documents ?? 0,
      quotaUse: stats.rateLimit.allowed / offered,
      rejectedShare: requests ? rejected / requests : 0,
    };
  } finally {
    cleanupPull(dir);
    await emu.close();
  }
}
