// A set of 32-bit fingerprints in one typed array (open addressing, linear probing): what the
// key store holds of every shard it has touched, so that a lookup of a new document (nearly every
// lookup of a first pull) is answered without the shard's records. Eight to sixteen bytes a record
// instead of the few hundred an object with its strings takes: a run's memory barely grows with
// the folder. A fingerprint found is only a "maybe": the records then decide.

/** FNV-1a of a string, never 0 (the empty slot). */
export function fingerprint(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0 || 1;
}

export class PrintSet {
  private slots = new Uint32Array(16);
  private size = 0;

  has(print: number): boolean {
    const mask = this.slots.length - 1;
    for (let i = print & mask; ; i = (i + 1) & mask) {
      const at = this.slots[i]!;
      if (at === print) return true;
      if (at === 0) return false;
    }
  }

  add(print: number): void {
    // At most half full: probes stay short.
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    if (this.place(this.slots, print)) this.size++;
  }

  private place(slots: Uint32Array, print: number): boolean {
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

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (const print of old) if (print !== 0) this.place(this.slots, print);
  }
}
