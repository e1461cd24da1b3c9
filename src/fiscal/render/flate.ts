// The content of a page that holds the values alone (its frames and labels a layout's form:
// sheet.ts) made FlateDecode without zlib: each byte written with one Huffman code per process
// (RFC 1951's dynamic block, its code fixed here), no search for repeats. zlib at level 1 cost a
// DANFe some 0.17 ms of its 0.6 (a deflate stream and its native state made, primed and freed per
// page, then the search, on a cold cache), nearly as much as drawing the page's values; this
// codes a page's 5 kB in some 15-20 us. The values are a few dozen characters (digits, spaces, points,
// operators, letters) in unequal shares, which the code alone takes to some 4.7 bits a byte,
// where zlib's repeats took them to 2.7: a DANFe's PDF is 6.9 kB, 5.8 before. The code is a
// constant, not the page's own: the same XML gives the same bytes on any thread, and no tree is
// built per page. Pages drawn whole, and the layouts' forms (deflated once per process), keep zlib.
import { Buffer } from 'node:buffer';

/**
 * The code's length in bits of each byte 0-255, then of the end of the block: a Huffman code of
 * the bytes' counts in the pages of values of 300 emulator DANFe and of the samples
 * (test/bench/flate-table.mjs makes it again), each count raised by one so that every byte has a
 * code. One base-36 digit per length.
 */
const LENGTHS =
  'ffffffffff5fffffffffffffffffffff2feebedf66fe865743555556559eefeff798878bc8bc89889b885aaecedecefef7b9868bc86e9698ab698aacdfdfeffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffbffffffcfcfffcfbfffeffffffcffffffffffffcedfffcfceffdfffffdefffffcfffeee';

/** The order RFC 1951 writes the code lengths' own code lengths in. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Canonical Huffman codes of `lengths`, bit-reversed: deflate writes a code from its first bit on. */
function codesOf(lengths: readonly number[]): number[] {
  const count = new Array<number>(16).fill(0);
  for (const l of lengths) if (l) count[l]!++;
  const next = new Array<number>(17).fill(0);
  let code = 0;
  for (let bits = 1; bits <= 16; bits++) {
    code = (code + count[bits - 1]!) << 1;
    next[bits] = code;
  }
  return lengths.map((l) => {
    if (!l) return 0;
    let c = next[l]!++;
    let reversed = 0;
    for (let i = 0; i < l; i++) {
      reversed = (reversed << 1) | (c & 1);
      c >>= 1;
    }
    return reversed;
  });
}

/** Lengths of a Huffman code of `counts` (none zero) of at most `max` bits: counts halved until it fits. */
export function huffmanLengths(counts: readonly number[], max: number): number[] {
  let weights = [...counts];
  for (;;) {
    type Node = { weight: number; symbol?: number; left?: Node; right?: Node };
    let nodes: Node[] = weights.map((weight, symbol) => ({ weight, symbol }));
    const lengths = new Array<number>(weights.length).fill(0);
    // Ties broken by order made, so that the code is the same on every engine.
    while (nodes.length > 1) {
      nodes = nodes
        .map((n, i) => [n, i] as const)
        .sort((a, b) => a[0].weight - b[0].weight || a[1] - b[1])
        .map((p) => p[0]);
      const [left, right] = nodes.splice(0, 2) as [Node, Node];
      nodes.push({ weight: left.weight + right.weight, left, right });
    }
    const walk = (n: Node, depth: number): void => {
      if (n.symbol !== undefined) lengths[n.symbol] = Math.max(1, depth);
      else {
        walk(n.left!, depth + 1);
        walk(n.right!, depth + 1);
      }
    };
    walk(nodes[0]!, 0);
    if (Math.max(...lengths) <= max) return lengths;
    weights = weights.map((w) => (w >> 1) + 1);
  }
}

/** A stream's bits, first bit lowest, into bytes. */
class BitWriter {
  bytes: number[] = [];
  private bits = 0;
  private count = 0;

