// `pull --catalog postgres://…` (or FISCAL_CATALOG, or the profiles' `catalog` setting): the run's
// shared catalog, and the lease of one profile's folder for a pull of that profile alone.
import type { SharedCatalog, LeasedFolder } from '../../catalog/postgres/catalog.js';
import { catalogTarget } from '../../catalog/postgres/target.js';
import type { Context } from '../../context.js';
import { LockedError, UsageError } from '../../errors.js';

/** The shared catalog the run names, opened (schema up to date); undefined when it names none. */
export async function openSharedCatalog(
  ctx: Context,
  flag: string | undefined,
  profiles: string[],
): Promise<SharedCatalog | undefined> {
  const settings =
    flag === undefined && !ctx.env.FISCAL_CATALOG && profiles.length > 0
      ? await profileSettings(ctx, profiles)
      : undefined;
  const target = catalogTarget({ flag, env: ctx.env, profile: settings });
  if (!target) return undefined;
  const { SharedCatalog } = await import('../../catalog/postgres/catalog.js');
  const catalog = await SharedCatalog.open(target, {
    env: ctx.env,
    version: ctx.version,
    clock: ctx.clock,
    signal: ctx.signal,
  });
  ctx.defer(() => catalog.close());
  ctx.log.debug(`catalog: ${target.shown} (from ${target.from})`);
  return catalog;
}

/** The `catalog` setting the profiles share; refused when they name different ones. */
async function profileSettings(ctx: Context, profiles: string[]): Promise<string | undefined> {
  const store = await ctx.config();
  const named = new Set(profiles.map((p) => store.get(p)?.catalog));
  if (named.size > 1) {
    throw new UsageError('the profiles of this run name different catalogs', {
      details: ['give one with --catalog or FISCAL_CATALOG, or set the same one in every profile'],
    });
  }
  return [...named][0];
}

/**
 * The lease of a profile's folder for a run of that profile alone: taken at once, or within
 * --lock-wait, else exit 8 naming who holds it (as the folder's lock would).
 */
export async function leaseOne(
  ctx: Context,
  catalog: SharedCatalog,
  profile: string,
  waitSeconds: number,
): Promise<LeasedFolder> {
  const deadline = ctx.clock.now() + waitSeconds * 1000;
  for (;;) {
    const leased = await catalog.tryFolder(profile);
    if (leased) {
      if (leased.lease.tookOver) ctx.log.warn(`took over the lease of profile ${profile}: its last holder is gone`);
      return leased;
    }
    if (ctx.clock.now() >= deadline) {
      const holder = await catalog.holderOf(profile);
      throw new LockedError(`profile ${profile} is being pulled by another run (${holder ?? 'holder unknown'})`, {
        details: [
          waitSeconds > 0 ? `waited ${waitSeconds} s` : 'use --lock-wait <seconds> to wait for it',
          `lease held in ${catalog.target.shown}`,
        ],
      });
    }
    await ctx.clock.sleep(500, ctx.signal);
  }
}
