// The figures of a report: documents filtered, then grouped by one or more dimensions, each group
// with its count and its sums. Canceled documents are counted apart and left out of the sums (a
// canceled note moved no money). A document is in a group once, however many copies of it the
// folder holds; a document whose copies fall in two groups (two owners) is in both.
import { SUMS } from './facts.js';
import type { Copy, ReportDocument } from './collect.js';

export type Dimension =
  'month' | 'emitter' | 'receiver' | 'cfop' | 'uf' | 'status' | 'type' | 'owner' | 'role' | 'ncm' | 'product';

export interface ReportFilters {
  /** Emitted on or after / on or before this day (YYYY-MM-DD, the emitter's own date). */
  from?: string | undefined;
  to?: string | undefined;
  types?: readonly string[] | undefined;
  roles?: readonly string[] | undefined;
  owners?: readonly string[] | undefined;
}

export interface GroupValue {
  /** What groups: a month `YYYY-MM`, a CNPJ, a CFOP, a UF, a status...; '' when unknown. */
  value: string;
  /** A name to show beside it (emitter and receiver). */
  name?: string | undefined;
}

export interface ReportGroup {
  keys: GroupValue[];
  /** Documents summed (not canceled). */
  documents: number;
  canceled: number;
  /** In cents, in the order of SUMS. */
  sums: number[];
  /** The group's part of the total of all groups (of the documents when every total is 0). */
  share: number;
}

export interface ReportTotals {
  documents: number;
  canceled: number;
  sums: number[];
}

export interface Report {
  by: readonly Dimension[];
  groups: ReportGroup[];
  totals: ReportTotals;
}

/** The documents and, of each, the copies the role and owner filters keep. */
export function applyFilters(documents: readonly ReportDocument[], f: ReportFilters): ReportDocument[] {
  const out: ReportDocument[] = [];
  for (const doc of documents) {
    const day = doc.facts.emittedAt?.slice(0, 10);
    if (f.from && (!day || day < f.from)) continue;
    if (f.to && (!day || day > f.to)) continue;
    if (f.types && !f.types.includes(doc.facts.kind)) continue;
    const copies = doc.copies.filter(
      (c) => (!f.roles || f.roles.includes(c.role ?? '')) && (!f.owners || f.owners.includes(c.owner ?? '')),
    );
    if (copies.length === 0) continue;
    out.push(copies.length === doc.copies.length ? doc : { ...doc, copies });
  }
  return out;
}

/** The value of one dimension for a document as one of its copies sees it. */
function groupValue(doc: ReportDocument, copy: Copy, dim: Dimension): GroupValue {
  const f = doc.facts;
  switch (dim) {
    case 'month':
      return { value: f.emittedAt?.slice(0, 7) ?? '' };
    case 'emitter':
      return { value: f.emitter.taxId ?? '', name: f.emitter.name };
    case 'receiver':
      return { value: f.receiver.taxId ?? '', name: f.receiver.name };
    case 'cfop':
      return { value: f.cfop ?? '' };
    case 'uf':
      // The other party's state: where a sale went, where a purchase came from.
      return { value: (copy.role === 'emitted' ? f.receiver.uf : f.emitter.uf) ?? '' };
    case 'status':
      return { value: doc.status ?? 'unknown' };
    case 'type':
      return { value: f.kind };
    case 'owner':
      return { value: copy.owner ?? '', name: partyName(doc, copy.owner) };
    case 'role':
      return { value: copy.role ?? '' };
    // Of the items (items-report.ts): a document has no single one.
    case 'ncm':
    case 'product':
      return { value: '' };
  }
}

/** The name a document gives a party (the owner is one of its two parties). */
function partyName(doc: ReportDocument, taxId: string | undefined): string | undefined {
  if (!taxId) return undefined;
  const { emitter, receiver } = doc.facts;
  return emitter.taxId === taxId ? emitter.name : receiver.taxId === taxId ? receiver.name : undefined;
}

const emptySums = () => SUMS.map(() => 0);

export function aggregate(documents: readonly ReportDocument[], by: readonly Dimension[]): Report {
  const groups = new Map<string, ReportGroup>();
  const totals: ReportTotals = { documents: 0, canceled: 0, sums: emptySums() };
  for (const doc of documents) {
    const canceled = doc.status === 'canceled';
    count(totals, doc, canceled);
    const seen = new Set<string>();
    for (const copy of doc.copies) {
      const keys = by.map((dim) => groupValue(doc, copy, dim));
      const id = keys.map((k) => k.value).join('\u0000');
      if (seen.has(id)) continue;
      seen.add(id);
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { keys, documents: 0, canceled: 0, sums: emptySums(), share: 0 }));
      else fillNames(group.keys, keys);
      count(group, doc, canceled);
    }
  }
  const list = [...groups.values()];
  const grand = list.reduce((n, g) => n + g.sums[0]!, 0);
  const docs = list.reduce((n, g) => n + g.documents, 0);
  for (const g of list) g.share = grand > 0 ? g.sums[0]! / grand : docs > 0 ? g.documents / docs : 0;
  list.sort(ordering(by));
  return { by, groups: list, totals };
}

function count(
  into: { documents: number; canceled: number; sums: number[] },
  doc: ReportDocument,
  canceled: boolean,
): void {
  if (canceled) {
    into.canceled++;
    return;
  }
  into.documents++;
  const sums = doc.facts.sums;
  for (let i = 0; i < sums.length; i++) into.sums[i]! += sums[i]!;
}

/**
 * A party's name may be missing on one document and present on another, or spelt two ways: keep
 * the greatest, whatever order the documents come in (as the catalog's max(), catalog-report.ts).
 */
function fillNames(into: GroupValue[], from: GroupValue[]): void {
  into.forEach((k, i) => {
    const name = from[i]!.name;
    if (name && (!k.name || name > k.name)) k.name = name;
  });
}

/** Months in time order; then the groups that move the most money first; then by value. */
export function ordering(by: readonly Dimension[]): (a: ReportGroup, b: ReportGroup) => number {
  const months = by.findIndex((d) => d !== 'month');
  const leading = months < 0 ? by.length : months;
  return (a, b) => {
    for (let i = 0; i < leading; i++) {
      const c = compare(a.keys[i]!.value, b.keys[i]!.value);
      if (c !== 0) return c;
    }
    if (b.sums[0] !== a.sums[0]) return b.sums[0]! - a.sums[0]!;
    if (b.documents !== a.documents) return b.documents - a.documents;
    for (let i = leading; i < by.length; i++) {
      const c = compare(a.keys[i]!.value, b.keys[i]!.value);
      if (c !== 0) return c;
    }
    return 0;
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
