// Pull throughput and memory against an emulator with no rate limit, beside the raw baseline;
// and quota use under the emulator's rate limit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawBaseline, ROLES } from './baseline.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';

const measure = fileURLToPath(new URL('./measure.mjs', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

/** The node flags of the installed command (its `#!/usr/bin/env -S node ...` line): the CLI is measured as it runs. */
const NODE_FLAGS = readFileSync(bin, 'utf8').split('\n', 1)[0].split(/\s+/).filter((w) => w.startsWith('--'));

/**
 * Folders of finished pulls, removed at the very end: deleting tens of thousands of files makes
 * the file system busy for a while (journal, discards), which would slow the next measurement.
 */
const leftovers = [];

/** Lets earlier writes reach the disk, so that a measurement does not pay for the one before. */
function settle() {
  spawnSync('sync');
}

export function removeLeftovers() {
  for (const dir of leftovers.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-config`, { recursive: true, force: true });
  }
}

function pullOnce(env, api, extra = []) {
  settle();
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-bench-'));
  const r = spawnSync(process.execPath, [...NODE_FLAGS, measure, '-o', 'json', 'pull', 'nfe', '--role', ROLES.join(','), '--dir', dir, '--api', api, ...extra], {
    env: { ...process.env, ...env, FISCAL_CONFIG_DIR: dir + '-config' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  leftovers.push(dir);
  const bench = JSON.parse(/BENCH (.*)/.exec(r.stderr)?.[1] ?? 'null');
  if (!bench || bench.code !== 0) throw new Error(`pull failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return { ...bench, summary: JSON.parse(r.stdout) };
}

export async function benchPull(sizes) {
  const rows = [];
  for (const docs of sizes) {
    const emu = await startEmulatorProcess(['--docs', String(docs), '--seed', '1']);
    try {
      for (const api of ['v1', 'v2']) {
        settle();
        const base = await rawBaseline(emu.env, api);
        const pull = pullOnce(emu.env, api);
        const pullRate = pull.summary.documents / (pull.wallMs / 1000);
        const baseRate = base.docs / (base.wallMs / 1000);
        rows.push({ docs, api, pulled: pull.summary.documents, baselineDocs: base.docs, pullRate, baseRate, ratio: pullRate / baseRate, maxRssMb: pull.maxRssMb });
      }
    } finally {
      await emu.close();
    }
  }
  return rows;
}

/** Rate limit on: how many requests got 429, and how much of the quota the pull used. */
export async function benchRateLimit({ limit, windowSeconds, docs }) {
  const emu = await startEmulatorProcess(['--docs', String(docs), '--seed', '1', '--rate-limit', `${limit}/${windowSeconds}s`]);
  try {
    await emu.resetStats();
    const pull = pullOnce(emu.env, 'v1');
    const stats = await emu.stats();
    const requests = stats.requests.total;
    const rejected = stats.requests.byStatus['429'] ?? 0;
    const seconds = pull.wallMs / 1000;
    const quota = (seconds / windowSeconds) * limit;
    return { requests, rejected, rejectedShare: rejected / requests, quotaUse: (requests - rejected) / quota, seconds, documents: pull.summary.documents };
  } finally {
    await emu.close();
  }
}
