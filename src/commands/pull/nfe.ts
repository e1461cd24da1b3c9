// `fiscal pull nfe`: one stream per (role, owner), run by the crash-safe pull engine.
import type { HttpClient } from '../../api/http.js';
import { planNfeSearch, V2_ONLY_FLAGS, type NfeSearch } from '../../api/nfe-search.js';
import { nfeDanfe } from '../../api/pdf.js';
import type { Context } from '../../context.js';
import { NOW } from '../../fiscal/dates.js';
import type { StreamSource } from '../../sync/source.js';
import { accountCompanies } from '../../sync/role-owners.js';
import { nfeV1Source, nfeV2Source } from '../../sync/sources/nfe.js';
import { UsageError } from '../../errors.js';
import { flagName, type OptionsOf } from '../shared/define.js';
import { NFE_PARSERS, nfeSearchOf } from '../shared/nfe-options.js';
import { v2KnownMissing, whoIs } from '../shared/nfe-v2-fallback.js';
import { verb } from '../shared/verb.js';
import { pullNfe } from './index.js';
import { OPEN_END, PULL_PARSERS, pullFlagsOf, runPullCommand, type PullFlags, type StreamIdentity } from './shared.js';
import { pdfOrNothing } from './pdfs.js';

interface PullNfeOptions {
  pull: PullFlags;
  filters: NfeSearch;
  api: 'v1' | 'v2';
}

const PARSERS = { ...PULL_PARSERS, ...NFE_PARSERS };

export default verb(pullNfe, {
  parsers: PARSERS,
  // Every flag problem shows before anything is sent or locked.
  check: (o) => void parseOptions(o),
  run: (ctx, o) => run(ctx, parseOptions(o)),
});

export function parseOptions(o: OptionsOf<typeof pullNfe.flags, typeof PARSERS>): PullNfeOptions {
  const pull = pullFlagsOf(o);
  const filters = nfeSearchOf({ ...o, all: true });
  // An open --created-from range ends at a fixed far date, not "now": the filters are part of the
  // checkpoint, and tomorrow's run must continue today's. `--created-to now` means the same: a
  // pull fetches up to the moment it runs.
  if ((filters.createdFrom && !filters.createdTo) || filters.createdTo === NOW) filters.createdTo = OPEN_END;
  const api = filters.api ?? (V2_ONLY_FLAGS.some((k) => filters[k] !== undefined) ? 'v2' : 'v1');
  // Planned once here so that every flag problem shows before anything is sent or locked.
  for (const role of filters.role ?? []) planNfeSearch({ ...filters, role: [role], api }, new Date(0));
  return { pull, filters, api };
}

async function run(ctx: Context, o: PullNfeOptions): Promise<void> {
  // R39: a pull that needs v2 (a flag only v2 has) on an account known to have none says why at once.
  if (o.api === 'v2' && !o.filters.api && (await v2KnownMissing(ctx))) {
    const flag = V2_ONLY_FLAGS.find((k) => o.filters[k] !== undefined);
    throw new UsageError(
      `v2 is not enabled for ${await whoIs(ctx)} (learned on an earlier run), and ${flag ? flagName(flag) : 'this pull'} needs it: the v1 listing has no such filter`,
    );
  }
  await runPullCommand(ctx, {
    type: 'nfe',
    pull: o.pull,
    streams: (http, id, now) => streams(http, o, id, now),
    pdf: (http, doc) => pdfOrNothing(ctx, 'nfe', doc.key, () => nfeDanfe(http, doc.key)),
  });
}

function streams(http: HttpClient, o: PullNfeOptions, id: StreamIdentity, now: number): StreamSource[] {
  const out: StreamSource[] = [];
  const companies = accountCompanies(http);
  for (const role of [...new Set(o.filters.role ?? [])]) {
    for (const owner of o.filters.owner?.length ? [...new Set(o.filters.owner)] : ['']) {
      const key = { ...id, type: 'nfe', role, owner };
      // A pull wants every document, not the API's default 30 days of emission (R19).
      const plan = planNfeSearch(
        { ...o.filters, role: [role], owner: owner ? [owner] : undefined, api: o.api, everyEmission: true },
        new Date(now),
      );
      out.push(
        plan.api === 'v1'
          ? nfeV1Source(http, key, plan.query, now, companies)
          : nfeV2Source(http, key, plan.request, now),
      );
    }
  }
  return out;
}
