// SQLite's own arithmetic and order, for figures folded outside it that must equal a query's to
// the bit (items-fold.ts): its sum() and the order of its GROUP BY and max().

/**
 * Adds `r` to the sum at `s[at]` (its error at `s[at + 1]`) as SQLite's sum() does since 3.43
 * (func.c: a Kahan-Babuska-Neumaier sum). Integers are summed as doubles: exact, as SQLite's integer
 * sum is, below 2^53 (money in reais is far below). It returns `sum + error` when the error is finite.
 */
export function sqliteSum(s: Float64Array, at: number, r: number): void {
  const sum = s[at]!;
  const t = sum + r;
  s[at + 1]! += Math.abs(sum) > Math.abs(r) ? sum - t + r : r - t + sum;
  s[at] = t;
}

/**
 * Two texts in SQLite's BINARY order (the bytes of their UTF-8). JavaScript compares UTF-16 code
 * units, which order as UTF-8 does except a surrogate (of a character past U+FFFF) against
 * U+E000-U+FFFF: those are swapped.
 */
export function textOrder(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Rows of texts and NULLs in the order of SQLite's ORDER BY (NULL first). */
export function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    const c = textOrder(String(x), String(y));
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * A key of a row of values (texts, NULLs) that tells every two rows apart, as GROUP BY does:
 * each value with its length before it, NULL apart from ''. Cheaper than JSON for a Map's key.
 */
export function tupleKey(values: readonly unknown[]): string {
  let key = '';
  for (const v of values) key += v === null ? '|' : `${String(v).length}:${String(v)}`;
  return key;
}
