// What the emulator's own PDFs are made of (boletos, receipts, the sources its OCR routes read, an
// NFS-e's scanned original): a page laid out from the top down, a title, party blocks and a column
// of totals, written by pdf-writer.ts. The auxiliary documents of the fiscal types (DANFe, DACTe,
// DACTe OS, DAMDFe, DANFSe) are not made here: the emulator serves the renderers of
// src/fiscal/render, the same code as `fiscal pdf --local` (routes/pdf).
import { readDocuments, type DocumentKind, type DocumentSummary } from '../../fiscal/readers/index.js';
import { formatMoney } from '../../fiscal/render/format.js';
import { PAGE_WIDTH, textWidth, writePdf, type PdfPage, type PdfText } from './pdf-writer.js';

export const LEFT = 40;
export const RIGHT = PAGE_WIDTH - 40;
/** Lowest baseline a line may have before the page runs out. */
const BOTTOM = 40;

/** The XML cannot be rendered as this auxiliary document (unreadable, another type, no key). */
export class PdfRenderError extends Error {
  override name = 'PdfRenderError';
}

type Cell = [text: string, x: number, align?: 'right'];

/** Lays lines out from the top of the page down; lines past the bottom margin are dropped. */
export class PageBuilder {
  private y = 800;
  private readonly texts: PdfText[] = [];
  private readonly rules: NonNullable<PdfPage['rules']> = [];

  /** Baseline of the next line. */
  get cursor(): number {
    return this.y;
  }

  text(value: string, size = 10, bold = false, x = LEFT): void {
    this.row([[value, x]], size, bold);
  }

  label(value: string): void {
    this.gap(4);
    this.text(value, 7, true);
  }

  row(cells: Cell[], size = 10, bold = false): void {
    if (this.y >= BOTTOM) {
      for (const [value, x, align] of cells) {
        const left = align === 'right' ? x - textWidth(value, size) : x;
        this.texts.push({ x: left, y: this.y, text: value, size, bold });
      }
    }
    this.y -= size + 4;
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.gap(2);
    this.line(LEFT, this.y + 8, RIGHT, this.y + 8);
    this.gap(4);
  }

  line(x1: number, y1: number, x2: number, y2: number): void {
    this.rules.push({ x1, y1, x2, y2 });
  }

  /** A rectangle from its top-left to its bottom-right corner. */
  box(left: number, top: number, right: number, bottom: number): void {
    this.line(left, top, right, top);
    this.line(right, top, right, bottom);
    this.line(right, bottom, left, bottom);
    this.line(left, bottom, left, top);
  }

  build(): PdfPage {
    return { texts: this.texts, rules: this.rules };
  }
}

/**
 * The one document of `kinds` in `xml`, read by the shared reader. `keyed` documents must carry a
 * 44-digit access key, since the key is what the page is printed for.
 */
export function readSummary(xml: string, kinds: readonly DocumentKind[], what: string, keyed = true): DocumentSummary {
  let docs: DocumentSummary[];
  try {
    docs = readDocuments(Buffer.from(xml, 'utf8'), what);
  } catch (error) {
    throw new PdfRenderError((error as Error).message);
  }
  const doc = docs.find((d) => kinds.includes(d.kind));
  if (!doc) throw new PdfRenderError(`expected ${what}, found ${docs.map((d) => d.kind).join(', ')}`);
  if (keyed && (!doc.key || !/^\d{44}$/.test(doc.key)))
    throw new PdfRenderError(`the document has no 44-digit access key (expected ${what})`);
  return doc;
}

export function titleBlock(page: PageBuilder, title: string, subtitle: string): void {
  page.text(title, 13, true);
  page.text(subtitle, 8);
  page.gap(6);
}

/** A label, and the value on the right margin; `emphasis` sets the row in bold. */
type TotalRow = [label: string, value: string | undefined, emphasis?: boolean];

export function totalsBlock(page: PageBuilder, rows: readonly TotalRow[], label = 'TOTAIS'): void {
  page.label(label);
  for (const [name, value, emphasis] of rows)
    page.row(
      [
        [name, LEFT],
        [value ?? '-', RIGHT, 'right'],
      ],
      10,
      emphasis,
    );
}

/** `R$ 1.234,50`, or undefined when the document has no such value. */
export function money(value: string | undefined): string | undefined {
  return value === undefined ? undefined : `R$ ${formatMoney(value)}`;
}

export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** Lines of at most `max` characters, broken at spaces. */
export function wrap(value: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : truncate(word, max);
  }
  if (line) lines.push(line);
  return lines;
}

export function onePagePdf(page: PageBuilder, title: string): Buffer {
  return writePdf([page.build()], { title, producer: 'fiscal' });
}
