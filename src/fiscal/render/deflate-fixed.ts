// A page's content as a zlib stream (RFC 1950) of one DEFLATE block with the fixed Huffman codes
// (RFC 1951, 3.2.6), its repeats found greedily by a hash of three bytes: what FlateDecode reads.
// node's deflateSync makes a zlib stream object per call (a Transform, a native handle, some
// 50 kB of state made and freed): in a loop that does nothing else a page's deflate is about as
// fast either way, but on a drawing thread, between the XML read and the drawing, zlib's page
// cost 65-75 us more of a DANFe's 450-700 (side by side, 3,000 DANFes, six runs). The price:
// a page deflates to some 28% more bytes than zlib's level 1 with its own codes (2.5 kB against
// 1.9 of 5.9), a DANFe's file 10% larger; the same bytes come out whatever was deflated before.

/** The fixed codes, bit-reversed as the stream writes them (LSB first), and their lengths, by symbol 0-287. */
const CODES = new Uint16Array(288);
const LENGTHS = new Uint8Array(288);

function reversed(code: number, bits: number): number {
  let r = 0;
  for (let i = 0; i < bits; i++) r = (r << 1) | ((code >> i) & 1);
  return r;
}

for (let s = 0; s < 288; s++) {
  const [base, first, bits] =
    s < 144 ? [0x30, 0, 8] : s < 256 ? [0x190, 144, 9] : s < 280 ? [0, 256, 7] : [0xc0, 280, 8];
  CODES[s] = reversed(base + s - first, bits);
  LENGTHS[s] = bits;
}

/** Length codes 257-285: the first length of each and its extra bits (RFC 1951, 3.2.5). */
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The code of each length 3-258 and of each distance 1-32768, looked up, not searched. */
const LENGTH_CODE = new Uint8Array(259);
const DIST_CODE = new Uint8Array(32769);
for (let c = 0; c < 29; c++)
  for (let l = LENGTH_BASE[c]!; l < LENGTH_BASE[c]! + (1 << LENGTH_EXTRA[c]!); l++) LENGTH_CODE[l] = c;
LENGTH_CODE[258] = 28;
for (let c = 0; c < 30; c++)
  for (let d = DIST_BASE[c]!; d < DIST_BASE[c]! + (1 << DIST_EXTRA[c]!); d++) DIST_CODE[d] = c;
/** The 5-bit distance codes, reversed. */
const DIST_CODES = Uint8Array.from({ length: 30 }, (_, c) => reversed(c, 5));

const WINDOW = 32768;
const MAX_MATCH = 258;
const HASH_BITS = 13;
const MAX_INSERT = 8;
/**
 * The last position of each hash, plus `base`: the table is kept from page to page, and a value
 * below the current page's base is one of a page before (no fill of 32 kB a page).
 */
const head = new Int32Array(1 << HASH_BITS);
let base = 0;

const hash3 = (b: Uint8Array, i: number) =>
  Math.imul((b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!, 0x9e3779b1) >>> (32 - HASH_BITS);

/** The zlib stream of `input`, in a buffer of its own. */
export function deflateFixed(input: Uint8Array): Buffer {
  const n = input.length;
  if (base > 0x7fff_0000 - n) {
    head.fill(0);
    base = 0;
  }
  const offset = base + 1;
  base += n + 1;
  // Nine bits a literal at worst, the header, the block's end and the checksum.
  const out = Buffer.allocUnsafe(((n * 9) >> 3) + 16);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  // Bits not yet written, LSB first; `count` of them (under 8 between symbols, at most 8 + 13 + 5 + 8 added).
  let bits = 0b011; // BFINAL 1, BTYPE 01: fixed codes
  let count = 3;
  let i = 0;
  while (i < n) {
    let length = 0;
    let distance = 0;
    if (i + 2 < n) {
      const h = hash3(input, i);
      const seen = head[h]! - offset;
      head[h] = i + offset;
      if (seen >= 0 && i - seen <= WINDOW) {
        const max = Math.min(MAX_MATCH, n - i);
        let l = 0;
        while (l < max && input[seen + l] === input[i + l]) l++;
        // Three bytes far back cost more bits as a match than as literals (zlib's TOO_FAR).
        if (l > 3 || (l === 3 && i - seen <= 4096)) {
          length = l;
          distance = i - seen;
        }
      }
    }
    if (length === 0) {
      const s = input[i]!;
      bits |= CODES[s]! << count;
      count += LENGTHS[s]!;
      i++;
    } else {
      const lc = LENGTH_CODE[length]!;
      const sym = 257 + lc;
      bits |= CODES[sym]! << count;
      count += LENGTHS[sym]!;
      bits |= (length - LENGTH_BASE[lc]!) << count;
      count += LENGTH_EXTRA[lc]!;
      while (count >= 8) {
        out[o++] = bits & 0xff;
        bits >>>= 8;
        count -= 8;
      }
      const dc = DIST_CODE[distance]!;
      bits |= DIST_CODES[dc]! << count;
      count += 5;
      bits |= (distance - DIST_BASE[dc]!) << count;
      count += DIST_EXTRA[dc]!;
      // The positions a short match covers are hashed too, as zlib's level 1 does: a long one is
      // a run of repeated bytes whose inner positions rarely start a better match.
      const end = i + length;
      if (length <= MAX_INSERT) for (let j = i + 1; j < end && j + 2 < n; j++) head[hash3(input, j)] = j + offset;
      i = end;
    }
    while (count >= 8) {
      out[o++] = bits & 0xff;
      bits >>>= 8;
      count -= 8;
    }
  }
  // The block's end (symbol 256: seven zero bits), then whole bytes.
  count += 7;
  while (count > 0) {
    out[o++] = bits & 0xff;
    bits >>>= 8;
    count -= 8;
  }
  const sum = adler32(input);
  out.writeUInt32BE(sum, o);
  return out.subarray(0, o + 4);
}

function adler32(input: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < input.length;) {
    // 5552 bytes at most between reductions keep both sums below 2^32 (zlib's NMAX).
    const end = Math.min(i + 5552, input.length);
    for (; i < end; i++) {
      a += input[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
