// The groups of `report --by ncm/product` as the grouped query's reader builds them from its rows
// (items-report.ts), built from each document's parts instead (items-fold.ts): a group's values,
// its documents, canceled ones apart, and its cents rounded per group and document.
import type { ReportGroup, ReportTotals } from './aggregate.js';
import { SUMS } from './facts.js';
import { compareTuples, sqliteSum, textOrder } from './sqlite-sum.js';

/** Thrown from inside the pass over the items when it cannot give the query's figures. */
export class NotFoldable extends Error {}

/** A document's items of one group. */
export interface Part {
  /** The group's values as stored (NULL apart from ''). */
  values: readonly unknown[];
  names: unknown[];
  canceled: number;
  /** The sums so far (Fold.emptySums), in SQLite's order. */
  sums: Float64Array;
  /** Of a document of several copies: each item's sums, the largest its copies give. */
  items: Map<number, number[]> | undefined;
}

/** A group, and where each of its names was taken (the query's order decides). */
export interface Group {
  group: ReportGroup;
  named: ({ values: readonly unknown[]; key: string } | undefined)[];
  /** Its place among the groups (its cents are Fold.cents' from `at * columns`). */
  at: number;
}

/** Sums and their errors side by side (sqliteSum). */
type Sums = Float64Array;

/** A document's parts: the first `used` of the list. */
interface Parts {
  list: Part[];
  used: number;
}

/** A group as one pass folded it: its values, counts, cents, and where each name was taken. */
export interface GroupPart {
  values: string[];
  documents: number;
  canceled: number;
  sums: number[];
  named: ({ values: readonly unknown[]; key: string; name: string } | undefined)[];
}

export interface Folded {
  groups: ReportGroup[];
  totals: Omit<ReportTotals, 'sums'>;
}

/** The groups as the query's reader builds them from its rows (items-report.ts). */
export class Fold {
  readonly columns: number;
  /** Whether a dimension has names (a product's description, a party's name). */
  readonly named: boolean;
  /**
   * Each group's cents, a column each (the total and the products are one column), `columns` a
   * group: whole numbers, exact as doubles, written to the groups' sums when they are handed over.
   */
  private cents: Float64Array;
  /** Of each column, the first of SUMS it is (absorb adds a group's cents from there). */
  private readonly sumOf: number[];
  readonly totals = { documents: 0, canceled: 0 };
  /**
   * The groups by their values, one Map a dimension (a key joined of several was a string built
   * per group and document); NULL and '' are one value, as for the reader. No value holds a NUL
   * (XML cannot), so this tells the groups apart as its joined key did.
   */
  private readonly byValues = new Map<string, unknown>();
  private readonly list: Group[] = [];

  constructor(
    private readonly m: number,
    /** Where each of SUMS is among the columns summed; -1: none (0). */
    private readonly sumAt: readonly number[],
    names: readonly (string | null)[],
  ) {
    this.named = names.some((n) => n !== null);
    this.columns = Math.max(-1, ...sumAt) + 1;
    this.cents = new Float64Array(64 * this.columns);
    this.sumOf = Array.from({ length: this.columns }, (_, c) => sumAt.indexOf(c));
  }

  /** Each column's sum and its error, side by side. */
  emptySums(): Float64Array {
    return new Float64Array(2 * this.columns);
  }

  /** The values `from` of `values` into the sums at `at` of `into`; NULL adds nothing (the query's coalesce). */
  sum(into: Sums, values: readonly unknown[], from = 0, at = 0): void {
    for (let c = 0; c < this.columns; c++) {
      const v = values[from + c];
      if (typeof v === 'number') sqliteSum(into, at + 2 * c, v);
      else if (v !== null) throw new NotFoldable('a sum is not a number');
    }
  }

  /** A document's parts into the groups; `several`: of several copies, whose items are summed now. */
  document(key: string, parts: Parts, several: boolean): void {
    let last: Part | undefined;
    for (let n = 0; n < parts.used; n++) {
      const p = parts.list[n]!;
      if (p.items) for (const n of [...p.items.keys()].sort((a, b) => a - b)) this.sum(p.sums, p.items.get(n)!);
      this.into(key, p);
      // The totals take a document's status from its last row in the query's order.
      if (!last || (several && compareTuples(p.values, last.values) > 0)) last = p;
    }
    if (last) last.canceled ? this.totals.canceled++ : this.totals.documents++;
  }

