// R39: some real accounts have no v2 (POST /v2/dfe/nfe answers 404). A command that prefers v2
// (`search nfe` without --api) then reads the v1 listing of each role instead, says so in one
// line, and remembers it for the profile (src/config/api-features.ts), so that the next run goes
// to v1 at once. A search v1 cannot express (a flag only v2 has) stops with a message saying why.
import { NFE_ROLES } from '../../api/wire/nfe.js';
import { featuresKey, readFeatures, rememberFeatures } from '../../config/api-features.js';
import type { Context } from '../../context.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { planNfeSearch, type NfeSearch, type NfeSearchPlan } from '../../api/nfe-search.js';

type V1Plan = Extract<NfeSearchPlan, { api: 'v1' }>;

/** A 404 that says the account has no v2, not that a document is missing. */
export function isV2NotEnabled(error: unknown): boolean {
  return error instanceof NotFoundError && error.path.startsWith('/v2/');
}

/** Whether an earlier run learned that this profile's account has no v2. */
export async function v2KnownMissing(ctx: Context): Promise<boolean> {
  return readFeatures(ctx.env, featuresKey(await ctx.target())).v2 === false;
}

/** Remembers that the account has no v2 and says, in one line, what the run does instead. */
export async function rememberNoV2(ctx: Context): Promise<void> {
  const target = await ctx.target();
  rememberFeatures(ctx.env, featuresKey(target), { v2: false, learnedAt: new Date(ctx.clock.now()).toISOString() });
}

/** The line a run prints when it reads v1 because the account has no v2. */
export function noV2Note(who: string, learned: boolean): string {
  return learned
    ? `note: POST /v2/dfe/nfe answered 404 (v2 is not enabled for this account): reading GET /v1/nfe/{role} instead; remembered for ${who}`
    : `note: v2 is not enabled for ${who} (learned on an earlier run): reading GET /v1/nfe/{role}`;
}

export async function whoIs(ctx: Context): Promise<string> {
  const target = await ctx.target();
  return target.profile ? `profile ${target.profile}` : `API id ${target.apiId}`;
}

/** The v1 listings (one per role) that answer `search`, or a UsageError saying why v1 cannot. */
export function v1PlansFor(search: NfeSearch, now: Date): V1Plan[] {
  const roles = search.role?.length ? [...new Set(search.role)] : [...NFE_ROLES];
  try {
    return roles.map((role) => planNfeSearch({ ...search, role: [role], api: 'v1' }, now) as V1Plan);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(
      `v2 is not enabled for this account (POST /v2/dfe/nfe answers 404), and the v1 listing cannot do this search: ${error.message}`,
    );
  }
}
