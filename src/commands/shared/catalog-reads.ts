// Where `report`, `inspect` and `query` read a pull folder's catalog: its own SQLite file
// (.fiscal/catalog.sqlite), or the shared catalog in PostgreSQL (`--catalog postgres://…`, else
// FISCAL_CATALOG, else the `catalog` setting of the profile in use) for a folder of a profile it
// holds. Designed here: a folder the shared catalog does not hold (one pulled without it) is read
// from its own file, so a profile's setting never hides a local folder; the database is
// connected only when a pull folder or the whole catalog is read.
import { openFolderCatalog } from '../../catalog/reader.js';
import type { SharedReader } from '../../catalog/postgres/read.js';
import { catalogTarget, type CatalogTarget } from '../../catalog/postgres/target.js';
import type { CatalogStore } from '../../catalog/store.js';
import { peekProfileCatalog } from '../../config/peek.js';
import type { Context } from '../../context.js';

export interface CatalogReads {
  /** The catalog of the pull folder `dir`: the shared one's rows of its profile, or its own file. */
  folder(dir: string): Promise<CatalogStore>;
  /** The shared catalog named, or undefined when none is. */
  shared(): Promise<CatalogTarget | undefined>;
  /** Every profile of the shared catalog (only when one is named). */
  whole(): Promise<CatalogStore>;
}

/** Nothing is resolved before a folder is read: inspecting loose files opens no profile store. */
export function catalogReads(ctx: Context, flag: string | undefined): CatalogReads {
  // A --catalog with a password is refused at once, before anything is read.
  let target: Promise<CatalogTarget | undefined> | undefined =
    flag === undefined ? undefined : Promise.resolve(catalogTarget({ flag, env: ctx.env, profile: undefined }));
  let reader: Promise<SharedReader> | undefined;
  const shared = () =>
    (target ??= profileSetting(ctx, flag).then((profile) => catalogTarget({ flag, env: ctx.env, profile })));
  const open = (t: CatalogTarget) =>
    (reader ??= import('../../catalog/postgres/read.js').then(async ({ SharedReader }) => {
      const r = await SharedReader.open(t, { env: ctx.env, version: ctx.version });
      ctx.defer(() => r.close());
      ctx.log.debug(`catalog: ${t.shown} (from ${t.from})`);
      return r;
    }));
  const own = async (dir: string) => (await openFolderCatalog(dir, { clock: ctx.clock, log: ctx.log })).store;
  return {
    shared,
    async folder(dir) {
      const t = await shared();
      if (!t) return own(dir);
      const r = await open(t);
      const profile = await r.profileOf(dir);
      if (profile !== undefined) return r.store([profile]);
      ctx.log.debug(`${dir}: not a folder of ${t.shown}: read from its own catalog`);
      return own(dir);
    },
    async whole() {
      const t = await shared();
      if (!t) throw new Error('no shared catalog is named');
      return (await open(t)).store();
    },
  };
}

/** The `catalog` setting of the profile in use (--profile, FISCAL_PROFILE, the default), when nothing else names one. */
async function profileSetting(ctx: Context, flag: string | undefined): Promise<string | undefined> {
  if (flag !== undefined || ctx.env.FISCAL_CATALOG) return undefined;
  const named = ctx.globals.profile ?? ctx.env.FISCAL_PROFILE;
  const peeked = peekProfileCatalog(ctx.env, named);
  if (peeked) return peeked.catalog;
  const store = await ctx.config();
  const name = named ?? store.defaultProfile();
  return name === undefined ? undefined : store.get(name)?.catalog;
}
