// `fiscal profile show [name]`: one profile, key masked. Without a name, the profile this run
// would use (--profile, FISCAL_PROFILE, then the default).
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { maskKey } from '../../config/profile.js';
import { createRecordWriter } from '../../output/writer.js';
import { checkProfileName } from '../shared/profile-credentials.js';
import { verb } from '../shared/verb.js';
import { showVerb } from './index.js';
import { isBuiltinEmulator, PROFILE_COLUMNS, unknownProfile, type ProfileRecord } from './shared.js';

export default verb(showVerb, {
  check(_o, [name]) {
    if (name !== undefined) checkProfileName(name);
  },
  run: (ctx, _o, [name]) => show(ctx, name),
});

async function show(ctx: Context, given: string | undefined): Promise<void> {
  const store = await ctx.config();
  const fallback = store.defaultProfile();
  const name = given ?? (ctx.globals.profile || ctx.env.FISCAL_PROFILE || fallback);
  if (name === undefined) {
    throw new UsageError('no profile named and no default profile', {
      details: ['name one (`fiscal profile show <name>`), or add one with `fiscal profile add <name>`'],
    });
  }
  const record = describe(name, fallback, store);
  const writer = createRecordWriter<ProfileRecord>(ctx, {
    columns: [
      ...PROFILE_COLUMNS.slice(0, 3),
      { header: 'API KEY', get: (r) => r.api_key },
      ...PROFILE_COLUMNS.slice(3),
    ],
  });
  writer.write(record);
  writer.end();
}

function describe(
  name: string,
  fallback: string | undefined,
  store: Awaited<ReturnType<Context['config']>>,
): ProfileRecord {
  if (isBuiltinEmulator(name, store)) {
    return {
      name,
      base_url: 'local emulator, started on demand',
      api_id: 'demo account',
      api_key: '',
      default: name === fallback,
    };
  }
  const profile = store.get(name);
  if (!profile) throw unknownProfile(name, store);
  return {
    name,
    base_url: profile.baseUrl,
    api_id: profile.apiId,
    api_key: maskKey(profile.apiKey),
    default: name === fallback,
  };
}
