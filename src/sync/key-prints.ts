// A set of 32-bit fingerprints in one typed array (open addressing, linear probing): what the
// key store holds of every shard it has touched, so that a lookup of a new document (nearly every
// lookup of a first pull) is answered without the shard's records. Some five bytes a record
// instead of the few hundred an object with its strings takes: a run's memory barely grows with
// the folder. A fingerprint found is only a "maybe": the records then decide.
//
// Designed here: each set's slots live in a resizable ArrayBuffer that grows in place. A plain
// typed array of a few kB is a block of the C heap, and a set that doubled left the block it had
// outgrown behind as a hole: a first pull of 1M NF-e (some 200 shards of 2,700 records, grown
// together window by window) raised the main thread's C heap from 9 to 20 MB, and that heap does
// not shrink past a block still in use. A resizable buffer is pages of its own, reserved once and
// committed as it grows; nothing is left behind (docs/pull.md, Memory; docs/bench.md, issue 28).

/** FNV-1a of a string, never 0 (the empty slot). */
export function fingerprint(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0 || 1;
}

/** ES2024's resizable ArrayBuffer, which Node 20 has (the project's types are ES2022's). */
interface Resizable extends ArrayBuffer {
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}
const Resizable = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => Resizable;

const SLOT = Uint32Array.BYTES_PER_ELEMENT;
/** Slots a new set starts with: a page's worth, what the smallest buffer commits anyway. */
const FIRST_SLOTS = 1024;
/**
 * Address space reserved for a set's growth (not memory: only the pages grown into are). 4 MB is
 * 1M slots, 786k records in one shard (a sixteenth of a month's documents); a set past it moves to
 * a larger buffer.
 */
const RESERVED_BYTES = 4 * 1024 * 1024;

/** Where a growing set's slots are moved aside: one buffer for all sets, as large as the largest grown. */
let spare = new Resizable(0, { maxByteLength: RESERVED_BYTES });

export class PrintSet {
  private buffer = new Resizable(FIRST_SLOTS * SLOT, { maxByteLength: RESERVED_BYTES });
  private slots = new Uint32Array(this.buffer, 0, FIRST_SLOTS);
  private size = 0;

  has(print: number): boolean {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = print & mask; ; i = (i + 1) & mask) {
      const at = slots[i]!;
      if (at === print) return true;
      if (at === 0) return false;
    }
  }

  add(print: number): void {
    // At most three quarters full: a miss probes some five slots on average at the most.
    if ((this.size + 1) * 4 > this.slots.length * 3) this.grow();
    if (place(this.slots, print)) this.size++;
  }

  /** The bytes of memory the set's slots take. */
  get bytes(): number {
    return this.buffer.byteLength;
  }

  private grow(): void {
    const length = this.slots.length;
    if (spare.byteLength < length * SLOT) {
      if (length * SLOT > spare.maxByteLength) spare = new Resizable(0, { maxByteLength: length * SLOT * 4 });
      spare.resize(length * SLOT);
    }
    const aside = new Uint32Array(spare, 0, length);
    aside.set(this.slots);
    const bytes = length * 2 * SLOT;
    if (bytes <= this.buffer.maxByteLength) {
      this.buffer.resize(bytes);
      this.slots = new Uint32Array(this.buffer, 0, length * 2);
      this.slots.fill(0, 0, length);
    } else {
      this.buffer = new Resizable(bytes, { maxByteLength: bytes * 4 });
      this.slots = new Uint32Array(this.buffer, 0, length * 2);
    }
    for (let i = 0; i < length; i++) if (aside[i] !== 0) place(this.slots, aside[i]!);
  }
}

/** Puts `print` in the first free slot of its run; false if it is there already. */
function place(slots: Uint32Array, print: number): boolean {
  const mask = slots.length - 1;
  for (let i = print & mask; ; i = (i + 1) & mask) {
    const at = slots[i]!;
    if (at === print) return false;
    if (at === 0) {
      slots[i] = print;
      return true;
    }
  }
}
