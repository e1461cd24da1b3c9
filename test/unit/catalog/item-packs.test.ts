// The pack writer (src/catalog/item-packs.ts) against the rows SQLite keeps of the same inserts:
// an item's number twice (INSERT OR IGNORE keeps its first), numbers out of order, NULLs apart
// from '', and what no pack can hold.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createPacks, markUnpackable, packsCounted, repack } from '../../../src/catalog/item-packs-state.js';
import { PackWriter } from '../../../src/catalog/item-packs.js';
import { ITEM_COLUMNS } from '../../../src/catalog/rows.js';
import { CREATE_V1, MIGRATIONS } from '../../../src/catalog/schema.js';
import { packsAgainstItems } from '../../helpers/tree.js';

const insert = `INSERT OR IGNORE INTO items (${ITEM_COLUMNS.join(', ')}) VALUES (${ITEM_COLUMNS.map(() => '?').join(', ')})`;

/** An item row in ITEM_COLUMNS' order. */
function item(key: string, number: number, o: Partial<Record<(typeof ITEM_COLUMNS)[number], unknown>> = {}): unknown[] {
  const row: Record<string, unknown> = {
    key,
    role: 'received',
    owner: '12345678000195',
    number,
    ncm: '84713012',
    value: 10.5,
  };
  return ITEM_COLUMNS.map((c) => (c in o ? o[c] : (row[c] ?? null)));
}

/** A catalog's tables in memory, the documents' items inserted and packed as the pull does; the packs' state. */
function packed(documents: unknown[][][]): string {
  const db = new Database(':memory:');
  for (const sql of [...CREATE_V1, ...MIGRATIONS.flat()]) db.exec(sql);
  createPacks(db);
  const packs = new PackWriter(db);
  db.transaction(() => {
    for (const rows of documents) {
      for (const row of rows) db.prepare(insert).run(...row);
      packs.document(rows);
    }
    if (!packs.end()) markUnpackable(db);
  })();
  try {
    return packsAgainstItems(db);
  } finally {
    db.close();
  }
}

describe('the pack writer', () => {
  it("holds what SQLite holds: a number twice kept once (its first), numbers out of order, NULL apart from ''", () => {
    expect(
      packed([
        [item('A', 1), item('A', 2, { ncm: null }), item('A', 1, { value: 99 }), item('A', 3, { ncm: '' })],
        [item('B', 3), item('B', 1, { description: 'caneta', icms: 1.25 }), item('B', 3), item('B', 2)],
        [item('C', 1, { value: null, product_code: 'X\u001dY' })],
      ]),
    ).toBe('agree');
  });

  it('a text that holds the separator, a text that is the NULL mark, a value that is not a number: unpackable', () => {
    expect(packed([[item('A', 1, { description: 'a\u001fb' })]])).toBe('unpackable');
    expect(packed([[item('A', 1)], [item('B', 1, { ncm: '\u001d' })]])).toBe('unpackable');
    expect(packed([[item('A', 1, { icms: 'n/a' })]])).toBe('unpackable');
  });

  it('more items than a pack holds: several packs, every item in them', () => {
    const documents = Array.from({ length: 700 }, (_, d) =>
      Array.from({ length: 7 }, (_, i) => item(`K${d}`, i + 1, { value: d + i / 100 })),
    );
    expect(packed(documents)).toBe('agree');
  });
});

describe("the packs' count against the items'", () => {
  /** A catalog in memory of `n` documents of 3 items each, packed as the pull does. */
  function catalog(n: number): Database.Database {
    const db = new Database(':memory:');
    for (const sql of [...CREATE_V1, ...MIGRATIONS.flat()]) db.exec(sql);
    createPacks(db);
    const packs = new PackWriter(db);
    db.transaction(() => {
      for (let d = 0; d < n; d++) {
        const rows = [1, 2, 3].map((i) => item(`K${d}`, i));
        for (const row of rows) db.prepare(insert).run(...row);
        packs.document(rows);
      }
      packs.end();
    })();
    return db;
  }

  it("items inserted by another program, at the end or at a rowid of their own: not the packs' count", () => {
    const db = catalog(10);
    expect(packsCounted(db)).toBe(true);
    db.prepare(insert).run(...item('K0', 9));
    expect(packsCounted(db)).toBe(false);
    const before = catalog(10);
    before
      .prepare(
        `INSERT INTO items (rowid, ${ITEM_COLUMNS.join(', ')}) VALUES (-5, ${ITEM_COLUMNS.map(() => '?').join(', ')})`,
      )
      .run(...item('K1', 9));
    expect(packsCounted(before)).toBe(false);
  });

  it('items with gaps between their rowids when packed: counted, and an insert into a gap still tells', () => {
    const db = catalog(10);
    db.exec('DELETE FROM items WHERE rowid IN (4, 5, 6)');
    repack(db);
    expect(packsCounted(db)).toBe(true);
    db.prepare(
      `INSERT INTO items (rowid, ${ITEM_COLUMNS.join(', ')}) VALUES (5, ${ITEM_COLUMNS.map(() => '?').join(', ')})`,
    ).run(...item('K1', 9));
    expect(packsCounted(db)).toBe(false);
  });
});
