// One run per pull directory. The lock file holds {pid, host, startedAt}; it is created whole
// (written to a temp file, then hard-linked into place, which fails if a lock exists), so no run
// ever sees a half-written lock.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../context.js';
import { LockedError } from '../errors.js';

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  /** When the process started, in clock ticks since boot (Linux): a pid reused by another process has another. */
  procStart?: string;
}

interface LockOptions {
  /** Seconds to wait for another run to finish; 0 fails at once. */
  waitSeconds: number;
  clock: Clock;
  signal?: AbortSignal;
  warn(message: string): void;
}

export interface HeldLock {
  info: LockInfo;
  /** The lock was taken over from a run that died holding it (it may have left files half written). */
  tookOver: boolean;
  release(): Promise<void>;
}

const POLL_MS = 250;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces), or undefined off Linux. */
function procStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/** What the lock path holds: a run's lock, something that is no lock (taken over), or nothing any more. */
type Holder =
  | { kind: 'run'; info: LockInfo; raw: string }
  | { kind: 'unreadable'; raw: string; what: string }
  | { kind: 'folder' }
  | { kind: 'gone' };

async function readHolder(path: string): Promise<Holder> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'gone' };
    if (code === 'EISDIR') return { kind: 'folder' };
    throw e;
  }
  try {
    const info = JSON.parse(raw) as LockInfo;
    if (typeof info.pid === 'number' && typeof info.host === 'string') return { kind: 'run', info, raw };
  } catch {
    // Not JSON: said below.
  }
  return { kind: 'unreadable', raw, what: raw.trim() === '' ? 'empty' : 'not a lock' };
}

async function readLock(path: string): Promise<LockInfo | undefined> {
  const h = await readHolder(path).catch(() => undefined);
  return h?.kind === 'run' ? h.info : undefined;
}

const describe = (h: Holder) =>
  h.kind === 'run'
    ? `pid ${h.info.pid} on ${h.info.host}, started ${h.info.startedAt}`
    : h.kind === 'folder'
      ? 'a folder where the lock file should be'
      : `a lock file that is ${h.kind === 'unreadable' ? h.what : 'gone'}`;

/**
 * Why the lock is no live run of this folder, or undefined when it may be one. A lock is created
 * whole, so one that is empty, not a lock, or a folder was never a run's; a pid that is gone, or
 * that another process now has (its start time differs, or it is no fiscal run), is a dead run's.
 * Another host's lock cannot be checked and is left alone.
 */
function staleReason(h: Holder, host: string): string | undefined {
  if (h.kind === 'folder' || h.kind === 'unreadable') return 'locks are written whole, so no run ever held this one';
  if (h.kind !== 'run' || h.info.host !== host) return undefined;
  const { pid, procStart } = h.info;
  if (!isAlive(pid)) return 'that run is gone';
  const now = procStartOf(pid);
  if (procStart !== undefined)
    return now !== undefined && now !== procStart ? `pid ${pid} is now another process` : undefined;
  // A lock without its start time (written by an older fiscal): fiscal runs on node, so a pid
  // whose command mentions neither is another program's now.
  const command = commandLineOf(pid);
  return command !== undefined && !/fiscal|node/.test(command)
    ? `pid ${pid} is now another process (no fiscal run)`
    : undefined;
}

export async function acquireLock(stateDir: string, o: LockOptions): Promise<HeldLock> {
  const path = join(stateDir, 'lock');
  const procStart = procStartOf(process.pid);
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date(o.clock.now()).toISOString(),
    ...(procStart !== undefined ? { procStart } : {}),
  };
  const tmp = join(stateDir, `lock.${randomBytes(6).toString('hex')}`);
  await writeFile(tmp, `${JSON.stringify(info)}\n`);
  const deadline = o.clock.now() + o.waitSeconds * 1000;
  let tookOver = false;
  try {
    for (;;) {
      try {
        await link(tmp, path);
        await removeLeftovers(stateDir, tmp);
        return { info, tookOver, release: () => releaseLock(path, info) };
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // The holder cleans up temp lock files of runs that died; ours may have been among them.
        if (code === 'ENOENT') {
          await writeFile(tmp, `${JSON.stringify(info)}\n`);
          continue;
        }
        if (code !== 'EEXIST') throw e;
      }
      const holder = await readHolder(path);
      if (holder.kind === 'gone') continue;
      const stale = staleReason(holder, info.host);
      if (stale !== undefined && (await takeOverStale(path, holder))) {
        o.warn(`took over a stale lock of ${describe(holder)}: ${stale}`);
        tookOver = true;
        continue;
      }
      if (o.clock.now() >= deadline) {
        // A run on another machine (a shared folder) is not seen from here: it may be alive, or
        // have died leaving the lock, which only that machine, or a person, can tell.
        const elsewhere = holder.kind === 'run' && holder.info.host !== info.host;
        throw new LockedError(`${stateDir} is locked by another run (${describe(holder)})`, {
          details: [
            o.waitSeconds > 0 ? `waited ${o.waitSeconds} s` : 'use --lock-wait <seconds> to wait for it',
            ...(elsewhere
              ? [
                  `that run is on ${holder.info.host}, which this machine cannot see: if it has stopped there, remove the lock file and run again`,
                ]
              : []),
            `lock file: ${path}`,
          ],
        });
      }
      await o.clock.sleep(POLL_MS, o.signal);
    }
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/**
 * Temp lock files (`lock.<hex>`, `lock.stale-<hex>`) of runs killed while taking the lock. Only
 * the holder removes them; a waiter whose file goes writes it again.
 */
async function removeLeftovers(stateDir: string, mine: string): Promise<void> {
  for (const name of await readdir(stateDir)) {
    const path = join(stateDir, name);
    if (/^lock\.(stale-)?[0-9a-f]{12}$/.test(name) && path !== mine) await unlink(path).catch(() => undefined);
  }
}

/** Moves a dead run's lock (or what is no lock) aside; false when another run changed it meanwhile. */
async function takeOverStale(path: string, stale: Holder): Promise<boolean> {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch {
    return false;
  }
  if (stale.kind === 'folder' && (await stat(aside)).isDirectory()) {
    await rm(aside, { recursive: true, force: true });
    return true;
  }
  const moved = await readHolder(aside).catch(() => undefined);
  if (moved && 'raw' in moved && 'raw' in stale && moved.raw === stale.raw) {
    await unlink(aside).catch(() => undefined);
    return true;
  }
  // Another run took it over and locked first: put its lock back.
  await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return false;
}

async function releaseLock(path: string, mine: LockInfo): Promise<void> {
  const current = await readLock(path);
  if (current?.pid === mine.pid && current.startedAt === mine.startedAt) await unlink(path).catch(() => undefined);
}
