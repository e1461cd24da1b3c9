// The pass over the items of `report --by ncm/product/cfop` read from the catalog's packs
// (src/catalog/item-packs.ts) instead of the items' rows: the same values in the same order,
// handed to the same fold (items-fold.ts), a few thousand items a row SQLite hands over instead of
// one, each text one string a pack (at 400k documents, 171 rows for 699k items: docs/bench.md).
import { PACK_TEXTS, PACK_WIDTH, PACKED_NUMBERS, PACKED_TEXTS } from '../catalog/item-packs.js';
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import { NotFoldable } from './item-groups.js';

/**
 * Hands `row` what `SELECT <copy>, i.number, <columns> FROM items i` would hand it, of the packs
 * whose ids are in `range` (all: none given); the copy its
 * key, or `byCopy` its key, role and owner joined by NUL), from the packs. False, nothing handed,
 * where the packs cannot stand for the items or do not hold a column; a pack found broken midway
 * is NotFoldable (the caller runs the query).
 */
export function packedItems(
  store: SqliteCatalog,
  columns: readonly string[],
  byCopy: boolean,
  row: (values: unknown[]) => void,
  range?: { from?: number; to?: number },
): boolean {
  // Where each column's value is: a text of the pack (>= 0: its place among an item's), or a number (-1 - its place).
  const places: number[] = [];
  for (const column of columns) {
    const name = column.replace(/^i\./, '');
    const number = (PACKED_NUMBERS as readonly string[]).indexOf(name);
    const text = (PACKED_TEXTS as readonly string[]).indexOf(name);
    if (number > 0) places.push(-1 - number);
    else if (text >= 0) places.push(text);
    else return false;
  }
  const values: unknown[] = new Array(2 + columns.length);
  try {
    return store.packs(
      byCopy,
      ({ keys, roles, owners, counts, texts, textAt, numbers }) => {
        let item = 0;
        for (let d = 0; d < keys.length; d++) {
          values[0] = byCopy ? `${keys[d]}\u0000${roles![d]}\u0000${owners![d]}` : keys[d];
          for (let end = item + counts[d]!; item < end; item++) {
            const at = item * PACK_WIDTH;
            values[1] = numbers[at];
            for (let c = 0; c < places.length; c++) {
              const p = places[c]!;
              if (p >= 0) values[2 + c] = texts[textAt[item * PACK_TEXTS + p]!];
              else {
                const v = numbers[at - 1 - p]!;
                values[2 + c] = Number.isNaN(v) ? null : v;
              }
            }
            row(values);
          }
        }
      },
      range,
    );
  } catch (error) {
    if (error instanceof NotFoldable) throw error;
    throw new NotFoldable(`the items' packs: ${(error as Error).message}`);
  }
}
