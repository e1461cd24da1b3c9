// The types whose XML `fiscal xml` retrieves by access key, and where: the type's v1 listing, one
// role after another, with the `access_key[]` filter (R11). NFS-e has no access key (R10): it is
// not among them.
import { cteOsV1Pages, cteV1Pages } from '../../api/cte.js';
import type { HttpClient } from '../../api/http.js';
import { mdfeV1Pages } from '../../api/mdfe.js';
import { nfceV1Pages } from '../../api/nfce.js';
import { nfeV1Pages } from '../../api/nfe.js';
import type { CursorPage } from '../../api/paginate.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import type { ModelCode } from '../../fiscal/access-key.js';
import { byType, DOC_TYPES, docType, typesWith, type KeyedDocType } from '../../fiscal/doc-types.js';
import { docListingPages } from '../../api/doc-listing.js';

/** The types with an access key: NFS-e has none (R10). */
export const XML_TYPES = typesWith('model');
export type XmlType = KeyedDocType;

/** A listing item: the key and its XML, base64 (R16 `format_type=xml`, the default). */
interface KeyedXml {
  access_key: string;
  xml: string | Record<string, unknown>;
}

export interface XmlKind {
  model: ModelCode;
  /** What the type is called in messages. */
  name: string;
  roles: readonly string[];
  pages(http: HttpClient, role: string, accessKeys: string[], signal: AbortSignal): AsyncIterable<CursorPage<KeyedXml>>;
}

/** A type's v1 pages, by role: `nfeV1Pages`, `cteV1Pages`... */
type V1Pages<R extends string> = (
  http: HttpClient,
  role: R,
  query: { accessKeys: string[]; limit: number },
  opts: { signal: AbortSignal },
) => AsyncIterable<CursorPage<KeyedXml>>;

type RoleOf<T extends XmlType> = (typeof DOC_TYPES)[T]['roles'][number];

/** A type whose listing is asked for the keys of one page (V1_LIMIT_MAX) in each role it knows. */
function xmlKind<T extends XmlType>(type: T, v1Pages: V1Pages<RoleOf<T>>): XmlKind {
  const spec = docType(type);
  return {
    model: spec.model as ModelCode,
    name: spec.name,
    roles: spec.roles,
    pages: (http, role, accessKeys, signal) =>
      v1Pages(http, role as RoleOf<T>, { accessKeys, limit: V1_LIMIT_MAX }, { signal }),
  };
}

/** A type without listing code of its own: the generic role listing (api/doc-listing.ts). */
const listedKind = (type: XmlType): XmlKind =>
  xmlKind(type, (http, role, query, opts) => docListingPages(http, { type, role }, query, opts));

export const XML_KINDS: Record<XmlType, XmlKind> = {
  ...byType(listedKind, XML_TYPES),
  nfe: xmlKind('nfe', nfeV1Pages),
  nfce: xmlKind('nfce', nfceV1Pages),
  cte: xmlKind('cte', cteV1Pages),
  cteos: xmlKind('cteos', cteOsV1Pages),
  mdfe: xmlKind('mdfe', mdfeV1Pages),
};

/**
 * The XML of each key the account holds, looked up role by role: a key found in one role is not
 * asked for in the next. Keys go in batches of one page (V1_LIMIT_MAX).
 */
export async function fetchXmls(
  http: HttpClient,
  kind: XmlKind,
  keys: string[],
  signal: AbortSignal,
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (let i = 0; i < keys.length; i += V1_LIMIT_MAX) {
    let pending = keys.slice(i, i + V1_LIMIT_MAX);
    for (const role of kind.roles) {
      if (pending.length === 0) break;
      for await (const page of kind.pages(http, role, pending, signal)) {
        for (const item of page.items) {
          if (typeof item.xml === 'string' && !found.has(item.access_key))
            found.set(item.access_key, Buffer.from(item.xml, 'base64'));
        }
        // Every key of the batch is in: the empty page that ends the listing need not be asked for.
        if (pending.every((key) => found.has(key))) break;
      }
      pending = pending.filter((key) => !found.has(key));
    }
  }
  return found;
}
