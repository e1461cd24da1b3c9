// Host programs some tests use beyond Node (poppler, zsh, fish, script, groff). `.ci/run` installs
// them; where one is missing, the tests that need it are skipped and the run says why, so a skip
// is never silent.
import { spawnSync } from 'node:child_process';

const seen = new Map<string, boolean>();

/**
 * Whether `name` runs (`name ...probe` exits 0). When it does not, prints one line naming what is
 * skipped and the Debian package that provides it.
 */
export function hostTool(name: string, probe: string[], skipped: string, pkg: string): boolean {
  const known = seen.get(name);
  if (known !== undefined) return known;
  const ok = spawnSync(name, probe, { stdio: 'ignore' }).status === 0;
  seen.set(name, ok);
  if (!ok)
    console.warn(`skipped: ${skipped}: \`${name}\` is not installed (apt-get install ${pkg}; .ci/run installs it)`);
  return ok;
}