  put(value: number, length: number): void {
    this.bits |= value << this.count;
    this.count += length;
    while (this.count >= 8) {
      this.bytes.push(this.bits & 0xff);
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  /** The bits not yet a whole byte, and how many. */
  get pending(): [bits: number, count: number] {
    return [this.bits, this.count];
  }
}

/**
 * zlib's header, then the block's: last block, dynamic codes, 257 literal/length codes (the bytes
 * and the end), 2 distance codes (RFC 1951 wants at least one, zlib's inflate a complete set: two
 * of one bit, never used), the code lengths run-length coded (16: the last length 3-6 times more).
 */
function blockHeader(lengths: readonly number[]): BitWriter {
  const all = [...lengths, 1, 1];
  const symbols: Array<[symbol: number, extra: number]> = [];
  for (let i = 0; i < all.length;) {
    let run = 1;
    while (i + run < all.length && all[i + run] === all[i] && run < 7) run++;
    symbols.push([all[i]!, 0]);
    if (run >= 4) symbols.push([16, run - 4]);
    else for (let r = 1; r < run; r++) symbols.push([all[i]!, 0]);
    i += run;
  }
  const counts = new Array<number>(19).fill(0);
  for (const [symbol] of symbols) counts[symbol]!++;
  // Lengths of the code-length code (at most 7 bits); symbols unused get none.
  const present = counts.map((c, s) => [c, s] as const).filter(([c]) => c > 0);
  const presentLengths = huffmanLengths(
    present.map(([c]) => c),
    7,
  );
  const clLengths = new Array<number>(19).fill(0);
  present.forEach(([, s], i) => (clLengths[s] = presentLengths[i]!));
  const clCodes = codesOf(clLengths);
  const out = new BitWriter();
  out.bytes.push(0x78, 0x01);
  out.put(1, 1);
  out.put(2, 2);
  out.put(257 - 257, 5);
  out.put(2 - 1, 5);
  out.put(19 - 4, 4);
  for (const s of CODE_LENGTH_ORDER) out.put(clLengths[s]!, 3);
  for (const [symbol, extra] of symbols) {
    out.put(clCodes[symbol]!, clLengths[symbol]!);
    if (symbol === 16) out.put(extra, 2);
  }
  return out;
}

const lengths = [...LENGTHS].map((d) => Number.parseInt(d, 36));
const codes = codesOf(lengths);
/** Each byte's code in its low 24 bits, its length above. */
const CODE = Int32Array.from(codes.slice(0, 256), (code, i) => code | (lengths[i]! << 24));
const END = codes[256]! | (lengths[256]! << 24);
/**
 * Each two bytes' codes together (the first's in the low bits) and their length above them, where
 * they take 16 bits at most (0 where more): most of a page's pairs (digits, spaces, points) are
 * coded in one step, a third less time than byte by byte. 256 kB, made in a fraction of a
 * millisecond with the module.
 */
const PAIR = new Int32Array(65536);
for (let first = 0; first < 256; first++)
  for (let second = 0; second < 256; second++) {
    const l1 = lengths[first]!;
    const l2 = lengths[second]!;
    if (l1 + l2 <= 16) PAIR[(first << 8) | second] = codes[first]! | (codes[second]! << l1) | ((l1 + l2) << 16);
  }
const header = blockHeader(lengths);
const HEADER = Uint8Array.from(header.bytes);
const [HEADER_BITS, HEADER_BIT_COUNT] = header.pending;

/** Where a stream is coded: grown to the largest seen, its coded part copied out. */
let scratch = new Uint8Array(32 * 1024);

/** `src` as a zlib stream (FlateDecode), its bytes coded with the table above. */
export function flate(src: Uint8Array): Buffer {
  const n = src.length;
  // At most 15 bits a byte, the header, the end, the checksum.
  const most = HEADER.length + Math.ceil((n * 15) / 8) + 16;
  if (scratch.length < most) scratch = new Uint8Array(Math.max(most, 2 * scratch.length));
  const out = scratch;
  out.set(HEADER);
  let at = HEADER.length;
  let bits = HEADER_BITS;
  let count = HEADER_BIT_COUNT;
  // The Adler-32 of the bytes in the same pass, its sums reduced every 1,024 bytes (so that they stay
  // 32-bit integers).
  let a = 1;
  let b = 0;
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + 1024);
    // Two bytes a step; the low 16 bits written whatever the count and kept only once full (the
    // count at most 31): no branch for the processor to mispredict, step after step.
    for (; i + 1 < end; i += 2) {
      const first = src[i]!;
      const second = src[i + 1]!;
      a = (a + first) | 0;
      b = (b + a) | 0;
      a = (a + second) | 0;
      b = (b + a) | 0;
      const pair = PAIR[(first << 8) | second]!;
      if (pair !== 0) {
        bits |= (pair & 0xffff) << count;
        count += pair >>> 16;
      } else {
        const one = CODE[first]!;
        bits |= (one & 0xffffff) << count;
        count += one >>> 24;
        out[at] = bits;
        out[at + 1] = bits >>> 8;
        const full = (count >>> 4) << 4;
        at += full >>> 3;
        bits >>>= full;
        count -= full;
        const two = CODE[second]!;
        bits |= (two & 0xffffff) << count;
        count += two >>> 24;
      }
      out[at] = bits;
      out[at + 1] = bits >>> 8;
      const full = (count >>> 4) << 4;
      at += full >>> 3;
      bits >>>= full;
      count -= full;
    }
    if (i < end) {
      const byte = src[i++]!;
      a = (a + byte) | 0;
      b = (b + a) | 0;
      const code = CODE[byte]!;
      bits |= (code & 0xffffff) << count;
      count += code >>> 24;
      out[at] = bits;
      out[at + 1] = bits >>> 8;
      const full = (count >>> 4) << 4;
      at += full >>> 3;
      bits >>>= full;
      count -= full;
    }
    a %= 65521;
    b %= 65521;
  }
  bits |= (END & 0xffffff) << count;
  count += END >>> 24;
  while (count > 0) {
    out[at++] = bits & 0xff;
    bits >>>= 8;
    count -= 8;
  }
  out[at++] = b >>> 8;
  out[at++] = b & 0xff;
  out[at++] = a >>> 8;
  out[at++] = a & 0xff;
  return Buffer.from(out.subarray(0, at));
}
