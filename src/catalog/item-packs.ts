// The items' report fields, packed: `item_packs`, a table of a pull folder's SQLite catalog that
// holds what `fiscal report --by ncm/product/cfop` reads of the items (their numbers, product
// codes, descriptions, NCMs, CFOPs, values and taxes), a few thousand items a row, in the order of
// the items' rows. SQLite handing the report 699k item rows of eleven values one at a time was
// most of such a report at 400k documents (docs/bench.md); a row of the packs hands it a batch.
//
// This file is the packs' form, written (PackWriter) and read (readPacks); whether they may stand
// for the items is item-packs-state.ts's. Designed here (docs/catalog.md).
import type BetterSqlite3 from 'better-sqlite3';
import { ITEM_TAXES } from './facts.js';
import { ITEM_COLUMNS } from './rows.js';

type Database = BetterSqlite3.Database;

/** The items' text columns a pack holds, each its own column of the pack. */
export const PACKED_TEXTS = ['product_code', 'description', 'ncm', 'cfop'] as const;
/** The items' number columns a pack holds, as doubles, an item's together (NULL: NaN). */
export const PACKED_NUMBERS = ['number', 'value', ...ITEM_TAXES] as const;

// Separators no XML 1.0 text can hold (a value holding one is not packed: PackWriter.end).
const FIELD = '\u001f';
/** A NULL text, where '' is an empty one. */
const NULL = '\u001d';

/**
 * The items a pack holds at most, ended at a document's last item (a document is never split).
 * A pack's numbers (72 bytes an item: 74 KB at 1,024) stay below the 128 KB from which the C
 * library gives a block its own mapping (bin/fiscal.js): a report reading packs of 4,096 items
 * (295 KB) had SQLite's copy of each blob and its Buffer mapped, zeroed and unmapped a pack, some
 * 350 mappings more at 400k documents and 60-100 ms more of the kernel's time (docs/bench.md).
 */
const PACK_ITEMS = 1024;

/** The packs' table: a pack a row, in the items' order (its id). */
export const CREATE_PACKS = `CREATE TABLE IF NOT EXISTS item_packs (
  id INTEGER PRIMARY KEY,
  items INTEGER NOT NULL,
  keys TEXT NOT NULL,
  roles TEXT NOT NULL,
  owners TEXT NOT NULL,
  counts BLOB NOT NULL,
  texts TEXT NOT NULL,
  text_at BLOB NOT NULL,
  numbers BLOB NOT NULL
)`;

const AT = Object.fromEntries(ITEM_COLUMNS.map((c, n) => [c, n])) as Record<(typeof ITEM_COLUMNS)[number], number>;
const TEXT_AT = PACKED_TEXTS.map((c) => AT[c]);
const NUMBER_AT = PACKED_NUMBERS.map((c) => AT[c]);
const WIDTH = PACKED_NUMBERS.length;

/** How many parts a text joined by FIELD has. */
function fields(text: string): number {
  let n = 1;
  for (let at = text.indexOf(FIELD); at >= 0; at = text.indexOf(FIELD, at + 1)) n++;
  return n;
}

/**
 * The packs a transaction's documents add: each document's item rows (in ITEM_COLUMNS' order) as
 * they were inserted, written as a pack when PACK_ITEMS are held and at the transaction's end.
 */
export class PackWriter {
  private readonly insert;
  private copies: string[][] = [[], [], []];
  private counts: number[] = [];
  /** The pack's texts, each once (an item's are numbers: their places here). */
  private dictionary = new Map<string, number>();
  private textAt: number[] = [];
  private numbers = new Float64Array(64 * WIDTH);
  private items = 0;
  private unpackable = false;

