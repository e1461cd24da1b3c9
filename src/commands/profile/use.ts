// `fiscal profile use <name>`: make a profile the default.
import type { Context } from '../../context.js';
import { checkProfileName } from '../shared/profile-credentials.js';
import { verb } from '../shared/verb.js';
import { useVerb } from './index.js';
import { isBuiltinEmulator, unknownProfile } from './shared.js';

export default verb(useVerb, {
  check: (_o, [name]) => void checkProfileName(name ?? ''),
  run: (ctx, _o, [name]) => use(ctx, name!),
});

async function use(ctx: Context, name: string): Promise<void> {
  const store = await ctx.config();
  // The built-in emulator may be the default: handy for demos and trying the CLI out.
  if (!store.get(name) && !isBuiltinEmulator(name, store)) throw unknownProfile(name, store);
  store.setDefault(name);
  ctx.log.info(`Default profile is now "${name}"`);
}
