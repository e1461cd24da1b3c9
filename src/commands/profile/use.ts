// `fiscal profile use <name>`: make a profile the default.
import type { Context } from '../../context.js';
import { checkProfileName, isBuiltinEmulator, unknownProfile } from './shared.js';

export interface UseOptions {
  name: string;
}

export function parseOptions(_raw: Record<string, unknown>, args: string[]): UseOptions {
  return { name: checkProfileName(args[0] ?? '') };
}

export async function run(ctx: Context, opts: UseOptions): Promise<void> {
  const store = await ctx.config();
  // The built-in emulator may be the default: handy for demos and trying the CLI out.
  if (!store.get(opts.name) && !isBuiltinEmulator(opts.name, store)) throw unknownProfile(opts.name, store);
  store.setDefault(opts.name);
  ctx.log.info(`Default profile is now "${opts.name}"`);
}
