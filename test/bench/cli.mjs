// Runs the built CLI as a user runs it (a process of its own, the node flags of bin/fiscal.js),
// measuring wall time from outside and peak RSS from inside (measure.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const measure = fileURLToPath(new URL('./measure.mjs', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

const shebang = readFileSync(bin, 'utf8').split('\n', 1)[0].split(/\s+/);
/** The node flags of the installed command (its `#!/usr/bin/env -S VAR=value node ...` line). */
export const NODE_FLAGS = shebang.filter((w) => w.startsWith('--'));
/** The environment that line gives node (`VAR=value` before `node`). */
export const NODE_ENV = Object.fromEntries(
  shebang
    .filter((w) => /^[A-Z_][A-Z0-9_]*=/.test(w))
    .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
);

/** Lets earlier writes reach the disk, so that a measurement does not pay for the one before. */
export function settle() {
  spawnSync('sync');
}

export function tempDir(name) {
  return mkdtempSync(join(tmpdir(), `fiscal-bench-${name}-`));
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Whether `fiscal pull nfe` has the flag, in this build or in another's dist/ (`--before`). */
export function pullHasFlag(flag, dist = undefined) {
  const r = spawnSync(process.execPath, [measure, 'pull', 'nfe', '--help'], {
    encoding: 'utf8',
    env: { ...process.env, ...(dist ? { FISCAL_BENCH_DIST: dist } : {}) },
  });
  return r.stdout.includes(flag);
}

/**
 * `fiscal -o json pull nfe <args> --dir <dir>` against the emulator of `env`. Resolves with the
 * exit code, the wall time seen from outside, the CLI's own time, CPU time and peak RSS, and its summary.
 * Exit codes other than `okCodes` are an error carrying the end of stderr. `onStart` gets the
 * process's pid (to sample its memory from outside: rss.mjs).
 */
export function pull(env, dir, args, okCodes = [0], dist = undefined, onStart = undefined) {
  settle();
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      [...NODE_FLAGS, measure, '-o', 'json', 'pull', 'nfe', '--dir', dir, ...args],
      {
        env: {
          ...process.env,
          ...NODE_ENV,
          ...env,
          FISCAL_CONFIG_DIR: `${dir}-config`,
          ...(dist ? { FISCAL_BENCH_DIST: dist } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    onStart?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-20_000)));
    child.on('error', reject);
    child.on('close', () => {
      const wallMs = performance.now() - start;
      const bench = JSON.parse(/BENCH (.*)/.exec(stderr)?.[1] ?? 'null');
      if (!bench || !okCodes.includes(bench.code))
        return reject(new Error(`pull ${args.join(' ')} exited ${bench?.code}: ${stderr.slice(-2000)}`));
      let summary = null;
      try {
        summary = JSON.parse(stdout);
      } catch {
        // Exit codes such as "nothing new" may come without a summary.
      }
      resolve({
        code: bench.code,
        wallMs,
        innerMs: bench.wallMs,
        cpuMs: bench.cpuMs,
        maxRssMb: bench.maxRssMb,
        summary,
      });
    });
  });
}

/**
 * Folders of finished pulls, removed at the very end: deleting a few hundred thousand files keeps
 * the file system busy for minutes (journal, discards) and would slow every later measurement.
 */
const leftovers = [];

export function cleanupPull(dir) {
  removeAtEnd(dir, `${dir}-config`);
}

/** Folders removed with the pulls', at the end of the bench (or kept by `--keep`): see REMOVED_AT. */
export function removeAtEnd(...dirs) {
  leftovers.push(...dirs);
}

/**
 * When a bench last removed its folders. Without a journal, ext4 does not reuse the inode of a
 * file deleted in the last minute (six while its inode table is not written back): it checks each
 * candidate, and creating a file right after a few hundred thousand were deleted costs up to 0.3 ms
 * of system time more (measured: a pull of 11k documents spent 4 s of CPU on a quiet disk, 7 to 9 s within minutes of a removal).
 */
const REMOVED_AT = join(tmpdir(), 'fiscal-bench-removed-at');
const REMOVAL_SHADOW_MS = 6 * 60_000;

export function removeLeftovers() {
  for (const dir of leftovers.splice(0)) removeDir(dir);
  writeFileSync(REMOVED_AT, String(Date.now()));
  settle();
}

/** The folders `--keep` leaves for a look (and for `rm -rf` at a moment that measures nothing). */
export function keptLeftovers() {
  return leftovers.splice(0).filter((dir) => existsSync(dir));
}

/** A line on stderr when a bench removed its folders a few minutes ago (see REMOVED_AT). */
export function warnIfRecentRemoval() {
  let at;
  try {
    at = Number(readFileSync(REMOVED_AT, 'utf8'));
  } catch {
    return;
  }
  const ago = Date.now() - at;
  if (ago >= 0 && ago < REMOVAL_SHADOW_MS)
    process.stderr.write(
      `note: a bench removed its folders ${Math.round(ago / 1000)} s ago; creating files may be slower for ${Math.ceil((REMOVAL_SHADOW_MS - ago) / 1000)} s more (ext4 without a journal skips recently freed inodes): pulls may measure slow\n`,
    );
}

/**
 * `fiscal <args>` of this build (or of `dist`'s), spawned as a user runs it: wall time from
 * outside, and the CPU time of the whole process (its worker threads included) from inside.
 */
export function runMeasured(args, env = {}, dist = undefined, okCodes = [0]) {
  settle();
  const start = performance.now();
  const r = spawnSync(process.execPath, [...NODE_FLAGS, measure, ...args], {
    env: { ...process.env, ...NODE_ENV, ...env, ...(dist ? { FISCAL_BENCH_DIST: dist } : {}) },
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  const wallMs = performance.now() - start;
  const bench = JSON.parse(/BENCH (.*)/.exec(r.stderr)?.[1] ?? 'null');
  if (!bench || !okCodes.includes(bench.code))
    throw new Error(`fiscal ${args.join(' ')} exited ${bench?.code}: ${r.stderr.slice(-2000)}`);
  return { wallMs, cpuMs: bench.cpuMs, maxRssMb: bench.maxRssMb };
}
