// One content stream of a page or of a layout's form, as sheet.ts writes it: PDF operators, one
// string each. A DANFe shows some 300 lines of text; each was a text object of its own (`BT`,
// font, matrix, string, `ET`), half its bytes the same words again. Lines that follow one another
// now share one text object, and the font is set only when it changes: the same glyphs at the
// same places, in a third fewer bytes to build and to deflate. A path (a box, a line, the
// barcode) cannot be drawn inside a text object, so any other operator ends the one open.

export class ContentStream {
  /**
   * The operators so far, each ended by a newline: one string grown by concatenation, copied out
   * flat once at the end, where an array joined at the end copied each of its (some thousand)
   * operators flat first, then again into the whole.
   */
  private ops = '';
  /** The font and size set last (`/F1 7`), or undefined: set before the first line. */
  private font: string | undefined;
  private inText = false;

  /** Any operator but text: ends the text object open. */
  push(...ops: string[]): void {
    if (this.inText) {
      this.ops += 'ET\n';
      this.inText = false;
    }
    for (const op of ops) this.ops += `${op}\n`;
  }

  /**
   * One line of text: `font` its resource and size (`/F1 7`), `matrix` the operands of `Tm`,
   * `literal` the string as a content stream writes it (parentheses included), in `color`'s `rg`
   * operands when not black.
   */
  text(font: string, matrix: string, literal: string, color?: string): void {
    if (!this.inText) {
      this.ops += 'BT\n';
      this.inText = true;
    }
    // The font is part of the graphics state: it outlives the text object, not a stream.
    if (font !== this.font) this.ops += `${font} Tf\n`;
    this.font = font;
    if (color) this.ops += `${color} rg\n${matrix} Tm ${literal} Tj\n0 g\n`;
    else this.ops += `${matrix} Tm ${literal} Tj\n`;
  }

  get empty(): boolean {
    return this.ops.length === 0;
  }

  /** The stream's operators (WinAnsi: one byte a character), the text object closed. */
  operators(): string {
    if (this.inText) this.push();
    return this.ops;
  }

  /** The stream's bytes. */
  bytes(): Buffer {
    return Buffer.from(this.operators(), 'latin1');
  }
}
