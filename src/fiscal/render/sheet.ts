// The drawing surface every auxiliary document is made on: the PDF standard Times fonts (no font
// file to embed or find; WinAnsi covers Portuguese; their metrics are pdfkit's data, fonts.ts), and the
// few shapes the manual's layouts are built from: boxed fields with a small bold capital label,
// block titles, text fitted to a width, the access key's CODE-128C barcode and the stamps (SEM
// VALOR FISCAL, CANCELADA); a QR code comes as operators from qr-code.ts. The fonts' data is read by
// whoever imports this module (bwip-js is loaded by whoever draws a QR code), and only the
// renderers do, on use: `fiscal --help` never loads them.
//
// pdf-file.ts writes the file (pages, fonts, compression, cross-reference); the page's drawing is
// written here as PDF operators, into one byte array per page (content.ts). pdfkit's text()
// turned each line into a dozen operators through its options, alignment and
// save/transform/restore, each converted to bytes on its own: two thirds of a DANFe's time. A
// DANFe is some 600 lines of text and boxes.
//
// Half of those are the same on every DANFe: frames, block titles, field labels. A page may name
// its layout (addPage): what is drawn through layout() is then recorded once per process, deflated,
// and every later page of that layout, in any file, draws it with one `Do` of a Form XObject
// holding those bytes, the drawing skipped. Only the data is written and deflated per document.
import { deflateSync } from 'node:zlib';
import { ContentStream } from './content.js';
import { hexOf } from './fonts.js';
import { fontOperands, pageFonts, type PageFont } from './page-fonts.js';
import { barcodeOps, num, rgb, rgbOf } from './pdf-ops.js';
import { PdfFile } from './pdf-file.js';
import { pdfNumber } from './pdf-syntax.js';
import { fit, measure, wrap } from './text-fit.js';

export const A4 = { width: 595.28, height: 841.89 } as const;
/** 80 mm, the usual NFC-e printer roll. */
export const ROLL_80MM = 226.77;

/** Field labels: the manual asks for at least 5 pt, bold capitals. */
export const LABEL_SIZE = 5.5;

export interface TextStyle {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  /** The box the text is fitted to: cut with an ellipsis past it (default: no limit). */
  width?: number;
  color?: string;
}

export interface FieldStyle extends TextStyle {
  /** The value's size (default 8). */
  size?: number;
  /** The label is the document's (a bill's number), not the layout's: drawn with the data. */
  dataLabel?: boolean;
}

/** The style of text and fields given none (a default of `{}` is a new object each call). */
const NO_STYLE: FieldStyle = {};

/**
 * Page layouts drawn once per process, deflated, by `<width>x<height>:<the caller's name>`. A
 * DANFe has a few (portrait or landscape, first page or next, the rows of bills): the bound only
 * keeps a strange stream of documents from growing it.
 */
const layouts = new Map<string, Buffer>();
const MAX_LAYOUTS = 256;

/** Forgets the layouts drawn so far: for the checks that a page drawing its layout gives the bytes of one reusing it. */
export function forgetLayouts(): void {
  layouts.clear();
}

export class Sheet {
  private readonly file: PdfFile;
  private readonly fonts: { regular: PageFont; bold: PageFont };
  /** The page's operators not yet handed to the file (see flush). */
  private ops = new ContentStream();
  /**
   * This file's forms (their object numbers, and their names on a page: L1, L2... in the order
   * made), by layout key: the next pages of a long DANFe share one.
   */
  private readonly forms = new Map<string, { id: number; name: string }>();
  /** The layout being recorded for this page (its key, form and operators), or none. */
  private recording: { key: string; form: number; ops: ContentStream } | undefined;
  /** A layout drawn before in this process, used on the current page: its form, written at the page's end. */
  private drawnForm: { form: number; height: number; bytes: Uint8Array } | undefined;
  /** The page draws its layout with a form already made: layout() draws nothing. */
  private reused = false;

  constructor(
    readonly width: number,
    public height: number,
    title: string,
    firstPage = true,
    /** The document's emission (ISO 8601): the PDF's creation date, so the same XML gives the same bytes. */
    created?: string,
  ) {
    this.file = new PdfFile(title, created);
    // Both fonts known before anything is measured (fonts.ts reads their metrics once per process).
    this.fonts = pageFonts();
    if (firstPage) this.addPage();
  }

