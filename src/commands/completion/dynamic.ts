// `fiscal __complete profiles`: the profile names, one per line, for the completion scripts.
// Names only, never a key. Reads the profile file without opening the store, so a TAB creates
// no folder; a missing or unreadable file gives just the built-in name.
import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { EMULATOR_PROFILE } from '../../config/profile.js';
import { configFile } from '../../config/dir.js';
import { UsageError } from '../../errors.js';
import { verb } from '../shared/verb.js';
import { complete } from './index.js';

export default verb(complete, {
  check(_o, [list]) {
    if (list !== 'profiles') throw new UsageError(`__complete: unknown list "${String(list)}" (expected profiles)`);
  },
  async run(ctx) {
    const names = [...(await storedNames(ctx.env)), EMULATOR_PROFILE];
    ctx.io.stdout.write([...new Set(names)].map((n) => `${n}\n`).join(''));
  },
});

async function storedNames(env: Context['env']): Promise<string[]> {
  try {
    const data = JSON.parse(await readFile(configFile(env), 'utf8')) as { profiles?: unknown };
    const profiles = data.profiles;
    return profiles && typeof profiles === 'object' ? Object.keys(profiles).sort() : [];
  } catch {
    // TAB must never print an error into the command line being edited.
    return [];
  }
}