  /** `packItems`: the items a pack holds at most (the tests' catalogs of several packs hold fewer). */
  constructor(
    db: Database,
    private readonly packItems = PACK_ITEMS,
  ) {
    this.insert = db.prepare(
      'INSERT INTO item_packs (items, keys, roles, owners, counts, texts, text_at, numbers) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** A document's item rows, just inserted (INSERT OR IGNORE: an item's number twice keeps its first). */
  document(rows: readonly (readonly unknown[])[]): void {
    if (this.unpackable || rows.length === 0) return;
    const first = rows[0]!;
    const [key, role, owner] = [first[AT.key], first[AT.role], first[AT.owner]];
    if (typeof key !== 'string' || typeof role !== 'string' || typeof owner !== 'string') return this.cannot();
    // The pull's numbers rise: a set of those seen only where one does not.
    let last = -Infinity;
    let seen: Set<unknown> | undefined;
    let n = 0;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const number = row[AT.number];
      if (seen === undefined && typeof number === 'number' && number > last) last = number;
      else {
        seen ??= new Set(rows.slice(0, r).map((x) => x[AT.number]));
        if (seen.has(number)) continue;
        seen.add(number);
      }
      if (!this.item(row)) return this.cannot();
      n++;
    }
    this.copies[0]!.push(key);
    this.copies[1]!.push(role);
    this.copies[2]!.push(owner);
    this.counts.push(n);
    if (this.items >= this.packItems) this.flush();
  }

  private cannot(): void {
    this.unpackable = true;
  }

  private item(row: readonly unknown[]): boolean {
    const at = this.items * WIDTH;
    if (this.numbers.length < at + WIDTH) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    for (let c = 0; c < WIDTH; c++) {
      const v = row[NUMBER_AT[c]!];
      if (v === null) this.numbers[at + c] = NaN;
      else if (typeof v === 'number' && Number.isFinite(v)) this.numbers[at + c] = v;
      else return false;
    }
    for (let c = 0; c < TEXT_AT.length; c++) {
      const v = row[TEXT_AT[c]!];
      let text: string;
      if (v === null) text = NULL;
      else if (typeof v === 'string' && v !== NULL) text = v;
      else return false;
      let place = this.dictionary.get(text);
      if (place === undefined) this.dictionary.set(text, (place = this.dictionary.size));
      this.textAt.push(place);
    }
    this.items++;
    return true;
  }

  private flush(): void {
    if (this.items > 0 && !this.unpackable) {
      const copies = this.copies.map((c) => c.join(FIELD));
      const texts = [...this.dictionary.keys()].join(FIELD);
      // A text holding the separator (no XML 1.0 text can): the joined parts are more than the texts.
      if (copies.some((c) => fields(c) !== this.counts.length) || fields(texts) !== this.dictionary.size) {
        this.unpackable = true;
      } else {
        const counts = Buffer.from(Int32Array.from(this.counts).buffer);
        const textAt = Buffer.from(Int32Array.from(this.textAt).buffer);
        const numbers = Buffer.from(this.numbers.buffer, 0, this.items * WIDTH * 8);
        this.insert.run(this.items, ...copies, counts, texts, textAt, numbers);
      }
    }
    this.discard(false);
  }

  /** The transaction's end: what is held written; false where an item could not be (the caller says so: markUnpackable). */
  end(): boolean {
    this.flush();
    const packed = !this.unpackable;
    this.unpackable = false;
    return packed;
  }

  /** Forgets what is held (the transaction was rolled back). */
  discard(all = true): void {
    this.copies = [[], [], []];
    this.counts = [];
    this.dictionary = new Map();
    this.textAt = [];
    this.items = 0;
    if (all) this.unpackable = false;
  }
}

/** One pack as the report reads it: its documents' copies and items, and its items' texts and numbers. */
export interface Pack {
  keys: string[];
  /** The roles and owners, where asked. */
  roles: string[] | undefined;
  owners: string[] | undefined;
  /** How many of the pack's items each document has, in turn. */
  counts: Int32Array;
  /** The pack's texts, each once: an item's text of PACKED_TEXTS[c] is `texts[textAt[item * TEXTS + c]]`. */
  texts: (string | null)[];
  textAt: Int32Array;
  numbers: Float64Array;
}

export const PACK_WIDTH = WIDTH;
export const PACK_TEXTS = PACKED_TEXTS.length;

/**
 * A blob's bytes as an array: a view of them where they are aligned for one (better-sqlite3 gives
 * each blob a buffer of its own), else a copy (in `into` when it is large enough).
 */
function arrayOf<T extends Int32Array | Float64Array>(
  blob: Buffer,
  into: T,
  make: (n: number) => T,
  view: (b: Buffer) => T,
): T {
  if (blob.byteOffset % into.BYTES_PER_ELEMENT === 0) return view(blob);
  const array = into.byteLength >= blob.length ? into : make(blob.length / into.BYTES_PER_ELEMENT);
  new Uint8Array(array.buffer, 0, blob.length).set(blob);
  return array;
}

/**
 * Every pack in order (of the ids `range`, both ends included), with its documents' roles and owners where `copies`. Throws on a pack that
 * does not hold what it says. The arrays handed are used again for the next pack.
 */
export function readPacks(
  db: Database,
  copies: boolean,
  each: (pack: Pack) => void,
  range: { from?: number | undefined; to?: number | undefined } = {},
): void {
  let numbers: Float64Array = new Float64Array(PACK_ITEMS * WIDTH * 2);
  let textAt: Int32Array = new Int32Array(PACK_ITEMS * PACK_TEXTS * 2);
  const columns = ['items', 'keys', ...(copies ? ['roles', 'owners'] : []), 'counts', 'texts', 'text_at', 'numbers'];
  const statement = db
    .prepare(`SELECT ${columns.join(', ')} FROM item_packs WHERE id BETWEEN ? AND ? ORDER BY id`)
    .raw();
  for (const row of statement.iterate(range.from ?? -Infinity, range.to ?? Infinity) as Iterable<unknown[]>) {
    let at = 0;
    const items = row[at++] as number;
    const keys = (row[at++] as string).split(FIELD);
    const roles = copies ? (row[at++] as string).split(FIELD) : undefined;
    const owners = copies ? (row[at++] as string).split(FIELD) : undefined;
    const countBytes = row[at++] as Buffer;
    const counts = arrayOf(countBytes, new Int32Array(countBytes.length >> 2), (n) => new Int32Array(n), int32s);
    const texts: (string | null)[] = (row[at++] as string).split(FIELD);
    for (let n = 0; n < texts.length; n++) if (texts[n] === NULL) texts[n] = null;
    const places = row[at++] as Buffer;
    textAt = arrayOf(places, textAt, (n) => new Int32Array(n), int32s);
    const blob = row[at] as Buffer;
    numbers = arrayOf(blob, numbers, (n) => new Float64Array(n), doubles);
    let held = 0;
    for (const n of counts) held += n;
    let largest = -1;
    for (let n = 0; n < items * PACK_TEXTS; n++) if (textAt[n]! > largest) largest = textAt[n]!;
    if (
      blob.length !== items * WIDTH * 8 ||
      places.length !== items * PACK_TEXTS * 4 ||
      largest >= texts.length ||
      held !== items ||
      counts.length !== keys.length ||
      [roles, owners].some((c) => c && c.length !== keys.length)
    )
      throw new Error('a pack that does not hold what it says');
    each({ keys, roles, owners, counts, texts, textAt, numbers });
  }
}

const int32s = (b: Buffer) => new Int32Array(b.buffer, b.byteOffset, b.length >> 2);
const doubles = (b: Buffer) => new Float64Array(b.buffer, b.byteOffset, b.length >> 3);