  /**
   * A new page; `height` for a page as long as its content (the NFC-e's roll). `layout` names
   * what the page draws through layout(): the same for every page of that name and size.
   */
  addPage(height = this.height, layout?: string): void {
    this.seal();
    this.height = height;
    // The page has y growing downwards (its first operator flips the page): so do these.
    this.file.addPage(this.width, height);
    this.ops.push('0.5 w');
    this.reused = false;
    if (layout === undefined) return;
    const key = `${num(this.width)}x${num(height)}:${layout}`;
    let form = this.forms.get(key);
    if (form === undefined) {
      form = { id: this.file.form(), name: `L${this.forms.size + 1}` };
      this.forms.set(key, form);
      const drawn = layouts.get(key);
      // Written when the page ends, as a form recorded on it is: the file's objects come in the
      // same order whether this process drew the layout before or not (a CANCELADA stamp's
      // graphics state is written while the page is drawn), so the same XML gives the same bytes
      // on any thread.
      if (drawn) this.drawnForm = { form: form.id, height, bytes: drawn };
      else this.recording = { key, form: form.id, ops: new ContentStream() };
    }
    this.reused = this.recording === undefined;
    this.file.useForm(form.name, form.id);
    // First, under the data: the layout's frames are strokes and its labels sit apart from the values.
    this.ops.push(`q /${form.name} Do Q`);
  }

  /**
   * Draws `draw`'s part of the page's layout (frames, titles, labels: what is the same on every
   * page of the layout's name): into the page when it names none, into the form being recorded,
   * or nowhere when the page draws a form made before.
   */
  layout(draw: () => void): void {
    if (this.reused) return;
    const recording = this.recording;
    if (!recording) return draw();
    const page = this.ops;
    this.ops = recording.ops;
    try {
      draw();
    } finally {
      this.ops = page;
    }
  }

  /**
   * Ends the page: its layout's form, if recorded on it, deflated at level 1 like the page's
   * content (pdf-file.ts) and kept for later pages.
   */
  private seal(): void {
    this.flush();
    const drawn = this.drawnForm;
    if (drawn) {
      this.drawnForm = undefined;
      this.file.endForm(drawn.form, this.width, drawn.height, drawn.bytes);
    }
    const recording = this.recording;
    if (recording) {
      this.recording = undefined;
      const bytes = deflateSync(recording.ops.take(), { level: 1 });
      recording.ops.release();
      if (layouts.size < MAX_LAYOUTS) layouts.set(recording.key, bytes);
      this.file.endForm(recording.form, this.width, this.height, bytes);
    }
    this.file.sealPage();
  }

  /** Hands the operators written so far to the page, in one piece (before anything else drawn on it). */
  private flush(): void {
    if (this.ops.empty) return;
    this.file.addContent(this.ops.take());
  }

  /** The width `value` takes in that style. */
  measure(value: string, size: number, bold = false): number {
    return measure(value, size, bold);
  }

  /** `value` cut (with …) to fit `width`. */
  fit(value: string, width: number, size: number, bold = false): string {
    return fit(value, width, size, bold);
  }

  /** Lines of `value` broken at spaces to fit `width`; at most `max` (the last one cut). */
  wrap(value: string, width: number, size: number, max = Infinity, bold = false): string[] {
    return wrap(value, width, size, max, bold);
  }

  /** One line of text whose top is at `y`. */
  text(value: string, x: number, y: number, style: TextStyle = NO_STYLE): void {
    this.textIn(value, x, y, style.size ?? 8, style.bold ?? false, style.width, style.align, style.color);
  }

  /**
   * text() with its style spelled out: a field's value (150 a DANFe) and an item's cells are
   * drawn with no style object made, nor its fields looked up.
   */
  textIn(
    value: string,
    x: number,
    y: number,
    size: number,
    bold: boolean,
    within: number | undefined,
    align: TextStyle['align'],
    color?: string,
  ): void {
    let shown = value;
    let left = x;
    if (within !== undefined) {
      // Measured once: what fits is drawn as is, aligned by that width.
      const width = this.measure(value, size, bold);
      const fits = width <= within;
      if (!fits) shown = this.fit(value, within, size, bold);
      if (align && align !== 'left') {
        const free = within - (fits ? width : this.measure(shown, size, bold));
        left += align === 'right' ? free : free / 2;
      }
    }
    if (!shown) return;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const baseline = y + (font.ascender / 1000) * size;
    this.ops.text(fontOperands(font, size), left, baseline, shown, font.name, color && rgb(color));
  }

