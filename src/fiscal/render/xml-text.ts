// An XML file's bytes as the strings the shapes read (xml-shape.ts): whether the file declares
// Latin-1 (it is then read through the tree), and its values sliced from one Latin-1 string of the
// whole file where they are ASCII, decoded as UTF-8 where not, entities decoded and trimmed as the
// light parser's tree gives them (xml-light.ts).
import { decodeEntities } from './xml-light.js';

/** Whether a file declared Latin-1 (decodeXml reads it so): its non-ASCII bytes would be other characters. */
export function declaresLatin1(bytes: Uint8Array): boolean {
  // What the expression reads ends at the first `>` (or at 200 bytes): the same declaration as the
  // file before (every file of a pull: `<?xml version="1.0" encoding="UTF-8"?>`) is not read again.
  let end = 0;
  while (end < 200 && end < bytes.length && bytes[end] !== 62) end++;
  if (end < bytes.length && end < 200) end++;
  const last = lastHead;
  if (end === last.length) {
    let i = 0;
    while (i < end && bytes[i] === last[i]) i++;
    if (i === end) return lastLatin1;
  }
  const head = Buffer.from(bytes.subarray(0, end)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  lastHead = bytes.slice(0, end);
  lastLatin1 = declared !== undefined && /^(iso-?8859-1|latin-?1|windows-1252|cp1252)$/.test(declared);
  return lastLatin1;
}
/** The head declaresLatin1 read last, to its first `>`, and what it said. */
let lastHead = new Uint8Array(0);
let lastLatin1 = false;

/**
 * The file's strings: sliced from one Latin-1 string of the whole file where ASCII, decoded as
 * UTF-8 where not (an accented name): Buffer's toString of each of a note's 150 values went
 * through Node's binding each time.
 */
export class Text {
  readonly latin1: string;
  private readonly buffer: Buffer;
  constructor(private readonly bytes: Uint8Array) {
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.latin1 = this.buffer.toString('latin1');
  }

  of(start: number, end: number): string {
    const b = this.bytes;
    for (let i = start; i < end; i++) if (b[i]! >= 0x80) return this.buffer.toString('utf8', start, end);
    return this.latin1.slice(start, end);
  }

  /**
   * An element's text as the tree gives it: entities decoded, then trimmed. Sliced as it is where
   * it is ASCII with no `&` and no blank at either end (nearly every value of a note), checked in
   * the one pass that looks for bytes past ASCII: decodeEntities' search for `&` and trim() were
   * two more calls for each of a note's hundred values.
   */
  value(start: number, end: number): string {
    const b = this.bytes;
    let plain = end > start && !isBlank(b[start]!) && !isBlank(b[end - 1]!);
    for (let i = start; i < end; i++) {
      const c = b[i]!;
      if (c >= 0x80) return decodeEntities(this.buffer.toString('utf8', start, end)).trim();
      if (c === 38) plain = false;
    }
    return plain ? this.latin1.slice(start, end) : decodeEntities(this.latin1.slice(start, end)).trim();
  }
}

/** The ASCII characters trim() takes off a string's ends. */
const isBlank = (c: number) => c === 32 || (c >= 9 && c <= 13);
