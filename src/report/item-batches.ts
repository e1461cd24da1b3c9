// The items of `report --by ncm/product/cfop` as the fold reads them (items-reader.ts): batches of
// a few thousand items in the packs' form (src/catalog/item-packs.ts), each text once a batch with
// the items' places as 32-bit numbers and their numbers as doubles, so that the fold groups by
// small integers and sums from a typed array with no array per item. The packs are such batches
// already (at 400k documents, 771 rows for 699k items: docs/bench.md); where they cannot stand for
// the items (stale, unpackable, a range of the items' rows), the rows SQLite hands over are put in
// the same form, with the same values in the same order.
import { PACK_TEXTS, PACK_WIDTH, PACKED_NUMBERS, PACKED_TEXTS } from '../catalog/item-packs.js';
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import { NotFoldable } from './item-groups.js';

/** Items in the packs' form; the arrays may be used again for the next batch once it is read. */
export interface ItemBatch {
  /** Each run of items' copy: its document's key, or (several copies) key, role and owner joined by NUL. */
  copies: readonly string[];
  /** How many of the batch's items each copy has, in turn. */
  counts: Int32Array;
  /** The batch's texts, each once (NULL: null): an item's PACKED_TEXTS[c] is `texts[textAt[item * PACK_TEXTS + c]]`. */
  texts: readonly unknown[];
  textAt: Int32Array;
  /** PACK_WIDTH an item, in PACKED_NUMBERS' order; NULL is NaN. */
  numbers: Float64Array;
}

/**
 * Every pack (of the ids `range`; none: all) as a batch to `each`, the copies with their roles and
 * owners where `byCopy`. False, nothing handed, where the packs cannot stand for the items; a pack
 * found broken midway is NotFoldable (the caller runs the query).
 */
export function packedBatches(
  store: SqliteCatalog,
  byCopy: boolean,
  each: (batch: ItemBatch) => void,
  range?: { from?: number; to?: number },
): boolean {
  try {
    return store.packs(
      byCopy,
      ({ keys, roles, owners, counts, texts, textAt, numbers }) =>
        each({
          copies: byCopy ? keys.map((k, d) => `${k}\u0000${roles![d]}\u0000${owners![d]}`) : keys,
          counts,
          texts,
          textAt,
          numbers,
        }),
      range,
    );
  } catch (error) {
    if (error instanceof NotFoldable) throw error;
    throw new NotFoldable(`the items' packs: ${(error as Error).message}`);
  }
}

/** The items a batch of rows holds before it is handed (ended at a copy's last item, as a pack). */
const BATCH_ITEMS = 4096;

/**
 * The columns of a pass over the items' rows that RowBatches reads: the copy `copy`, then
 * PACKED_NUMBERS and PACKED_TEXTS of the items `i`, those not in `used` as NULL (not read).
 */
export function batchColumns(copy: string, used: ReadonlySet<string>): string {
  const column = (c: string) => (used.has(c) ? `i.${c}` : 'NULL');
  return [copy, ...PACKED_NUMBERS.map(column), ...PACKED_TEXTS.map(column)].join(', ');
}

/** The items' rows (batchColumns) put in batches, handed to `each` a batch at a time. */
export class RowBatches {
  private copies: string[] = [];
  private counts = new Int32Array(64);
  private texts: unknown[] = [];
  private dictionary = new Map<unknown, number>();
  private textAt = new Int32Array(BATCH_ITEMS * PACK_TEXTS);
  private numbers = new Float64Array(BATCH_ITEMS * PACK_WIDTH);
  private items = 0;

  constructor(private readonly each: (batch: ItemBatch) => void) {}

  readonly row = (row: readonly unknown[]): void => {
    const copy = row[0] as string;
    const runs = this.copies.length;
    if (runs === 0 || copy !== this.copies[runs - 1]) {
      if (this.items >= BATCH_ITEMS) this.flush();
      if (this.copies.length === this.counts.length) this.counts = grown(this.counts);
      this.counts[this.copies.length] = 0;
      this.copies.push(copy);
    }
    this.counts[this.copies.length - 1]!++;
    const item = this.items++;
    if (this.numbers.length < this.items * PACK_WIDTH) {
      this.numbers = grown(this.numbers);
      this.textAt = grown(this.textAt);
    }
    for (let c = 0; c < PACK_WIDTH; c++) {
      const v = row[1 + c];
      if (typeof v === 'number') this.numbers[item * PACK_WIDTH + c] = v;
      else if (v === null) this.numbers[item * PACK_WIDTH + c] = NaN;
      // A text where a number is (another program wrote it): only the query knows what it sums to.
      else throw new NotFoldable('a sum is not a number');
    }
    for (let c = 0; c < PACK_TEXTS; c++) {
      const v = row[1 + PACK_WIDTH + c];
      let place = this.dictionary.get(v);
      if (place === undefined) {
        this.dictionary.set(v, (place = this.texts.length));
        this.texts.push(v);
      }
      this.textAt[item * PACK_TEXTS + c] = place;
    }
  };

  /** The rows' end: what is held handed. */
  end(): void {
    this.flush();
  }

  private flush(): void {
    if (this.items > 0) {
      const { copies, counts, texts, textAt, numbers } = this;
      this.each({ copies, counts: counts.subarray(0, copies.length), texts, textAt, numbers });
    }
    this.copies = [];
    this.texts = [];
    this.dictionary = new Map();
    this.items = 0;
  }
}

function grown<T extends Int32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
