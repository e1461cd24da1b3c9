// `fiscal profile list`: stored profiles and which one is the default. Keys are never listed.
import type { Context } from '../../context.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { listVerb } from './index.js';
import { PROFILE_COLUMNS, type ProfileRecord } from './shared.js';

export default verb(listVerb, { run: list });

async function list(ctx: Context): Promise<void> {
  const store = await ctx.config();
  const fallback = store.defaultProfile();
  const writer = createRecordWriter<ProfileRecord>(ctx, {
    columns: PROFILE_COLUMNS,
    emptyMessage: 'No profiles. Add one with `fiscal profile add <name>`, or try `--profile emulator`.',
  });
  try {
    for (const { name, profile } of store.list()) {
      writer.write({ name, base_url: profile.baseUrl, api_id: profile.apiId, default: name === fallback });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
