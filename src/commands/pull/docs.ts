// `fiscal pull <cte|cteos|nfse|nfce|mdfe>`: one stream per (role, owner) over the type's v1 role
// listing, whose stable cursor is made for incremental sync (R13), run by the same crash-safe
// engine, flags and summary as `pull nfe`.
import type { HttpClient } from '../../api/http.js';
import { cteDacte, cteOsDacte, documentPdf, mdfeDamdfe, nfeDanfe, nfseDanfse } from '../../api/pdf.js';
import type { Context } from '../../context.js';
import { byType, DOC_TYPE_NAMES, docType, type ListingDocType, hasApiPdf } from '../../fiscal/doc-types.js';
import { UsageError } from '../../errors.js';
import type { ListingOnlyType } from '../../api/doc-clients.js';
import { listingV1Source } from '../../sync/sources/listing.js';
import type { StreamKey } from '../../sync/checkpoint.js';
import type { PulledDocument, StreamSource } from '../../sync/source.js';
import { accountCompanies, type AccountCompanies } from '../../sync/role-owners.js';
import { cteV1Source } from '../../sync/sources/cte.js';
import { mdfeV1Source } from '../../sync/sources/mdfe.js';
import { nfceV1Source } from '../../sync/sources/nfce.js';
import { nfseV1Source } from '../../sync/sources/nfse.js';
import type { OptionsOf } from '../shared/define.js';
import { cnpjOwnersOnly } from '../../api/listing-plan.js';
import { checkRanges } from '../shared/document-options.js';
import { verb } from '../shared/verb.js';
import { PULL_OTHER, type PullOtherSpec } from './index.js';
import { OPEN_END, PULL_PARSERS, pullFlagsOf, runPullCommand, type PullFlags, type StreamIdentity } from './shared.js';
import { pdfOrNothing } from './pdfs.js';

export type OtherType = ListingDocType;

/** The query every v1 role listing takes (R11, R15-R17). */
interface ListingQuery {
  cnpjs?: string[];
  filter?: string;
  createdFrom?: string;
  createdTo?: string;
}

interface TypeSpec {
  /** `companies`: the account's, for a stream without owner whose role several parties may hold. */
  source(http: HttpClient, key: StreamKey, query: ListingQuery, companies: AccountCompanies): StreamSource;
  pdf(http: HttpClient, doc: PulledDocument): Promise<Buffer>;
}

/** A type read from its role listing alone: the generic stream, and its PDF when it has one. */
function listingSpec(type: ListingOnlyType): TypeSpec {
  return {
    source: listingV1Source(type),
    pdf: async (http, d) => {
      if (!hasApiPdf(type)) throw new UsageError(`--with-pdf: the service has no ${docType(type).name} PDF`);
      return documentPdf(http, type, d.key);
    },
  };
}

const SPECS: Record<OtherType, TypeSpec> = {
  ...byType(
    listingSpec,
    DOC_TYPE_NAMES.filter((t): t is ListingOnlyType => !docType(t).endpoints.search),
  ),
  cte: { source: cteV1Source, pdf: (http, d) => cteDacte(http, d.key) },
  cteos: { source: cteV1Source, pdf: (http, d) => cteOsDacte(http, d.key) },
  nfse: { source: nfseV1Source, pdf: (http, d) => nfseDanfse(http, d.key) },
  // The designed NFC-e listing serves the emitter's view only; its DANFe comes from the NF-e endpoint.
  nfce: { source: nfceV1Source, pdf: (http, d) => nfeDanfe(http, d.key) },
  mdfe: { source: mdfeV1Source, pdf: (http, d) => mdfeDamdfe(http, d.key) },
};

interface PullDocsOptions {
  type: OtherType;
  pull: PullFlags;
  roles: string[];
  owners: string[];
  query: ListingQuery;
}

type Options = OptionsOf<PullOtherSpec['flags'], typeof PULL_PARSERS>;

function verbFor(type: OtherType) {
  return verb(PULL_OTHER[type], {
    parsers: PULL_PARSERS,
    check: (o) => void parseOptions(type, o),
    run: (ctx, o) => run(ctx, parseOptions(type, o)),
  });
}

/** `pull <type>` of each type read from its role listing. */
export const PULL_DOCS: Record<OtherType, ReturnType<typeof verbFor>> = byType(
  verbFor,
  Object.keys(PULL_OTHER) as OtherType[],
);

export function parseOptions(type: OtherType, o: Options): PullDocsOptions {
  const pull = pullFlagsOf(o);
  checkRanges(o);
  // cnpj[] on the v1 listings takes 14-digit CNPJs (R8).
  cnpjOwnersOnly(o.owner, 'the listing');
  const query: ListingQuery = {};
  if (o.filter) query.filter = o.filter;
  if (o.createdFrom || o.createdTo) {
    // R15: both bounds or neither. An open side is a fixed far date, not "now": the filters
    // are part of the checkpoint, and a run tomorrow must continue today's.
    query.createdFrom = o.createdFrom ?? '2000-01-01';
    query.createdTo = o.createdTo ?? OPEN_END;
  }
  return { type, pull, roles: [...new Set<string>(o.role)], owners: [...new Set(o.owner ?? [])], query };
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
  const companies = accountCompanies(http);
  for (const role of o.roles) {
    for (const owner of o.owners.length ? o.owners : ['']) {
      const key = { ...id, type: o.type, role, owner };
      out.push(spec.source(http, key, owner ? { ...query, cnpjs: [owner] } : query, companies));
    }
  }
  return out;
}
