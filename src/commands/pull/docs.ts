// `fiscal pull <cte|cteos|nfse|nfce|mdfe>`: one stream per (role, owner) over the type's v1 role
// listing, whose stable cursor is made for incremental sync (R13), run by the same crash-safe
// engine, flags and summary as `pull nfe`.
import { z } from 'zod';
import type { HttpClient } from '../../api/http.js';
import { cteDacte, cteOsDacte, mdfeDamdfe, nfeDanfe, nfseDanfse } from '../../api/pdf.js';
import { CTE_ROLES, CTEOS_ROLES } from '../../api/wire/cte.js';
import { MDFE_ROLES } from '../../api/wire/mdfe.js';
import { NFCE_ROLES } from '../../api/wire/nfce.js';
import { NFSE_ROLES } from '../../api/wire/nfse.js';
import type { Context } from '../../context.js';
import type { StreamKey } from '../../sync/checkpoint.js';
import type { PulledDocument, StreamSource } from '../../sync/source.js';
import { cteV1Source } from '../../sync/sources/cte.js';
import { mdfeV1Source } from '../../sync/sources/mdfe.js';
import { nfceV1Source } from '../../sync/sources/nfce.js';
import { nfseV1Source } from '../../sync/sources/nfse.js';
import type { VerbModule } from '../action.js';
import { parseWith } from '../options.js';
import { checkRanges, createdTo, date, oneOf, propertyExpression, taxIds } from '../shared/values.js';
import { OPEN_END, pdfOrNothing, runPullCommand, splitPullOptions, type PullFlags, type StreamIdentity } from './shared.js';

export type OtherType = 'cte' | 'cteos' | 'nfse' | 'nfce' | 'mdfe';

/** The query every v1 role listing takes (R11, R15-R17). */
interface ListingQuery {
  cnpjs?: string[];
  filter?: string;
  createdFrom?: string;
  createdTo?: string;
}

interface TypeSpec {
  roles: readonly string[];
  source(http: HttpClient, key: StreamKey, query: ListingQuery): StreamSource;
  pdf(http: HttpClient, doc: PulledDocument): Promise<Buffer>;
}

const SPECS: Record<OtherType, TypeSpec> = {
  cte: { roles: CTE_ROLES, source: cteV1Source, pdf: (http, d) => cteDacte(http, d.key) },
  cteos: { roles: CTEOS_ROLES, source: cteV1Source, pdf: (http, d) => cteOsDacte(http, d.key) },
  nfse: { roles: NFSE_ROLES, source: nfseV1Source, pdf: (http, d) => nfseDanfse(http, d.key) },
  // The designed NFC-e listing serves the emitter's view only; its DANFe comes from the NF-e endpoint.
  nfce: { roles: NFCE_ROLES, source: nfceV1Source, pdf: (http, d) => nfeDanfe(http, d.key) },
  mdfe: { roles: MDFE_ROLES, source: mdfeV1Source, pdf: (http, d) => mdfeDamdfe(http, d.key) },
};

export interface PullDocsOptions {
  type: OtherType;
  pull: PullFlags;
  roles: string[];
  owners: string[];
  query: ListingQuery;
}

function filterSchema(spec: TypeSpec) {
  return z
    .object({
      role: oneOf(spec.roles, 'role'),
      // cnpj[] on the v1 listings takes 14-digit CNPJs (R8).
      owner: taxIds.pipe(z.array(z.string().length(14, 'the listing takes 14-digit CNPJs only'))).optional(),
      createdFrom: date.optional(),
      createdTo: createdTo.optional(),
      filter: propertyExpression.optional(),
    })
    .strict()
    .superRefine((o, ctx) => checkRanges(o, ctx));
}

export function verbFor(type: OtherType): VerbModule<PullDocsOptions> {
  const spec = SPECS[type];
  return {
    parseOptions(raw) {
      const { pull, filters } = splitPullOptions(raw);
      const f = parseWith(filterSchema(spec), filters);
      const query: ListingQuery = {};
      if (f.filter) query.filter = f.filter;
      if (f.createdFrom || f.createdTo) {
        // R15: both bounds or neither. An open side is a fixed far date, not "now": the filters
        // are part of the checkpoint, and a run tomorrow must continue today's.
        query.createdFrom = f.createdFrom ?? '2000-01-01';
        query.createdTo = f.createdTo ?? OPEN_END;
      }
      return { type, pull, roles: [...new Set(f.role)], owners: [...new Set(f.owner ?? [])], query };
    },
    run: (ctx, o) => run(ctx, o),
  };
}

async function run(ctx: Context, o: PullDocsOptions): Promise<void> {
  const spec = SPECS[o.type];
  await runPullCommand(ctx, {
    type: o.type,
    pull: o.pull,
    streams: (http, id) => streams(spec, http, o, id),
    pdf: (http, doc) => pdfOrNothing(ctx, o.type, doc.key, () => spec.pdf(http, doc)),
  });
}

function streams(spec: TypeSpec, http: HttpClient, o: PullDocsOptions, id: StreamIdentity): StreamSource[] {
  const query: ListingQuery = { ...o.query };
  const out: StreamSource[] = [];
  for (const role of o.roles) {
    for (const owner of o.owners.length ? o.owners : ['']) {
      const key = { ...id, type: o.type, role, owner };
      out.push(spec.source(http, key, owner ? { ...query, cnpjs: [owner] } : query));
    }
  }
  return out;
}
