// What a report needs of one document, read once from its XML (by the readers inspect uses) and
// small enough to keep for every document of a report: kind, identity, emission,
// the two parties, the main CFOP, the sums in cents, and the evidence of its status the XML holds.
import { eventRegistered } from '../fiscal/doc-status.js';
import { TOTAL_TAGS } from '../fiscal/readers/common.js';
import type { DocumentKind, DocumentSummary, Party } from '../fiscal/readers/index.js';

/** The sums of a report, in this order everywhere (columns, cache, HTML). */
export const SUMS = [
  'total',
  'products',
  'icms',
  'icms_st',
  'ipi',
  'pis',
  'cofins',
  'iss',
  'freight',
  'ibs',
  'cbs',
  'cargo',
] as const;
export type SumName = (typeof SUMS)[number];

/** The sums a document holds as its XML (and a catalog's row) writes them: all but `cargo`. */
type StoredSum = Exclude<SumName, 'cargo'>;
export const STORED_SUMS = SUMS.filter((s): s is StoredSum => s !== 'cargo');

/**
 * Designed here: a report's `total` is what a document bills (goods: NF-e, NFC-e, CF-e; a service:
 * NFS-e, DPS; a transport: CT-e, CT-e OS), money one party owes the other. An MDF-e bills nothing:
 * its value (vCarga) is of the goods it carries, whose notes are counted already. It is `cargo`,
 * a sum of its own, never added into `total` (an emitter's MDF-e would otherwise count its sales
 * twice, and make the sales of a month its cargo's).
 */
export const CARGO_KINDS: readonly string[] = ['mdfe'];

/** A document's sums in the order of SUMS, from its stored value of each (cents). */
export function documentSums(kind: string, stored: (name: StoredSum) => number): number[] {
  const cargo = CARGO_KINDS.includes(kind);
  return SUMS.map((name) => {
    if (name === 'cargo') return cargo ? stored('total') : 0;
    return name === 'total' && cargo ? 0 : stored(name);
  });
}

/** Where each sum is read from, by kind: the first element present wins (the total: TOTAL_TAGS). */
const SUM_FIELDS: Record<Exclude<StoredSum, 'total'>, readonly string[]> = {
  products: ['vProd'],
  icms: ['vICMS'],
  icms_st: ['vST'],
  ipi: ['vIPI'],
  pis: ['vPIS', 'ValorPis', 'vPis'],
  cofins: ['vCOFINS', 'ValorCofins', 'vCofins'],
  iss: ['ValorIss', 'vISSQN', 'vISS'],
  freight: ['vFrete'],
  // The 2026 reform's taxes (IBSCBSTot, or an NFS-e's IBSCBS group), where the document has them.
  ibs: ['vIBS'],
  cbs: ['vCBS'],
};

export interface DocumentFacts {
  kind: Exclude<DocumentKind, 'event'>;
  /** The access key; an NFS-e's id where it has none. */
  id: string;
  /** As written (ISO 8601, the emitter's own offset). */
  emittedAt?: string | undefined;
  emitter: Party;
  /** The receiver (NF-e, NFC-e, CF-e) or taker (CT-e, NFS-e). */
  receiver: Party;
  /** The CFOP of the items of most value (NF-e, NFC-e), or of the service (CT-e). */
  cfop?: string | undefined;
  /** In cents, in the order of SUMS. */
  sums: ArrayLike<number>;
  /** cStat of the document's own protocol. */
  protocol?: string | undefined;
  /** The XML itself shows a cancellation (its protocol, an event inside the file). */
  canceled: boolean;
  /** Registered events found inside the file (an MDF-e closing...). */
  events: string[];
}

/** An event read among the inputs: evidence about the document it refers to. */
interface EventFacts {
  refKey: string;
  type: string;
  registered: boolean;
}

/** Reais as the readers give them (`1234.56`) to cents; what is not a number counts 0. */
function cents(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

function pick(totals: Record<string, string>, names: readonly string[]): string | undefined {
  for (const n of names) if (totals[n] !== undefined) return totals[n];
  return undefined;
}

/** The facts of a document read by the readers; undefined for an event (see eventFactsOf). */
export function factsOf(doc: DocumentSummary, index: number): DocumentFacts | undefined {
  if (doc.kind === 'event') return undefined;
  const sums = documentSums(doc.kind, (name) =>
    cents(pick(doc.totals, name === 'total' ? TOTAL_TAGS[doc.kind] : SUM_FIELDS[name])),
  );
  return {
    kind: doc.kind,
    id: doc.key ?? doc.id ?? `${doc.source}#${index}`,
    emittedAt: doc.emittedAt,
    emitter: doc.emitter,
    receiver: { taxId: doc.counterpart.taxId, name: doc.counterpart.name, uf: doc.counterpart.uf },
    cfop: doc.cfops?.[0],
    sums,
    protocol: doc.protocol?.status,
    canceled: doc.canceled === true,
    events: (doc.events ?? [])
      .filter((e) => eventRegistered(e.status, e.protocol, e.family === 'nfse'))
      .map((e) => e.type),
  };
}

export function eventFactsOf(doc: DocumentSummary): EventFacts | undefined {
  const e = doc.event;
  if (doc.kind !== 'event' || !e?.refKey) return undefined;
  return {
    refKey: e.refKey,
    type: e.type,
    registered: eventRegistered(doc.protocol?.status, doc.protocol?.number, e.family === 'nfse'),
  };
}
