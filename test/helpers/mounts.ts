// Small tmpfs mounts, to fill a disk or make a folder read-only for real. Only root can mount (CI
// and this project's tests run as root); elsewhere the tests that need one are skipped, saying why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = process.getuid?.() === 0;

const run = (args: string[]) => spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });

/** Whether this process can mount a tmpfs (root, with mount(8) and a kernel that allows it here). */
export const canMount: boolean = (() => {
  const why = (reason: string) => {
    console.warn(`skipped: the tests on a full or read-only disk (tmpfs mounts): ${reason}`);
    return false;
  };
  if (!isRoot) return why('not root, so no tmpfs can be mounted');
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-mount-probe-'));
  try {
    const r = run(['mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    if (r.status !== 0) return why(`mount -t tmpfs failed: ${(r.stderr || r.error?.message || '').trim()}`);
    run(['umount', dir]);
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

/** Whether this process runs as root, whom permissions do not stop. */
export const root = isRoot;

export interface Tmpfs {
  dir: string;
  /** Changes the mount's options in place (`size=...`, `ro`, `rw`); the files stay. */
  remount(options: string): void;
  unmount(): void;
}

/** Mounts a fresh tmpfs with `options` (e.g. `size=256k`, `ro`) on a new folder. */
export function mountTmpfs(options: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-tmpfs-'));
  const check = (r: ReturnType<typeof run>, what: string) => {
    if (r.status !== 0) throw new Error(`${what} ${dir}: ${r.stderr}`);
  };
  check(run(['mount', '-t', 'tmpfs', '-o', options, 'tmpfs', dir]), 'mount');
  let mounted = true;
  return {
    dir,
    remount: (o) => check(run(['mount', '-o', `remount,${o}`, dir]), 'remount'),
    unmount: () => {
      if (!mounted) return;
      mounted = false;
      run(['umount', '-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
