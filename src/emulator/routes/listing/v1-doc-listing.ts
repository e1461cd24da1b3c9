// The v1 cursor listing (R11-R17) over the indexes of the document types other than NF-e and CT-e
// that list by owner (NFS-e, NFC-e, MDF-e): the query of v1-listing.ts, and paging that hands each
// item the owner it is shown for.
import type * as z from 'zod';
import type { AnyStoredDoc, DocEntry, DocIndex } from '../../doc-index.js';
import type { RoleOf } from '../../model-docs.js';
import type { Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import { parseV1Query, rolePage, type PageItem, type V1Query } from './v1-listing.js';

/** The query of v1-listing.ts without `format_type`, which these listings do not read. */
export type DocV1Query = Omit<V1Query, 'format'>;

interface DocV1QueryOptions {
  roles: readonly string[];
  /** Whether `access_key[]` is read (documents with an access key). */
  accessKeys: boolean;
}

/** R11, R15-R17: the common v1 query (v1-listing.ts) without `format_type`. */
export function parseDocV1Query(ctx: RequestContext, role: string, o: DocV1QueryOptions): DocV1Query {
  const { format: _format, ...query } = parseV1Query(ctx, o.roles, { role, accessKeys: o.accessKeys, format: false });
  return query;
}

/** The owner a listed document is shown for: the first of the account's companies in the role (that cnpj[] allows). */
function ownerIn<D extends AnyStoredDoc>(doc: D, q: DocV1Query): string | undefined {
  return (doc.roles as RoleOf<string>[]).find((r) => r.role === q.role && (!q.cnpjs || q.cnpjs.has(r.owner)))?.owner;
}

function matcher<D extends AnyStoredDoc>(q: DocV1Query, listing: DocListing<D, z.ZodType>) {
  const { keyOf = () => undefined, matches } = listing;
  return ({ doc, createdMs }: DocEntry<D>): boolean =>
    ownerIn(doc, q) !== undefined &&
    (!matches || matches(doc, ownerIn(doc, q)!)) &&
    (!q.accessKeys || q.accessKeys.has(keyOf(doc) ?? '')) &&
    (!q.created || (createdMs >= q.created.from && createdMs <= q.created.to)) &&
    (!q.matchesFilter || q.matchesFilter(doc.properties));
}

interface DocListing<D extends AnyStoredDoc, S extends z.ZodType> {
  /** The client's page schema, which types the items. */
  schema: S;
  toItem: (doc: D, owner: string) => PageItem<S>;
  /** The access key `access_key[]` is matched against; none for types without one (NFS-e). */
  keyOf?: (doc: D) => string | undefined;
  /** A filter of the type's own (NFS-e `id[]`), given the owner the document is shown for. */
  matches?: ((doc: D, owner: string) => boolean) | undefined;
}

/**
 * One page of a role listing. R13, R34: the cursor is a place among the role's documents (see
 * rolePage). R12: next is never null; past the end it repeats the cursor asked for.
 */
export function listDocsV1<D extends AnyStoredDoc, S extends z.ZodType>(
  ctx: RequestContext,
  index: DocIndex<D>,
  q: DocV1Query,
  listing: DocListing<D, S>,
): Reply {
  const { schema, toItem } = listing;
  return rolePage(
    ctx,
    q,
    index.byRole(q.role),
    matcher(q, listing as DocListing<D, z.ZodType>),
    (entry) => toItem(entry.doc, ownerIn(entry.doc, q)!),
    schema,
  );
}
