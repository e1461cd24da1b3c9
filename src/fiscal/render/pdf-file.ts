// The PDF file a sheet draws on, as pdfkit makes it (pages, fonts, cross-reference), with what
// fiscal changes of pdfkit's defaults: the file's pieces kept as pdfkit writes them instead of
// pushed through its Readable stream, each page's content deflated at level 1, and a creation date
// that keeps the bytes the same on every run. What is drawn on the pages is sheet.ts's.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { deflateSync } from 'node:zlib';

/**
 * pdfkit, without fontkit: pdfkit loads it at once for embedded fonts (TrueType, OpenType), which
 * fiscal never uses (the PDF standard fonts are AFM metrics of pdfkit's own), and fontkit with its
 * Unicode and compression tables was two thirds of pdfkit's load, some 150 ms of CPU at each start
 * of a render thread. pdfkit's CommonJS build (the same code as its ES module) then finds a module
 * in fontkit's place that refuses to open a font file, which nothing of fiscal asks.
 */
function loadPdfkit(): typeof import('pdfkit') {
  const require = createRequire(import.meta.url);
  const pdfkit = require.resolve('pdfkit');
  const fontkit = require.resolve('fontkit', { paths: [dirname(pdfkit)] });
  require.cache[fontkit] ??= {
    id: fontkit,
    filename: fontkit,
    loaded: true,
    exports: {
      create() {
        throw new Error('fiscal draws with the PDF standard fonts only: no font file is opened');
      },
    },
  } as NodeJS.Module;
  return require(pdfkit) as typeof import('pdfkit');
}

const PDFDocument = loadPdfkit();

/**
 * pdfkit dates a file (and derives its /ID) from now by default: a re-run would then rewrite every
 * PDF with other bytes. The document's own emission date, or a fixed one, keeps them identical.
 */
function creationDate(created: string | undefined): Date {
  const date = created ? new Date(created) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : new Date(Date.UTC(2000, 0, 1));
}

/** The parts of pdfkit's page content stream (a PDFReference) that seal() replaces. */
interface PageStream {
  buffer: Uint8Array[];
  data: Record<string, unknown>;
}

/** pdfkit's PDFDocument as it writes the file (its internals: pdfkit is pinned). */
interface FileWriter {
  _write(data: string | Uint8Array): void;
  _offset: number;
  /** Objects made but not written yet: the file ends once there are none. */
  _waiting: number;
}

/** The file's pieces in one buffer: each run of lines converted once (latin1: a byte a character). */
function joined(chunks: ReadonlyArray<string | Uint8Array>): Buffer {
  const parts: Uint8Array[] = [];
  let lines = '';
  for (const chunk of chunks) {
    if (typeof chunk === 'string') lines += chunk;
    else {
      if (lines) parts.push(Buffer.from(lines, 'latin1'));
      lines = '';
      parts.push(chunk);
    }
  }
  if (lines) parts.push(Buffer.from(lines, 'latin1'));
  return Buffer.concat(parts);
}

const skip = () => undefined;

/** Where sealPage gathers a page's content for deflate (grown to the largest page seen). */
let scratch = Buffer.allocUnsafe(64 * 1024);

export class PdfFile {
  readonly doc: PDFKit.PDFDocument;
  /** The file so far: pdfkit's lines as strings (one byte a character), its streams as bytes. */
  private readonly chunks: Array<string | Uint8Array> = [];

  constructor(width: number, height: number, title: string, created: string | undefined) {
    this.doc = new PDFDocument({
      size: [width, height],
      margin: 0,
      autoFirstPage: false,
      // No Helvetica loaded for nothing: the fonts are set through fonts.ts.
      font: null as unknown as string,
      // Each page's content is deflated here, faster than pdfkit's default level (see sealPage).
      compress: false,
      info: { Title: title, Producer: 'fiscal', Creator: 'fiscal', CreationDate: creationDate(created) },
    });
    // A PDF 1.3 (pdfkit's default version) carries no XMP metadata: pdfkit still composed it at
    // the end of every file (some 40 us a DANFe) to throw it away.
    const metadata = this.doc as unknown as { version: number; endMetadata(): void };
    if (metadata.version === 1.3) metadata.endMetadata = skip;
    // pdfkit writes the file through a Readable stream, a push (and a copy) per line of every
    // object: its pieces are kept here instead. The constructor wrote the header, read back first.
    const writer = this.doc as unknown as FileWriter;
    const header = this.doc.read() as Buffer | null;
    if (header) this.chunks.push(header);
    // Its lines (a hundred a DANFe: objects, the cross-reference) stay strings until the end.
    writer._write = (data) => {
      if (typeof data === 'string') {
        this.chunks.push(`${data}\n`);
        writer._offset += data.length + 1;
      } else {
        this.chunks.push(data);
        writer._offset += data.length;
      }
    };
  }

  /**
   * The current page's content, whole, deflated at level 1 before pdfkit writes the page: half the
   * time of zlib's default level, for some 10% more bytes (a DANFe's page is 15 kB of operators,
   * 4 kB deflated). pdfkit's own compression has no level, hence `compress: false` and this.
   */
  sealPage(): void {
    const page = this.doc.page as unknown as { content: PageStream } | undefined;
    if (!page) return;
    // Its pieces (pdfkit's first operators, then the drawing) copied into one buffer reused page
    // after page: deflate reads it at once, and a page's 15 kB are not allocated again each time.
    let size = 0;
    for (const chunk of page.content.buffer) size += chunk.length;
    if (size > scratch.length) scratch = Buffer.allocUnsafe(Math.max(size, 2 * scratch.length));
    let at = 0;
    for (const chunk of page.content.buffer) {
      scratch.set(chunk, at);
      at += chunk.length;
    }
    page.content.buffer = [deflateSync(scratch.subarray(0, at), { level: 1 })];
    page.content.data.Filter = 'FlateDecode';
  }

  end(): Buffer {
    this.doc.end();
    // Every object is written by then (nothing of a DANFe is written later, such as an image read
    // from a file): pdfkit waits for none and has written its cross-reference table.
    if ((this.doc as unknown as FileWriter)._waiting !== 0) throw new Error('pdfkit left objects of the PDF unwritten');
    return joined(this.chunks);
  }
}
