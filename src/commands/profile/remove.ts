// `fiscal profile remove <name>`: delete a profile and its stored key.
import type { Context } from '../../context.js';
import { checkProfileName } from '../shared/profile-credentials.js';
import { verb } from '../shared/verb.js';
import { removeVerb } from './index.js';
import { unknownProfile } from './shared.js';

export default verb(removeVerb, {
  check: (_o, [name]) => void checkProfileName(name ?? ''),
  run: (ctx, _o, [name]) => remove(ctx, name!),
});

async function remove(ctx: Context, name: string): Promise<void> {
  const store = await ctx.config();
  const wasDefault = store.defaultProfile() === name;
  if (!store.remove(name)) throw unknownProfile(name, store);
  ctx.log.info(`Removed profile "${name}"`);
  if (wasDefault) {
    ctx.log.info('It was the default: there is no default profile now (choose one with `fiscal profile use <name>`)');
  }
}
