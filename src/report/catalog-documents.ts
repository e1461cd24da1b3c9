// The documents of a pull folder as a report takes them: from its catalog (the folder's own,
// brought level with the folder first, or the shared one's rows of its profile), one row per
// copy, its status the catalog's (the document's protocol, its events, the statuses the folder
// learnt). No XML is read here: the pull read it once.
import type { DocumentColumn } from '../catalog/rows.js';
import type { CatalogStore } from '../catalog/store.js';
import type { DocumentStatus } from '../fiscal/doc-status.js';
import { filterSql } from './catalog-report.js';
import { documentSums, STORED_SUMS, type DocumentFacts } from './facts.js';

interface FolderCopy {
  facts: DocumentFacts;
  role: string;
  owner: string;
  status: DocumentStatus | null;
}

interface FolderDocuments {
  copies: FolderCopy[];
  /** Documents whose file could not be read when they were catalogued. */
  problems: { path: string; error: string }[];
}

/**
 * The columns a report reads, by their names in the catalog (src/catalog/rows.ts declares them
 * once: a name it does not have does not compile); the sums are the columns of the same names.
 */
const COLUMNS = [
  'key',
  'role',
  'owner',
  'type',
  'emitted_at',
  'emitter_tax_id',
  'emitter_name',
  'emitter_uf',
  'receiver_tax_id',
  'receiver_name',
  'receiver_uf',
  'cfop',
  'status',
  'protocol_status',
  'path',
  ...STORED_SUMS,
] as const satisfies readonly DocumentColumn[];
/** Where each column is in a row. */
const AT = Object.fromEntries(COLUMNS.map((c, i) => [c, i])) as Record<(typeof COLUMNS)[number], number>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
// SQLite gives money as a number, PostgreSQL's NUMERIC as its text.
const cents = (v: unknown): number =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? Math.round(Number(v) * 100) : 0;

/** The documents of a catalog (closed once read); `within`: only the copies at or under these paths. */
export async function catalogDocuments(
  store: CatalogStore,
  within?: readonly string[] | undefined,
): Promise<FolderDocuments> {
  try {
    const where = filterSql({ within });
    const rows = await store.rows(
      `SELECT ${COLUMNS.map((c) => `d.${c}`).join(', ')} FROM documents d ${where.sql}`,
      where.params,
    );
    const out: FolderDocuments = { copies: [], problems: [] };
    // One facts object per document, shared by its copies (two roles, two owners).
    const byKey = new Map<string, DocumentFacts>();
    for (const r of rows) {
      const key = r[AT.key] as string;
      if (r[AT.emitted_at] === null && r[AT.emitter_tax_id] === null) {
        out.problems.push({
          path: String(r[AT.path]),
          error: 'its file could not be read when the folder was catalogued',
        });
        continue;
      }
      let facts = byKey.get(key);
      if (!facts) {
        facts = {
          kind: r[AT.type] as DocumentFacts['kind'],
          id: key,
          emittedAt: text(r[AT.emitted_at]),
          emitter: { taxId: text(r[AT.emitter_tax_id]), name: text(r[AT.emitter_name]), uf: text(r[AT.emitter_uf]) },
          receiver: {
            taxId: text(r[AT.receiver_tax_id]),
            name: text(r[AT.receiver_name]),
            uf: text(r[AT.receiver_uf]),
          },
          cfop: text(r[AT.cfop]),
          sums: documentSums(r[AT.type] as string, (name) => cents(r[AT[name]])),
          protocol: text(r[AT.protocol_status]),
          canceled: false,
          events: [],
        };
        byKey.set(key, facts);
      }
      out.copies.push({
        facts,
        role: r[AT.role] as string,
        owner: r[AT.owner] as string,
        status: (text(r[AT.status]) ?? null) as DocumentStatus | null,
      });
    }
    return out;
  } finally {
    await store.close();
  }
}
