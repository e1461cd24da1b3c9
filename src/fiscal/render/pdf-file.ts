// The PDF file a sheet draws on, as pdfkit makes it (pages, fonts, cross-reference), with what
// fiscal changes of pdfkit's defaults: the file's pieces kept as pdfkit writes them instead of
// pushed through its Readable stream, each page's content deflated at level 1, and a creation date
// that keeps the bytes the same on every run. What is drawn on the pages is sheet.ts's.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { deflateSync } from 'node:zlib';

/**
 * What pdfkit loads at once and fiscal never uses, and why, by module. fontkit opens embedded fonts
 * (TrueType, OpenType): fiscal draws with the PDF standard fonts, AFM metrics of pdfkit's own, and
 * fontkit with its Unicode and compression tables was two thirds of pdfkit's load, some 150 ms of
 * CPU at each start of a render thread. linebreak (with its Unicode tables), png-js and the AES
 * ciphers were some 35 ms more of the 55 left (12 modules, 3 without them): pdfkit breaks lines
 * only for text given a width (fiscal wraps and places its own text, text-fit.ts and sheet.ts; the
 * one line pdfkit draws, a stamp, has `lineBreak: false`), reads PNG only for images (fiscal has
 * none) and encrypts only with a password. pdfkit's CommonJS build (the same code as its ES
 * module) then finds, in their place, modules that refuse to be used.
 */
const UNUSED_BY_FISCAL: Record<string, string> = {
  fontkit: 'fiscal draws with the PDF standard fonts only: no font file is opened',
  linebreak: 'fiscal breaks its lines itself (text-fit.ts): pdfkit is never given text to wrap',
  'png-js': 'fiscal draws no image',
  '@noble/ciphers/aes': 'fiscal writes no encrypted PDF',
};

/** A module whose every use throws `reason`: nothing is read of it while pdfkit loads. */
function refusing(reason: string): unknown {
  const refuse = () => {
    throw new Error(reason);
  };
  return new Proxy(refuse, { get: refuse, apply: refuse, construct: refuse });
}

function loadPdfkit(): typeof import('pdfkit') {
  const require = createRequire(import.meta.url);
  const pdfkit = require.resolve('pdfkit');
  for (const [name, reason] of Object.entries(UNUSED_BY_FISCAL)) {
    const path = require.resolve(name, { paths: [dirname(pdfkit)] });
    require.cache[path] ??= { id: path, filename: path, loaded: true, exports: refusing(reason) } as NodeJS.Module;
  }
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
  buffer: Array<string | Uint8Array>;
  data: Record<string, unknown>;
}

/** pdfkit's PDFDocument as it writes the file (its internals: pdfkit is pinned). */
interface FileWriter {
  _write(data: string | Uint8Array): void;
  _offset: number;
  /** Objects made but not written yet: the file ends once there are none. */
  _waiting: number;
}

type DocumentClass = new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;

/**
 * pdfkit's document with the file's pieces kept as it writes them, where pdfkit pushes each line
 * of every object (a hundred a DANFe: objects, the cross-reference) through its Readable stream,
 * as a Buffer of its own; from the header on, which its constructor writes (a stream's first push
 * alone cost some 15 us a DANFe). The lines stay strings (one byte a character) until the end.
 */
class KeptDocument extends (PDFDocument as unknown as DocumentClass) {
  /** Set by the first write, inside pdfkit's constructor: before a field of this class could be. */
  declare pieces: Array<string | Uint8Array> | undefined;
  /** pdfkit's lines since the last stream, joined: one copy into the file for each run of them. */
  declare lines: string | undefined;

  /**
   * Nothing is pushed into the document's stream, which nobody reads: pdfkit pushes the end of it
   * when the file is done, and Node then queued an event on the next tick, which held the whole
   * document (its objects, pages and pieces) until the thread's drawing paused: a render thread
   * draws the jobs in hand one after the other without a pause, and every DANFe it drew was kept
   * that long, some 20 KB each carried into the old generation for its next full collection.
   */
  override push(): boolean {
    return false;
  }

  _write(data: string | Uint8Array): void {
    const writer = this as unknown as FileWriter;
    if (typeof data === 'string') {
      this.lines = this.lines === undefined ? `${data}\n` : `${this.lines}${data}\n`;
      writer._offset += data.length + 1;
    } else {
      this.piecesSoFar().push(data);
      writer._offset += data.length;
    }
  }

  /** The file's pieces, the lines written last among them. */
  piecesSoFar(): Array<string | Uint8Array> {
    const pieces = (this.pieces ??= []);
    if (this.lines !== undefined) pieces.push(this.lines);
    this.lines = undefined;
    return pieces;
  }
}

const skip = () => undefined;

/**
 * zlib's state for a page, made and freed for each one: at its defaults (a 32 KB window, memory
 * level 8) some 260 KB that malloc took from the render thread's heap and gave back to the system
 * when freed, so that every page's deflate faulted its memory in again (some 3.6 madvise calls a
 * DANFe, strace; the deflate a fifth of a DANFe's CPU). A 4 KB window at memory level 6 is some
 * 50 KB, which stays; a page's operators repeat within a few lines (the same fonts, matrices and
 * columns), and the bytes come out within 1% of the default's.
 */
const PAGE_DEFLATE = { level: 1, memLevel: 6, windowBits: 12 } as const;

/** Where sealPage gathers a page's content for deflate (grown to the largest page seen). */
let scratch = Buffer.allocUnsafe(64 * 1024);

export class PdfFile {
  readonly doc: PDFKit.PDFDocument;

  constructor(width: number, height: number, title: string, created: string | undefined) {
    this.doc = new KeptDocument({
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
  }

  /**
   * Operators for the current page, as a string of one byte a character: kept as they are until
   * sealPage copies them into the bytes it deflates (pdfkit's addContent made a Buffer of each).
   */
  addContent(ops: string): void {
    const page = this.doc.page as unknown as { content: PageStream };
    page.content.buffer.push(ops);
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
      if (typeof chunk === 'string') at += scratch.write(chunk, at, 'latin1');
      else {
        scratch.set(chunk, at);
        at += chunk.length;
      }
    }
    page.content.buffer = [deflateSync(scratch.subarray(0, at), PAGE_DEFLATE)];
    page.content.data.Filter = 'FlateDecode';
  }

  end(): Buffer {
    this.doc.end();
    const writer = this.doc as unknown as FileWriter & KeptDocument;
    // Every object is written by then (nothing of a DANFe is written later, such as an image read
    // from a file): pdfkit waits for none and has written its cross-reference table.
    if (writer._waiting !== 0) throw new Error('pdfkit left objects of the PDF unwritten');
    // The file in one buffer of its own (handed to another thread whole), its size pdfkit's count.
    const file = Buffer.allocUnsafeSlow(writer._offset);
    let at = 0;
    for (const piece of writer.piecesSoFar()) {
      if (typeof piece === 'string') at += file.write(piece, at, 'latin1');
      else {
        file.set(piece, at);
        at += piece.length;
      }
    }
    if (at !== file.length) throw new Error('the PDF came out of another size than pdfkit counted');
    return file;
  }
}
