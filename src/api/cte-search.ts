// The CT-e (OS) search plan: which endpoint answers a `search cte` / `search cteos` given in the
// client's words, and the request it gets. Pure; commands hand it options, never a body.
//
// POST /v1/dfe/cte(os) has every filter but no custom-property expression and one access key; the
// role listing GET /v1/cte(-os)/{role} has the expression (R17) and several keys, but one role and
// few filters. The body endpoint is the default; --filter, several --key or --api v1 choose the
// listing. The body endpoint knows roles only as IsTaker (CT-e) or not at all (CT-e OS, R24): other
// role choices are kept on the client by OwnerRole. docs/cte.md has the table.
import { listingQuery } from './document-filters.js';
import { cteFilters, type CteKind, type CteSearchFilters } from './cte.js';
import { cnpjOwnersOnly } from './listing-plan.js';
import type { CteField, CteRequest, CteRole, CteV1Query } from './wire/cte.js';
import { V2_LIMIT_MAX } from './wire/nfe.js';
import { flagName, UsageError } from '../errors.js';

/** A CT-e (OS) search: the filters in the client's words, and how much of what to list. */
export interface CteSearch extends Omit<CteSearchFilters, 'isTaker'> {
  kind: CteKind;
  role?: CteRole[] | undefined;
  /** The taker's CNPJ/CPF, any of: the body search has no such filter, so records are kept on the client by Taker. */
  taker?: string[] | undefined;
  /** The old spelling of --role not-taker. */
  notTaker?: boolean | undefined;
  filter?: string | undefined;
  fields?: CteField[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
  api?: 'dfe' | 'v1' | undefined;
  /** The body search also gives Status and Events beside `fields` (what --summary shows of a status). */
  withStatus?: boolean | undefined;
}

const DEFAULT_CTE_FIELDS: CteField[] = [
  'AccessKey',
  'Number',
  'EmissionDate',
  'CreatedAt',
  'Emitter',
  'Taker',
  'Status',
  'Owner',
  'OwnerRole',
  // The table's VALUE (Document.TotalValue).
  'Document',
];
/** Fields a role listing can give: read from the XML it returns (Owner only when one was asked for). */
const V1_CTE_FIELDS: CteField[] = [
  'AccessKey',
  'Number',
  'EmissionDate',
  'Emitter',
  'Taker',
  'Status',
  'Owner',
  'OwnerRole',
  'Xml',
];
const DEFAULT_LIMIT = 50;
const STATUS_FIELDS: CteField[] = ['Status', 'Events'];

export type CteSearchPlan =
  | { api: 'dfe'; kind: CteKind; request: CteRequest; limit: number | undefined; keepRoles?: CteRole[] }
  | {
      api: 'v1';
      kind: CteKind;
      role: CteRole;
      query: CteV1Query;
      limit: number | undefined;
      fields: CteField[];
      owner?: string;
    };

type Flag = keyof CteSearch;
const DFE_ONLY_FLAGS: Flag[] = [
  'emitter',
  'from',
  'to',
  'status',
  'cteType',
  'nfe',
  'cfop',
  'tag',
  'origin',
  'hasCce',
  'hasManifestation',
  'prop',
];

export function planCteSearch(o: CteSearch, now: Date): CteSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  const dfeFlags = DFE_ONLY_FLAGS.filter((k) => o[k] !== undefined);
  const v1Reasons = [o.filter !== undefined ? '--filter' : '', (o.key?.length ?? 0) > 1 ? 'several --key' : ''].filter(
    Boolean,
  );
  if (v1Reasons.length && dfeFlags.length) {
    throw new UsageError(`${v1Reasons[0]} needs the role listing (v1), which has no ${flagName(dfeFlags[0]!)} filter`, {
      details: ['run two searches, or express the condition as a custom property (--filter)'],
    });
  }
  const api = o.api ?? (v1Reasons.length ? 'v1' : 'dfe');
  if (api === 'v1') return planV1(o, limit, dfeFlags, now);
  if (v1Reasons.length) throw new UsageError(`${v1Reasons[0]} is not available with --api dfe`);
  return planDfe(o, limit, now);
}

/** The roles asked for: --role, or what --not-taker stands for. */
function rolesOf(o: CteSearch): CteRole[] | undefined {
  if (o.role) return o.role;
  if (o.notTaker) return o.kind === 'cte' ? ['not-taker', 'authorized'] : ['not-taker'];
  return undefined;
}

function planDfe(o: CteSearch, limit: number | undefined, now: Date): CteSearchPlan {
  let keepRoles: CteRole[] | undefined;
  let isTaker: boolean | undefined;
  const roles = rolesOf(o);
  if (roles) {
    const all = o.kind === 'cte' ? 3 : 2;
    const taker = roles.includes('taker');
    // R21: IsTaker is exact for {taker} and for every role but taker; R24: CT-e OS has no role filter.
    if (o.kind === 'cte' && (roles.length === 1 || !taker)) isTaker = taker;
    const exact =
      roles.length === all || (o.kind === 'cte' && (roles.length === 1 ? taker : !taker && roles.length === 2));
    if (!exact) keepRoles = roles;
  }
  const f = cteFilters({ ...o, isTaker }, now);
  let fields = withTaker(o, o.fields ?? DEFAULT_CTE_FIELDS);
  if (keepRoles && !fields.includes('OwnerRole')) fields = [...fields, 'OwnerRole'];
  if (o.withStatus) fields = [...new Set([...fields, ...STATUS_FIELDS])];
  const request: CteRequest = { fields, Filters: f, Limit: Math.min(limit ?? V2_LIMIT_MAX, V2_LIMIT_MAX) };
  return { api: 'dfe', kind: o.kind, request, limit, ...(keepRoles ? { keepRoles } : {}) };
}

function planV1(o: CteSearch, limit: number | undefined, dfeFlags: Flag[], now: Date): CteSearchPlan {
  if (dfeFlags.length)
    throw new UsageError(`${flagName(dfeFlags[0]!)} is not available on the role listing (--api v1)`);
  const roles = o.role ?? (o.notTaker ? ['not-taker'] : []);
  if (roles.length !== 1) {
    throw new UsageError(
      `--role: the role listing (v1) lists one role at a time, got ${roles.length ? roles.join(',') : 'none'}`,
    );
  }
  cnpjOwnersOnly(o.owner, 'the role listing (v1)');
  const unavailable = o.fields?.find((f) => !V1_CTE_FIELDS.includes(f));
  if (unavailable)
    throw new UsageError(
      `--fields: ${unavailable} needs --api dfe; the role listing gives ${V1_CTE_FIELDS.join(', ')}`,
    );
  const query: CteV1Query = listingQuery(o, limit, now);
  const fields = withTaker(o, o.fields ?? DEFAULT_CTE_FIELDS.filter((f) => V1_CTE_FIELDS.includes(f)));
  const owner = o.owner?.length === 1 ? o.owner[0] : undefined;
  return { api: 'v1', kind: o.kind, role: roles[0]! as CteRole, query, limit, fields, ...(owner ? { owner } : {}) };
}

/** --taker is kept on the client by the records' Taker: asked for even when --fields leaves it out. */
const withTaker = (o: CteSearch, fields: CteField[]): CteField[] =>
  o.taker && !fields.includes('Taker') ? [...fields, 'Taker'] : fields;
