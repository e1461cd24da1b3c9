// One run per pull directory. The lock file holds {pid, host, startedAt}; it is created whole
// (written to a temp file, then hard-linked into place, which fails if a lock exists), so no run
// ever sees a half-written lock.
import { randomBytes } from 'node:crypto';
import { link, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../context.js';
import { LockedError } from '../errors.js';

export interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

export interface LockOptions {
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

async function readLock(path: string): Promise<LockInfo | undefined> {
  try {
    const info = JSON.parse(await readFile(path, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' && typeof info.host === 'string' ? info : undefined;
  } catch {
    return undefined;
  }
}

const describe = (info: LockInfo | undefined) =>
  info ? `pid ${info.pid} on ${info.host}, started ${info.startedAt}` : 'a run whose lock file is unreadable';

export async function acquireLock(stateDir: string, o: LockOptions): Promise<HeldLock> {
  const path = join(stateDir, 'lock');
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date(o.clock.now()).toISOString() };
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
      const holder = await readLock(path);
      if (holder && holder.host === info.host && !isAlive(holder.pid)) {
        if (await takeOverStale(path, holder)) {
          o.warn(`took over a stale lock of ${describe(holder)}: that run is gone`);
          tookOver = true;
          continue;
        }
      }
      if (o.clock.now() >= deadline) {
        throw new LockedError(`${stateDir} is locked by another run (${describe(holder)})`, {
          details: [
            o.waitSeconds > 0 ? `waited ${o.waitSeconds} s` : 'use --lock-wait <seconds> to wait for it',
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

/** Moves a dead run's lock aside; false when another run changed it meanwhile. */
async function takeOverStale(path: string, stale: LockInfo): Promise<boolean> {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch {
    return false;
  }
  const moved = await readLock(aside);
  if (moved?.pid === stale.pid && moved.startedAt === stale.startedAt) {
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
