// The documents of a pull folder as a report takes them: from its catalog (the folder's own,
// brought level with the folder first, or the shared one's rows of its profile), one row per
// copy, its status the catalog's (the document's protocol, its events, the statuses the folder
// learnt). No XML is read here: the pull read it once.
import type { CatalogStore } from '../catalog/store.js';
import type { DocumentStatus } from '../fiscal/doc-status.js';
import { SUMS, type DocumentFacts } from './facts.js';

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

const SUM_COLUMNS: Record<(typeof SUMS)[number], string> = {
  total: 'total',
  products: 'products',
  icms: 'icms',
  icms_st: 'icms_st',
  ipi: 'ipi',
  pis: 'pis',
  cofins: 'cofins',
  iss: 'iss',
  freight: 'freight',
  ibs: 'ibs',
  cbs: 'cbs',
};

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
  ...SUMS.map((s) => SUM_COLUMNS[s]),
];
const FIRST_SUM = COLUMNS.length - SUMS.length;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
// SQLite gives money as a number, PostgreSQL's NUMERIC as its text.
const cents = (v: unknown): number =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? Math.round(Number(v) * 100) : 0;

/** The documents of a catalog (closed once read). */
export async function catalogDocuments(store: CatalogStore): Promise<FolderDocuments> {
  try {
    const rows = await store.rows(`SELECT ${COLUMNS.join(', ')} FROM documents`);
    const out: FolderDocuments = { copies: [], problems: [] };
    // One facts object per document, shared by its copies (two roles, two owners).
    const byKey = new Map<string, DocumentFacts>();
    for (const r of rows) {
      const key = r[0] as string;
      if (r[4] === null && r[5] === null) {
        out.problems.push({ path: String(r[14]), error: 'its file could not be read when the folder was catalogued' });
        continue;
      }
      let facts = byKey.get(key);
      if (!facts) {
        facts = {
          kind: r[3] as DocumentFacts['kind'],
          id: key,
          emittedAt: text(r[4]),
          emitter: { taxId: text(r[5]), name: text(r[6]), uf: text(r[7]) },
          receiver: { taxId: text(r[8]), name: text(r[9]), uf: text(r[10]) },
          cfop: text(r[11]),
          sums: SUMS.map((_, i) => cents(r[FIRST_SUM + i])),
          protocol: text(r[13]),
          canceled: false,
          events: [],
        };
        byKey.set(key, facts);
      }
      out.copies.push({
        facts,
        role: r[1] as string,
        owner: r[2] as string,
        status: (text(r[12]) ?? null) as DocumentStatus | null,
      });
    }
    return out;
  } finally {
    await store.close();
  }
}
