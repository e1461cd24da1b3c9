// The figures of a report: documents filtered, then grouped by one or more dimensions, each group
// with its count and its sums. Canceled documents are counted apart and left out of the sums (a
// canceled note moved no money). A document is in a group once, however many copies of it the
// folder holds; a document whose copies fall in two groups (two owners) is in both.
import { SUMS } from './facts.js';
import type { Copy, ReportDocument } from './collect.js';
import { flowOfRole } from './flows.js';

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
  arrange(list, by);
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

/** What groups under one value of the dimensions before: the sums of all its groups. */
interface Subtotal {
  total: number;
  documents: number;
}

/** The groups' subtotals, by the values `id` gives each. */
function subtotals(groups: readonly ReportGroup[], id: (g: ReportGroup) => string): Map<string, Subtotal> {
  const out = new Map<string, Subtotal>();
  for (const g of groups) {
    const key = id(g);
    const s = out.get(key) ?? { total: 0, documents: 0 };
    s.total += g.sums[0]!;
    s.documents += g.documents;
    out.set(key, s);
  }
  return out;
}

const prefix = (g: ReportGroup, n: number) =>
  g.keys
    .slice(0, n)
    .map((k) => k.value)
    .join('\u0000');

/**
 * Each group's share and the groups' order (designed here; docs/report.md):
 *
 * - The share is of the groups that share its value of the first dimension (when there are
 *   several: a month's CFOPs add up to 100%) and of its role: purchases and sales have no total
 *   together, so `--by role,month` gives each month its part of its role's year. With one
 *   dimension (not role) it is of every group. Of the documents when those groups' totals are 0.
 * - Dimension by dimension: months in time order; the values of any other dimension kept
 *   together, entradas' roles before saídas', then the value with the largest total under it
 *   (of every group it heads), then its documents, then the value itself.
 */
export function arrange(groups: ReportGroup[], by: readonly Dimension[]): void {
  const role = by.indexOf('role');
  const scope = by.map((_, i) => (by.length > 1 && i === 0) || i === role);
  const scopeOf = (g: ReportGroup) =>
    g.keys
      .filter((_, i) => scope[i])
      .map((k) => k.value)
      .join('\u0000');
  const scoped = subtotals(groups, scopeOf);
  for (const g of groups) {
    const s = scoped.get(scopeOf(g))!;
    g.share = s.total > 0 ? g.sums[0]! / s.total : s.documents > 0 ? g.documents / s.documents : 0;
  }
  const levels = by.map((_, i) => subtotals(groups, (g) => prefix(g, i + 1)));
  groups.sort((a, b) => {
    for (let i = 0; i < by.length; i++) {
      const [x, y] = [a.keys[i]!.value, b.keys[i]!.value];
      if (x === y) continue;
      if (by[i] === 'month') return compare(x, y);
      if (i === role) {
        const c = flowRank(x) - flowRank(y);
        if (c !== 0) return c;
      }
      const [p, q] = [levels[i]!.get(prefix(a, i + 1))!, levels[i]!.get(prefix(b, i + 1))!];
      if (p.total !== q.total) return q.total - p.total;
      if (p.documents !== q.documents) return q.documents - p.documents;
      return compare(x, y);
    }
    return 0;
  });
}

/** Entradas first, then saídas, then the roles of neither flow (flows.ts). */
function flowRank(role: string): number {
  const flow = flowOfRole(role);
  return flow === 'in' ? 0 : flow === 'out' ? 1 : 2;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