  private into(key: string, p: Part): void {
    this.add(this.groupOf(p.values), p.values, p.names, key, p.canceled, p.sums);
  }

  /** The group of these values (NULL and '' one value), made when it is the first. */
  groupOf(values: readonly unknown[]): Group {
    let map = this.byValues;
    for (let n = 0; n < this.m - 1; n++) {
      const value = String(values[n] ?? '');
      let next = map.get(value) as Map<string, unknown> | undefined;
      if (!next) map.set(value, (next = new Map()));
      map = next;
    }
    const last = String(values[this.m - 1] ?? '');
    let g = map.get(last) as Group | undefined;
    if (!g) {
      const group = {
        keys: values.map((v) => ({ value: v === null ? '' : String(v) })),
        documents: 0,
        canceled: 0,
        sums: SUMS.map(() => 0),
        share: 0,
      };
      map.set(last, (g = { group, named: new Array(this.m).fill(undefined), at: this.list.length }));
      this.list.push(g);
      if (this.cents.length < this.list.length * this.columns) {
        const grown = new Float64Array(2 * this.cents.length);
        grown.set(this.cents);
        this.cents = grown;
      }
    }
    return g;
  }

  /**
   * A document's part into its group `g`: its values, its names, the document's key and whether it
   * is canceled, and its sums (Fold.emptySums) at `at` of `sums`.
   */
  add(
    g: Group,
    values: readonly unknown[],
    names: readonly unknown[],
    key: string,
    canceled: number,
    sums: Sums,
    at = 0,
  ): void {
    // A name from the first row that has one, in the query's order (the group's values, then the key).
    for (let n = 0; this.named && n < this.m; n++) {
      if (names[n] === null) continue;
      const named = g.named[n];
      // A group's parts mostly share one array of values (the reader's): only the keys then to compare.
      if (named && ((named.values !== values && compareTuples(values, named.values)) || textOrder(key, named.key)) >= 0)
        continue;
      g.named[n] = { values, key };
      g.group.keys[n]!.name = String(names[n]);
    }
    if (canceled) {
      g.group.canceled++;
      return;
    }
    g.group.documents++;
    // Each sum as SQLite's sum() returns it (its error added where finite: `e - e` is 0 only
    // then), rounded to cents as the query's reader rounds a row.
    const cents = this.cents;
    const into = g.at * this.columns;
    for (let c = 0; c < this.columns; c++) {
      const sum = sums[at + 2 * c]!;
      const error = sums[at + 2 * c + 1]!;
      cents[into + c]! += Math.round((error - error === 0 ? sum + error : sum) * 100);
    }
  }

  /** The groups' cents written to their sums. */
  private written(): void {
    for (const { group, at } of this.list)
      for (let n = 0; n < group.sums.length; n++) {
        const c = this.sumAt[n]!;
        group.sums[n] = c >= 0 ? this.cents[at * this.columns + c]! : 0;
      }
  }

  groups(): ReportGroup[] {
    this.written();
    return this.list.map((g) => g.group);
  }

  /** The groups as another thread hands them over (items-split.ts). */
  parts(): GroupPart[] {
    this.written();
    return this.list.map(({ group, named }) => ({
      values: group.keys.map((k) => k.value),
      documents: group.documents,
      canceled: group.canceled,
      sums: group.sums,
      named: named.map((h, n) => h && { ...h, name: group.keys[n]!.name! }),
    }));
  }

  /**
   * Groups another pass folded (over other items, or on another thread) into these: counts and
   * cents are added (whole numbers: in any order the same), each name is the one whose row the
   * query's order puts first.
   */
  absorb(parts: readonly GroupPart[], totals: Folded['totals']): void {
    for (const p of parts) {
      const g = this.groupOf(p.values);
      g.group.documents += p.documents;
      g.group.canceled += p.canceled;
      for (let c = 0; c < this.columns; c++) this.cents[g.at * this.columns + c]! += p.sums[this.sumOf[c]!]!;
      p.named.forEach((h, n) => {
        const named = g.named[n];
        if (!h || (named && (compareTuples(h.values, named.values) || textOrder(h.key, named.key)) >= 0)) return;
        g.named[n] = { values: h.values, key: h.key };
        g.group.keys[n]!.name = h.name;
      });
    }
    this.totals.documents += totals.documents;
    this.totals.canceled += totals.canceled;
  }
}
