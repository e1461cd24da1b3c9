// `fiscal profile remove <name>`: delete a profile and its stored key.
import type { Context } from '../../context.js';
import { checkProfileName, unknownProfile } from './shared.js';

export interface RemoveOptions {
  name: string;
}

export function parseOptions(_raw: Record<string, unknown>, args: string[]): RemoveOptions {
  return { name: checkProfileName(args[0] ?? '') };
}

export async function run(ctx: Context, opts: RemoveOptions): Promise<void> {
  const store = await ctx.config();
  const wasDefault = store.defaultProfile() === opts.name;
  if (!store.remove(opts.name)) throw unknownProfile(opts.name, store);
  ctx.log.info(`Removed profile "${opts.name}"`);
  if (wasDefault) {
    ctx.log.info('It was the default: there is no default profile now (choose one with `fiscal profile use <name>`)');
  }
}
