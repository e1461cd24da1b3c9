// `pull --all-profiles --catalog postgres://…` on several machines: each profile's folder is
// pulled under a lease held in the catalog, so the machines split the profiles between them.
//
// First pass: every profile no other process holds, within --concurrency. Then the ones another
// process held, tried again as soon as a lease is released (a NOTIFY, leases.ts) or every second
// (a holder that died releases nothing). A profile whose pull of the same work (the same streams
// and additions, shared.ts's pullWork) ended whole since this run started (the catalog says when,
// on the database's clock) is left alone, without taking its lease: nothing is left to do.
// Otherwise its holder stopped, died (the lease went with its session, connection.ts says how
// fast) or did other work (another type or role), and this run pulls that profile from the
// checkpoints the catalog holds.
import { join } from 'node:path';
import type { LeasedFolder, SharedCatalog } from '../../catalog/postgres/catalog.js';
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import type { Semaphore } from '../../sync/lane.js';
import type { ProfileResult } from './profiles.js';

const ENDED_WHOLE = 'its lease says it ended whole';

type PullOne = (name: string, leased: LeasedFolder) => Promise<ProfileResult>;

/** What the run does to each profile's folder (shared.ts's pullWork); undefined: never the same as another's. */
type Work = string | undefined;

/** How often a profile another run holds is tried again when no release was heard. */
const POLL_MS = 1000;

export async function pullLeased(
  ctx: Context,
  catalog: SharedCatalog,
  root: string,
  names: string[],
  limit: Semaphore,
  one: PullOne,
  work: Work,
): Promise<ProfileResult[]> {
  const dir = (name: string) => join(root, name);
  await catalog.listenForReleases();
  const since = await catalog.now();
  const results = new Map<string, ProfileResult>();
  let pending = names;
  let mark = catalog.releases;
  for (let round = 0; pending.length > 0; round++) {
    if (round > 0 && !(await catalog.waitForRelease(mark, POLL_MS, ctx.signal))) break;
    mark = catalog.releases;
    // A catalog away now fails each profile's lease below, each with its error, as before.
    const done = work
      ? await catalog.finishedAmong(pending, since, work).catch(() => new Set<string>())
      : new Set<string>();
    for (const name of done) results.set(name, { name, dir: dir(name), elsewhere: ENDED_WHOLE });
    pending = pending.filter((name) => !done.has(name));
    const held: string[] = [];
    await Promise.all(
      pending.map(async (name) => {
        const release = await limit.acquire();
        try {
          if (ctx.signal.aborted) return held.push(name);
          const leased = await catalog.tryFolder(name);
          if (!leased) return held.push(name);
          results.set(name, await pullOrSkip(ctx, catalog, name, leased, { since, one, dir: dir(name), work }));
        } catch (error) {
          // The catalog stayed away (exit 13): this profile failed, the others go on or fail alike.
          results.set(name, { name, dir: dir(name), error });
        } finally {
          release();
        }
      }),
    );
    if (round === 0 && held.length)
      ctx.log.info(`${held.length} profile(s) are being pulled by other runs: ${held.join(', ')}; waiting for them`);
    pending = held;
  }
  return names.map(
    (name) =>
      results.get(name) ?? { name, dir: dir(name), error: new InterruptedError('not pulled: the run was stopped') },
  );
}

async function pullOrSkip(
  ctx: Context,
  catalog: SharedCatalog,
  name: string,
  leased: LeasedFolder,
  o: { since: Date; one: PullOne; dir: string; work: Work },
): Promise<ProfileResult> {
  let finished = false;
  try {
    // Ended whole by another run between the read of the round and this lease.
    if (o.work && (await catalog.finishedAmong([name], o.since, o.work)).has(name))
      return { name, dir: o.dir, elsewhere: ENDED_WHOLE };
    if (leased.lease.tookOver) ctx.log.warn(`${name}: took over its lease: the run that held it is gone`);
    const result = await o.one(name, leased);
    finished = result.error === undefined && !result.summary?.s.stoppedBy;
    return result;
  } finally {
    await leased.release(finished ? o.work : undefined);
  }
}
