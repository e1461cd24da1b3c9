// One content stream of a page or of a layout's form, as sheet.ts writes it: PDF operators, as
// bytes. A DANFe shows some 300 lines of text; each was a text object of its own (`BT`, font,
// matrix, string, `ET`), half its bytes the same words again. Lines that follow one another now
// share one text object, and the font is set only when it changes: the same glyphs at the same
// places, in a third fewer bytes to build and to deflate. A path (a box, a line, the barcode)
// cannot be drawn inside a text object, so any other operator ends the one open.
//
// The operators are written straight into a byte array, a line's coordinates as digits: built as
// strings, a line's matrix, operators and the page's growing string were a dozen strings each (a
// DANFe allocated some 115 kB, three quarters of it there, for a page of 5), and the page's string
// of some 3,000 pieces was walked again to copy it into bytes.
import { codeAt } from './char-code.js';
import { literalOf, PLAIN } from './fonts.js';
import { DECIMALS } from './pdf-ops.js';

/**
 * Byte arrays given back by the streams done with them (release), for the next stream to write
 * into: one made per stream (a DANFe's sheet makes one) was an 8 kB allocation outside V8's heap
 * each.
 */
const spare: Uint8Array[] = [];

export class ContentStream {
  /** The operators so far, each ended by a newline (WinAnsi: one byte a character); none before the first. */
  private buffer: Uint8Array | undefined;
  private at = 0;
  /** The font and size set last (`/F1 7`), or undefined: set before the first line. */
  private font: string | undefined;
  private inText = false;

  /** Any operator but text: ends the text object open. */
  push(...ops: string[]): void {
    if (this.inText) {
      this.write('ET\n');
      this.inText = false;
    }
    for (const op of ops) {
      this.write(op);
      this.byte(10);
    }
  }

  /**
   * One line of text: `font` its resource and size (`/F1 7`), its place (`1 0 0 -1 <left>
   * <baseline> Tm`: the matrix flips the glyphs back upright on the flipped page), `shown` in the
   * font named `fontName` as a literal string, in `color`'s `rg` operands when not black.
   */
  text(font: string, left: number, baseline: number, shown: string, fontName: string, color?: string): void {
    if (!this.inText) {
      this.write('BT\n');
      this.inText = true;
    }
    // The font is part of the graphics state: it outlives the text object, not a stream.
    if (font !== this.font) {
      this.write(font);
      this.write(' Tf\n');
    }
    this.font = font;
    if (color) {
      this.write(color);
      this.write(' rg\n');
    }
    this.write('1 0 0 -1 ');
    this.number(left);
    this.byte(32);
    this.number(baseline);
    this.write(' Tm ');
    if (!this.plainLiteral(shown)) this.write(literalOf(fontName, shown));
    this.write(' Tj\n');
    if (color) this.write('0 g\n');
  }

  get empty(): boolean {
    return this.at === 0;
  }

  /**
   * The stream's bytes, the text object closed; the stream starts again empty. A view of the
   * stream's own memory, good until its next write: the caller copies it or codes it at once (a
   * copy of each page's 5 kB made here was copied again by the file).
   */
  take(): Uint8Array {
    if (this.inText) this.push();
    const buffer = this.buffer;
    const bytes = buffer ? buffer.subarray(0, this.at) : new Uint8Array(0);
    this.at = 0;
    this.font = undefined;
    return bytes;
  }

  /** Done with: its memory goes to the next stream made (what take() gave is then no longer its bytes). */
  release(): void {
    if (this.buffer) spare.push(this.buffer);
    this.buffer = undefined;
    this.at = 0;
    this.font = undefined;
    this.inText = false;
  }

  /**
   * A string's characters, one byte each (their low byte, as Buffer's latin1 writes them).
   * `String(text)` tells the optimising compiler it reads a string, whatever its kind inside V8,
   * and codeAt reads its characters in place (char-code.ts).
   */
  private write(text: string): void {
    const s = String(text);
    const buffer = this.room(s.length);
    let at = this.at;
    for (let i = 0; i < s.length; i++) buffer[at++] = codeAt(s, i);
    this.at = at;
  }

  private byte(code: number): void {
    this.room(1)[this.at++] = code;
  }

  /** A coordinate as pdf-ops.ts's num() writes it (to a thousandth, no trailing zeros), in digits. */
  private number(n: number): void {
    const thousandths = Math.round(n * 1000);
    const abs = Math.abs(thousandths);
    let whole = Math.floor(abs / 1000);
    // num() writes a sign before anything but 0, which a negative count of thousandths never is.
    if (thousandths < 0) this.byte(45);
    const buffer = this.room(16);
    let digits = 1;
    for (let w = whole; w >= 10; w = Math.floor(w / 10)) digits++;
    let at = this.at + digits;
    this.at = at;
    do {
      buffer[--at] = 48 + (whole % 10);
      whole = Math.floor(whole / 10);
    } while (whole > 0);
    this.write(DECIMALS[abs - Math.floor(abs / 1000) * 1000]!);
  }

  /**
   * `(text)` where every character is its own code in the font (fonts.ts, plain), `(`, `)` and `\`
   * escaped as literalOf escapes them, checked as it is copied (one pass over the line, where the
   * check and the copy were two, and a line with a parenthesis, `0 - Remetente (CIF)`, went
   * through literalOf's character by character); false, nothing written, for any other character.
   */
  private plainLiteral(text: string): boolean {
    const s = String(text);
    const buffer = this.room(2 * s.length + 2);
    let at = this.at;
    buffer[at++] = 40;
    for (let i = 0; i < s.length; i++) {
      const code = codeAt(s, i);
      if (code > 0xff) return false;
      if (PLAIN[code] === 0) {
        if (code !== 0x28 && code !== 0x29 && code !== 0x5c) return false;
        buffer[at++] = 0x5c;
      }
      buffer[at++] = code;
    }
    buffer[at++] = 41;
    this.at = at;
    return true;
  }

  /** The buffer, with room for `n` more bytes. */
  private room(n: number): Uint8Array {
    const buffer = (this.buffer ??= spare.pop() ?? new Uint8Array(8 * 1024));
    if (this.at + n <= buffer.length) return buffer;
    const grown = new Uint8Array(Math.max(this.at + n, 2 * buffer.length));
    grown.set(buffer.subarray(0, this.at));
    return (this.buffer = grown);
  }
}
