// A minimal PDF 1.4 writer: pages of positioned text lines and rules, in the standard Helvetica
// fonts (every viewer has them, so nothing is embedded). Text is encoded as WinAnsi (Windows-1252)
// so Portuguese accents render; bytes above 0x7E are written as octal escapes, which keeps the
// whole file ASCII and its byte offsets equal to its string offsets. Streams are not compressed:
// a one-page summary stays a few kilobytes, and the text stays searchable in tests.
import { WIN_ANSI_MAP } from '../../fiscal/render/win-ansi.js';

/** A4 in points. */
export const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;

export interface PdfText {
  x: number;
  /** Baseline, from the bottom of the page. */
  y: number;
  text: string;
  /** Points; default 10. */
  size?: number;
  bold?: boolean;
}

interface PdfRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface PdfPage {
  texts: PdfText[];
  rules?: PdfRule[];
}

interface PdfInfo {
  title?: string;
  producer?: string;
}

/** One character as its WinAnsi byte; characters the encoding lacks become `?`. */
function winAnsiByte(ch: string): number {
  const code = ch.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_MAP[code] ?? 0x3f;
}

/** A PDF literal string `( ... )` of `text` in WinAnsi, ASCII only. */
export function pdfString(text: string): string {
  let out = '(';
  for (const ch of text.normalize('NFC')) {
    const byte = winAnsiByte(ch);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** Helvetica advance widths (1/1000 em) of ASCII 0x20-0x7E, from its AFM; others count as 556. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** The width of `text` in points at `size` (regular Helvetica; close enough for bold numerals). */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    units += code >= 0x20 && code <= 0x7e ? HELVETICA_WIDTHS[code - 0x20]! : 556;
  }
  return (units * size) / 1000;
}

const num = (n: number): string => String(Math.round(n * 100) / 100);

/** The content stream of one page. */
function pageContent(page: PdfPage): string {
  const ops: string[] = [];
  if (page.rules?.length) {
    ops.push('0.5 w');
    for (const r of page.rules) ops.push(`${num(r.x1)} ${num(r.y1)} m ${num(r.x2)} ${num(r.y2)} l S`);
  }
  for (const t of page.texts) {
    ops.push(
      `BT /${t.bold ? 'F2' : 'F1'} ${num(t.size ?? 10)} Tf ${num(t.x)} ${num(t.y)} Td ${pdfString(t.text)} Tj ET`,
    );
  }
  return `${ops.join('\n')}\n`;
}

/** Writes the document: header, numbered objects, the xref table of their offsets, trailer. */
export function writePdf(pages: readonly PdfPage[], info: PdfInfo = {}): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  // Fixed objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info; then per page
  // its page object and its content stream.
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< ${info.title ? `/Title ${pdfString(info.title)} ` : ''}/Producer ${pdfString(info.producer ?? 'fiscal')} >>`,
  ];
  for (const [i, page] of pages.entries()) {
    const content = pageContent(page);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    );
  }
  // The comment of high bytes tells transfer tools the file is binary (PDF 1.4, 7.5.2).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, two-byte EOL.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
