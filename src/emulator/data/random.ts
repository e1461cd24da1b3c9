// Seeded randomness for the synthetic data. Everything the emulator generates comes from a stream
// seeded by the dataset seed (or by a document's access key), never from Math.random, so the same
// seed always yields the same bytes.

/** FNV-1a over a string: a cheap 32-bit seed for a sub-stream ("accounts", an access key, ...). */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A final avalanche: FNV alone leaves keys that differ in the last digit too close.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** Values with weights, summed up front: picks run in the hot loop of the generator. */
interface WeightTable<T> {
  values: readonly T[];
  cumulative: readonly number[];
  total: number;
}

/** A table from `[[value, weight], ...]`; weights need not sum to 1. */
export function weights<T>(options: readonly (readonly [T, number])[]): WeightTable<T> {
  let total = 0;
  const cumulative = options.map(([, w]) => (total += w));
  return { values: options.map(([v]) => v), cumulative, total };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** mulberry32: tiny, fast and good enough for test data; its 2^32 period is plenty here. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks from a table made by `weights`. */
  weighted<T>(table: WeightTable<T>): T {
    const r = this.next() * table.total;
    const { cumulative, values } = table;
    for (let i = 0; i < cumulative.length; i++) if (r < cumulative[i]!) return values[i]!;
    return values[values.length - 1]!;
  }

  /** A string of `n` decimal digits (leading zeros allowed), drawn up to eight at a time. */
  digits(n: number): string {
    let out = '';
    for (let left = n; left > 0; left -= 8) {
      const take = Math.min(left, 8);
      out += String(Math.floor(this.next() * 10 ** take)).padStart(take, '0');
    }
    return out;
  }

  hex(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  alnum(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += ALNUM[Math.floor(this.next() * ALNUM.length)];
    return out;
  }

  /**
   * `out`'s first `n` bytes random, four per draw, and `out` returned: signatures need hundreds
   * per document, drawn into one buffer kept for them.
   */
  fill<T extends Uint8Array>(out: T, n: number): T {
    for (let i = 0; i < n; i += 4) {
      const word = Math.floor(this.next() * 4294967296);
      out[i] = word & 0xff;
      if (i + 1 < n) out[i + 1] = (word >>> 8) & 0xff;
      if (i + 2 < n) out[i + 2] = (word >>> 16) & 0xff;
      if (i + 3 < n) out[i + 3] = word >>> 24;
    }
    return out;
  }

  /** A copy of `items` in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** A stream named by its parts, e.g. `rngFor(seed, 'docs', 2)`: independent of every other stream. */
export function rngFor(...parts: (string | number)[]): Rng {
  return new Rng(hashString(parts.join(':')));
}
