// `--manifest aware` of `fiscal pull nfe`: checks the flag against what is pulled and sets up the
// automatic awareness manifestation (src/sync/auto-manifest.ts), whose counts go in the summary.
import type { HttpClient } from '../../api/http.js';
import type { Context } from '../../context.js';
import { PartialError, UsageError } from '../../errors.js';
import type { AUTO_MANIFEST_VERBS, AutoManifest } from '../../sync/auto-manifest.js';
import type { StreamSource } from '../../sync/source.js';
import type { PullSummary } from '../../sync/summary.js';

interface CienciaFlags {
  dir: string;
  lockWait: number;
  manifest?: keyof typeof AUTO_MANIFEST_VERBS | undefined;
}

/**
 * The automatic manifestation of a pull, or undefined without --manifest; a UsageError when it
 * cannot apply. Its module (and the catalog's it reads) loads only with the flag.
 */
export async function cienciaOf(
  ctx: Context,
  type: string,
  f: CienciaFlags,
  sources: readonly StreamSource[],
  http: HttpClient,
  summary: PullSummary,
): Promise<AutoManifest | undefined> {
  if (!f.manifest) return undefined;
  if (
    type !== 'nfe' ||
    !sources.some((s) => s.key.type === 'nfe' && s.key.role === 'received' && s.phase !== 'events')
  ) {
    throw new UsageError(
      `--manifest ${f.manifest}: only received NF-e are manifested; use it with \`fiscal pull nfe --role received\``,
    );
  }
  const { AUTO_MANIFEST_VERBS, AutoManifest } = await import('../../sync/auto-manifest.js');
  const code = AUTO_MANIFEST_VERBS[f.manifest];
  summary.manifest = { code, manifested: 0, already: 0, canceled: 0, rejected: [], pending: 0 };
  return new AutoManifest({
    dir: f.dir,
    code,
    http,
    clock: ctx.clock,
    log: ctx.log,
    lockWait: f.lockWait,
    counts: summary.manifest,
    say: (line) => void ctx.io.stderr.write(`${line}\n`),
  });
}

/** Exit 7 when the tax authority refused some manifestations (each was named on stderr). */
export function throwIfRejected(summary: PullSummary): void {
  const n = summary.manifest?.rejected.length ?? 0;
  if (n > 0)
    throw new PartialError(
      `${n} manifestation${n === 1 ? ' was' : 's were'} rejected (see above); the documents are pulled`,
    );
}
