// The account's international invoices and utility bills (designed groups, docs/invoices.md and docs/utilities.md):
// generated per account on first use, deterministic from the account's credentials (which the seed
// decides) and the emulator's start day, on streams of their own so the fiscal documents do not
// change; the OCR adds to them (requests.ts). Kept per emulator, keyed by its store.
import { createHash } from 'node:crypto';
import type { OcrKind } from '../../api/wire/ocr.js';
import { rngFor } from '../data/random.js';
import type { Account } from '../model.js';
import type { Store } from '../store.js';
import { invoiceFrom, type InvoiceRecord } from './invoices.js';
import { PROVIDERS, utilityFrom, type UtilityRecord } from './utilities.js';
import { brasilia, DAY_MS } from './values.js';

interface AccountOcrDocs {
  invoices: InvoiceRecord[];
  utilities: UtilityRecord[];
  nextPosition: number;
}

const registries = new WeakMap<Store, Map<string, AccountOcrDocs>>();

/** The account's records, generated on first use from the emulator's clock then. */
export function ocrDocsOf(store: Store, account: Account, nowMs: number): AccountOcrDocs {
  let registry = registries.get(store);
  if (!registry) registries.set(store, (registry = new Map()));
  let docs = registry.get(account.id);
  if (!docs) registry.set(account.id, (docs = generate(account, Math.floor(nowMs / DAY_MS) * DAY_MS)));
  return docs;
}

// --- the account's set ------------------------------------------------------------------------

/** A record id: the prefix and 24 hex digits of a hash of what makes it unique. */
function recordId(prefix: 'inv' | 'utl', ...parts: (string | number)[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 24)}`;
}

function generate(account: Account, dayMs: number): AccountOcrDocs {
  const rng = rngFor(account.apiId, 'ocr-docs');
  const drafts: { createdMs: number; make: (position: number) => InvoiceRecord | UtilityRecord }[] = [];
  const invoices = rng.int(25, 45);
  for (let i = 0; i < invoices; i++) {
    const issuedMs = dayMs - rng.int(1, 360) * DAY_MS + rng.int(8, 18) * 3_600_000;
    const sub = rngFor(account.apiId, 'invoice', i);
    const id = recordId('inv', account.apiId, 'invoice', i);
    drafts.push({ createdMs: issuedMs, make: (position) => invoiceFrom(sub, account, issuedMs, position, id) });
  }
  // Every company has two to four contracts, billed monthly for the last twelve months.
  for (const company of account.companies) {
    const contracts = rng.shuffle(PROVIDERS).slice(0, rng.int(2, 4));
    for (const provider of contracts) {
      const accountNumber = rng.digits(rng.pick([8, 10, 12]));
      for (let m = 12; m >= 1; m--) {
        const now = new Date(dayMs);
        const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 1));
        const sub = rngFor(account.apiId, 'utility', company.cnpj, provider.name, m);
        const id = recordId('utl', account.apiId, company.cnpj, provider.name, month.toISOString().slice(0, 7));
        const draft = (position: number) =>
          utilityFrom(sub, account, provider, company.cnpj, accountNumber, month, position, id, dayMs);
        drafts.push({ createdMs: Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 10), make: draft });
      }
    }
  }
  drafts.sort((a, b) => a.createdMs - b.createdMs);
  const docs: AccountOcrDocs = { invoices: [], utilities: [], nextPosition: 1 };
  for (const draft of drafts) {
    const record = draft.make(docs.nextPosition++);
    if (record.id.startsWith('inv_')) docs.invoices.push(record as InvoiceRecord);
    else docs.utilities.push(record as UtilityRecord);
  }
  return docs;
}

/** What the OCR reads from a PDF: a record made from the PDF's hash, so the same PDF reads the same. */
export function recognize(
  docs: AccountOcrDocs,
  account: Account,
  kind: OcrKind,
  owner: string,
  pdf: Buffer,
  nowMs: number,
): InvoiceRecord | UtilityRecord {
  const hash = createHash('sha256').update(pdf).digest('hex');
  const existing =
    kind === 'invoice' ? docs.invoices.find((r) => r.pdfHash === hash) : docs.utilities.find((r) => r.pdfHash === hash);
  if (existing) return existing;
  const rng = rngFor('ocr', hash);
  const position = docs.nextPosition++;
  const created = brasilia(nowMs);
  if (kind === 'invoice') {
    const record = invoiceFrom(
      rng,
      account,
      nowMs - rng.int(0, 20) * DAY_MS,
      position,
      recordId('inv', account.apiId, hash),
    );
    Object.assign(record, { owner, source: 'upload', created_at: created, pdf, pdfHash: hash });
    docs.invoices.push(record);
    return record;
  }
  const provider = rng.pick(PROVIDERS);
  const now = new Date(nowMs);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const record = utilityFrom(
    rng,
    account,
    provider,
    owner,
    rng.digits(10),
    month,
    position,
    recordId('utl', account.apiId, hash),
    nowMs,
  );
  Object.assign(record, { source: 'upload', created_at: created, pdf, pdfHash: hash });
  docs.utilities.push(record);
  return record;
}

/** The wire item: the record without what only the emulator keeps. */
