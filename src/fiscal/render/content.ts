// One content stream of a page or of a layout's form, as sheet.ts writes it: PDF operators, one
// string each. A DANFe shows some 300 lines of text; each was a text object of its own (`BT`,
// font, matrix, string, `ET`), half its bytes the same words again. Lines that follow one another
// now share one text object, and the font is set only when it changes: the same glyphs at the
// same places, in a third fewer bytes to build and to deflate. A path (a box, a line, the
// barcode) cannot be drawn inside a text object, so any other operator ends the one open.

export class ContentStream {
  private readonly ops: string[] = [];
  /** The font and size set last (`/F1 7`), or undefined: set before the first line. */
  private font: string | undefined;
  private inText = false;

  /** Any operator but text: ends the text object open. */
  push(...ops: string[]): void {
    if (this.inText) {
      this.ops.push('ET');
      this.inText = false;
    }
    this.ops.push(...ops);
  }

  /**
   * One line of text: `font` its resource and size (`/F1 7`), `matrix` the operands of `Tm`,
   * `literal` the string as a content stream writes it (parentheses included), in `color`'s `rg`
   * operands when not black.
   */
  text(font: string, matrix: string, literal: string, color?: string): void {
    if (!this.inText) {
      this.ops.push('BT');
      this.inText = true;
    }
    // The font is part of the graphics state: it outlives the text object, not a stream.
    if (font !== this.font) this.ops.push(`${font} Tf`);
    this.font = font;
    if (color) this.ops.push(`${color} rg`, `${matrix} Tm ${literal} Tj`, '0 g');
    else this.ops.push(`${matrix} Tm ${literal} Tj`);
  }

  get empty(): boolean {
    return this.ops.length === 0;
  }

  /** The stream's operators (WinAnsi: one byte a character), the text object closed. */
  operators(): string {
    this.push('');
    return this.ops.join('\n');
  }

  /** The stream's bytes. */
  bytes(): Buffer {
    return Buffer.from(this.operators(), 'latin1');
  }
}