  box(x: number, y: number, w: number, h: number): void {
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, dash?: number): void {
    const path = `${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`;
    this.ops.push(dash ? `[${num(dash)}] 0 d ${path} [] 0 d` : path);
  }

  /**
   * A boxed field: its label in small bold capitals at the top, its value below. A DANFe's styles
   * are of four shapes (none, `{ align }`, `{ align, bold }`, `{ dataLabel }`): with a fifth, V8's
   * reads of a style's fields here turn generic (megamorphic), some 60 fields a DANFe.
   */
  field(x: number, y: number, w: number, h: number, label: string, value: string | undefined, style = NO_STYLE) {
    // Nothing allocated for the label where the layout is reused (a DANFe has some 150 fields).
    if (style.dataLabel) {
      this.layout(() => this.box(x, y, w, h));
      this.textIn(label.toUpperCase(), x + 1.5, y + 1.2, LABEL_SIZE, true, w - 3, undefined);
    } else if (!this.reused)
      this.layout(() => {
        this.box(x, y, w, h);
        this.text(label.toUpperCase(), x + 1.5, y + 1.2, { size: LABEL_SIZE, bold: true, width: w - 3 });
      });
    const size = style.size ?? 8;
    if (value)
      this.textIn(value, x + 2, y + h - size - 1.5, size, style.bold ?? false, w - 4, style.align, style.color);
  }

  /** A block's title (DESTINATÁRIO / REMETENTE...): bold capitals above the block, part of the layout. */
  title(label: string, x: number, y: number): void {
    this.layout(() => this.text(label.toUpperCase(), x, y, { size: 6.5, bold: true }));
  }

  /** The CODE-128 barcode of `digits` (an even count of digits, set C throughout) in the box. */
  barcode128(digits: string, x: number, y: number, w: number, h: number): void {
    this.ops.push(barcodeOps(digits, x, y, w, h));
  }

  /** Operators drawn as given, with the data (the QR code: qr-code.ts). */
  operators(ops: string): void {
    this.ops.push(ops);
  }

  /**
   * Big diagonal words across the page (SEM VALOR FISCAL, CANCELADA), behind nothing, in `color`
   * at 35% opacity: the operators pdfkit's rotate, fillOpacity, fillColor and text wrote for them.
   */
  stamp(words: string, color: string, y = this.height / 2, size = 48): void {
    this.flush();
    const rad = (-30 * Math.PI) / 180;
    const cos = Math.cos(rad);
    const sin = Math.sin(rad);
    // A rotation about the middle of the words' line.
    const ox = this.width / 2;
    const dx = ox - (ox * cos - y * sin);
    const dy = y - (ox * sin + y * cos);
    const rotation = [cos, sin, -sin, cos, dx, dy].map(pdfNumber).join(' ');
    const bold = this.fonts.bold;
    // Unrounded, as pdfkit's fillColor wrote them.
    const fill = rgbOf(color).join(' ');
    const left = (this.width - this.measure(words, size, true)) / 2;
    // pdfkit placed a line's top at y: its baseline is an ascender lower, on an unflipped page.
    const baseline = this.height - (y - size / 2) - (bold.ascender / 1000) * size;
    const gs = this.file.fillOpacity(0.35);
    this.file.addContent(
      `q\n${rotation} cm\n/${gs} gs\n/DeviceRGB cs\n${fill} scn\n` +
        `q\n1 0 0 -1 0 ${pdfNumber(this.height)} cm\nBT\n1 0 0 1 ${pdfNumber(left)} ${pdfNumber(baseline)} Tm\n` +
        `/${bold.id} ${pdfNumber(size)} Tf\n[<${hexOf(bold.name, words)}> 0] TJ\nET\nQ\nQ\n/DeviceRGB cs\n0 0 0 scn\n`,
    );
  }

  async end(): Promise<Buffer> {
    this.seal();
    this.ops.release();
    return this.file.end();
  }
}
