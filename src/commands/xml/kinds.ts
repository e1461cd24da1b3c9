// The types whose XML `fiscal xml` retrieves by access key, and where: the type's v1 listing, one
// role after another, with the `access_key[]` filter (R11). NFS-e has no access key (R10): it is
// not among them.
import { cteOsV1Pages, cteV1Pages } from '../../api/cte.js';
import type { HttpClient } from '../../api/http.js';
import { mdfeV1Pages } from '../../api/mdfe.js';
import { nfceV1Pages } from '../../api/nfce.js';
import { nfeV1Pages } from '../../api/nfe.js';
import type { CursorPage } from '../../api/paginate.js';
import { CTE_ROLES, CTEOS_ROLES } from '../../api/wire/cte.js';
import { MDFE_ROLES } from '../../api/wire/mdfe.js';
import { NFCE_ROLES } from '../../api/wire/nfce.js';
import { NFE_ROLES, V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import type { ModelCode } from '../../fiscal/access-key.js';

export const XML_TYPES = ['nfe', 'nfce', 'cte', 'cteos', 'mdfe'] as const;
export type XmlType = (typeof XML_TYPES)[number];

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

const query = (accessKeys: string[]) => ({ accessKeys, limit: V1_LIMIT_MAX });

export const XML_KINDS: Record<XmlType, XmlKind> = {
  nfe: {
    model: '55',
    name: 'NF-e',
    roles: NFE_ROLES,
    pages: (http, role, keys, signal) => nfeV1Pages(http, role as (typeof NFE_ROLES)[number], query(keys), { signal }),
  },
  nfce: {
    model: '65',
    name: 'NFC-e',
    roles: NFCE_ROLES,
    pages: (http, role, keys, signal) =>
      nfceV1Pages(http, role as (typeof NFCE_ROLES)[number], query(keys), { signal }),
  },
  cte: {
    model: '57',
    name: 'CT-e',
    roles: CTE_ROLES,
    pages: (http, role, keys, signal) => cteV1Pages(http, role as (typeof CTE_ROLES)[number], query(keys), { signal }),
  },
  cteos: {
    model: '67',
    name: 'CT-e OS',
    roles: CTEOS_ROLES,
    pages: (http, role, keys, signal) =>
      cteOsV1Pages(http, role as (typeof CTEOS_ROLES)[number], query(keys), { signal }),
  },
  mdfe: {
    model: '58',
    name: 'MDF-e',
    roles: MDFE_ROLES,
    pages: (http, role, keys, signal) =>
      mdfeV1Pages(http, role as (typeof MDFE_ROLES)[number], query(keys), { signal }),
  },
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
