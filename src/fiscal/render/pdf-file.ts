// The PDF file a sheet draws on: its objects (pages, their resources and contents, the layouts'
// forms, fonts, the file's information), the cross-reference table and the trailer, written here
// as pdfkit 0.20 wrote them for fiscal's pages, byte for byte. pdfkit's document rebuilt the same
// dozen objects for every DANFe through its generic machinery (a Readable stream, a dictionary
// converter, its JavaScript MD5 of the file's ID, an outline and a name tree): a sixth of a
// DANFe's CPU, for a file whose shape never changes. pdfkit's data still gives the fonts'
// metrics (fonts.ts). A page's content is coded by flate.ts or deflated by zlib (sealPage).
import { hash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { flate } from './flate.js';
import { FONT } from './text-fit.js';

/**
 * zlib's state for a page drawn whole (no layout's form), made and freed for each one: at its
 * defaults (a 32 KB window, memory level 8) some 260 KB that malloc took from the render thread's
 * heap and gave back to the system when freed, so that every page's deflate faulted its memory in
 * again. A 4 KB window at memory level 6 is some 50 KB, which stays; a page's operators repeat
 * within a few lines (the same fonts, matrices and columns), and the bytes come out within 1% of
 * the default's.
 */
const PAGE_DEFLATE = { level: 1, memLevel: 6, windowBits: 12 } as const;

/**
 * Byte arrays a file gathered its pages' content in (addContent), given back as it ends, for the
 * next file: one per file at a time (a renderer may draw two files at once), grown to the largest
 * page seen.
 */
const spareContent: Uint8Array[] = [];

/** A number as a PDF object writes it: to a millionth, as JavaScript prints it. */
export function pdfNumber(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/** The objects every file has, by the numbers pdfkit gave them (its constructor makes them first). */
const PAGES = 1;
const NAMES = 2;
const CATALOG = 3;
/** pdfkit's outline: an empty dictionary nothing refers to, kept so that the bytes stay the same. */
const OUTLINE = 4;

/** The document's fonts, by the name a content stream gives them: the sheet's regular and bold. */
const FONT_NAMES = { F1: FONT.regular, F2: FONT.bold } as const;
export type FontId = keyof typeof FONT_NAMES;

/**
 * The objects every file writes the same, made once: end() runs once a file, in V8's baseline tier
 * through a pull (docs/bench.md), where each template, `Object.entries` and destructuring loop of
 * its own cost some microseconds a file.
 */
const fontObject = (name: string) =>
  `<<\n/Type /Font\n/BaseFont /${name}\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>`;
const FONT_OBJECTS = { F1: fontObject(FONT_NAMES.F1), F2: fontObject(FONT_NAMES.F2) } as const;
const CATALOG_OBJECT = `<<\n/Type /Catalog\n/Pages ${PAGES} 0 R\n/Names ${NAMES} 0 R\n>>`;
const NAMES_OBJECT = '<<\n/Dests <<\n  /Names [\n]\n>>\n>>';
/** The information dictionary's keys, in pdfkit's order; a file's values are in the same order. */
const INFO_KEYS = ['Producer', 'Creator', 'CreationDate', 'Title'] as const;

interface Page {
  content: number;
  resources: number;
  dictionary: number;
  mediaBox: string;
  /** Its deflated content, once sealed. */
  deflated: Buffer | undefined;
  xobjects: string;
  extGStates: string;
  /** Its frames and labels are a form's (sheet.ts): the content is the document's values alone. */
  valuesOnly: boolean;
}

/**
 * pdfkit dates a file (and derives its /ID) from now by default: a re-run would then rewrite every
 * PDF with other bytes. The document's own emission date, or a fixed one, keeps them identical.
 */
function creationDate(created: string | undefined): Date {
  const date = created ? new Date(created) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : new Date(Date.UTC(2000, 0, 1));
}

/**
 * `n` in at least `length` digits, zeros before it: as String(n).padStart(length, '0'), whose
 * builtin took 3% of a DANFe for the cross-reference table's 17 offsets and the date.
 */
function pad(n: number, length: number): string {
  const digits = String(n);
  return digits.length >= length ? digits : ZEROS.slice(0, length - digits.length) + digits;
}
const ZEROS = '0000000000';

/** A PDF string object: Latin-1 as it is (past ASCII, UTF-16BE with its mark), escaped. */
function pdfString(value: string): string {
  let bytes = value;
  if (/[^\x00-\x7f]/.test(value)) {
    bytes = '\xfe\xff';
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      bytes += String.fromCharCode(code >> 8, code & 0xff);
    }
  }
  // Replaced only where there is something to escape (a title is a key's digits): a replace with a
  // function goes through the engine's slow path even when it finds nothing.
  return `(${TO_ESCAPE.test(bytes) ? bytes.replace(TO_ESCAPE_ALL, (c) => ESCAPED[c]!) : bytes})`;
}
const TO_ESCAPE = /[\n\r\t\b\f()\\]/;
const TO_ESCAPE_ALL = new RegExp(TO_ESCAPE.source, 'g');
const ESCAPED: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\\': '\\\\',
  '(': '\\(',
  ')': '\\)',
};

export class PdfFile {
  /** The file so far: strings of one byte a character, and the streams' bytes. */
  private readonly pieces: Array<string | Uint8Array> = [];
  /** Lines written since the last stream, joined: one copy into the file for each run of them. */
  private lines = '%PDF-1.3\n%\xff\xff\xff\xff\n';
  private offset = this.lines.length;
  /** Each object's offset, by its number less one. */
  private readonly offsets: number[] = [];
  private readonly kids: number[] = [];
  private page: Page | undefined;
  private fonts: { F1: number; F2: number } | undefined;
  private opacity: { id: number; name: string } | undefined;
  /**
   * The current page's operators so far, copied in as they are added (the sheet's content stream
   * hands over a view of its own memory), coded whole when the page is sealed.
   */
  private content: Uint8Array = spareContent.pop() ?? new Uint8Array(16 * 1024);
  private contentAt = 0;
  /** The information's values, by INFO_KEYS. */
  private readonly info: string[];
  private readonly id: string;

  constructor(title: string, created: string | undefined) {
    for (let id = PAGES; id <= OUTLINE; id++) this.ref();
    const date = creationDate(created);
    const when = date.getTime();
    // pdfkit's ID: the MD5 of the date and the information's entries, as its constructor hashed them.
    this.id = hash(
      'md5',
      `${when}\nProducer: fiscal\nCreator: fiscal\nCreationDate: ${when}\nTitle: ${title}\n`,
      'hex',
    );
    const stamp =
      `D:${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}` +
      `${pad(date.getUTCHours(), 2)}${pad(date.getUTCMinutes(), 2)}${pad(date.getUTCSeconds(), 2)}Z`;
    this.info = ['(fiscal)', '(fiscal)', `(${stamp})`, pdfString(title)];
  }

  /** A new object's number. */
  ref(): number {
    this.offsets.push(0);
    return this.offsets.length;
  }

  private write(text: string): void {
    this.lines += text;
    this.offset += text.length;
  }

  private writeObject(id: number, dictionary: string, stream?: Uint8Array): void {
    this.offsets[id - 1] = this.offset;
    if (!stream) return this.write(`${id} 0 obj\n${dictionary}\nendobj\n`);
    this.write(`${id} 0 obj\n${dictionary}\nstream\n`);
    this.pieces.push(this.lines, stream);
    this.lines = '';
    this.offset += stream.length;
    this.write('\nendstream\nendobj\n');
  }

  /** A new page, the one before it written out; its content starts with pdfkit's flip of the y axis. */
  addPage(width: number, height: number): void {
    this.endPage();
    this.page = {
      content: this.ref(),
      resources: this.ref(),
      dictionary: this.ref(),
      mediaBox: `[0 0 ${pdfNumber(width)} ${pdfNumber(height)}]`,
      deflated: undefined,
      xobjects: '',
      extGStates: '',
      valuesOnly: false,
    };
    this.contentAt = 0;
    this.addContent(`1 0 0 -1 0 ${pdfNumber(height)} cm\n`);
    this.kids.push(this.page.dictionary);
    // The fonts' objects are made with the first page (pdfkit made them on first use).
    this.fonts ??= { F1: this.ref(), F2: this.ref() };
  }

  /** The fonts' dictionary of a page or a form. */
  private fontResources(): string {
    return `/Font <<\n/F1 ${this.fonts!.F1} 0 R\n/F2 ${this.fonts!.F2} 0 R\n>>`;
  }

  /** A form's number (a page layout drawn once: sheet.ts), made before its bytes are known. */
  form(): number {
    return this.ref();
  }

  /** Writes form `id` with its deflated operators, over a page of that size, in the fonts of the sheet. */
  endForm(id: number, width: number, height: number, deflated: Uint8Array): void {
    const dictionary =
      `<<\n/Type /XObject\n/Subtype /Form\n/BBox [0 0 ${pdfNumber(width)} ${pdfNumber(height)}]\n` +
      `/Resources <<\n${this.fontResources()}\n>>\n/Filter /FlateDecode\n/Length ${deflated.length}\n>>`;
    this.writeObject(id, dictionary, deflated);
  }

  /** The current page draws form `id` as `name`: its layout, so that the page holds the values alone. */
  useForm(name: string, id: number): void {
    this.page!.xobjects += `\n/${name} ${id} 0 R`;
    this.page!.valuesOnly = true;
  }

  /** The name of the graphics state with that fill opacity (one per file), for the current page. */
  fillOpacity(opacity: number): string {
    if (!this.opacity) {
      this.opacity = { id: this.ref(), name: 'Gs1' };
      this.writeObject(this.opacity.id, `<<\n/Type /ExtGState\n/ca ${pdfNumber(opacity)}\n>>`);
    }
    const entry = `\n/${this.opacity.name} ${this.opacity.id} 0 R`;
    if (!this.page!.extGStates.includes(entry)) this.page!.extGStates += entry;
    return this.opacity.name;
  }

  /** Operators for the current page: a string of one byte a character, or their bytes (copied now). */
  addContent(ops: string | Uint8Array): void {
    const at = this.contentAt;
    const end = at + ops.length;
    if (end > this.content.length) {
      const grown = new Uint8Array(Math.max(end, 2 * this.content.length));
      grown.set(this.content.subarray(0, at));
      this.content = grown;
    }
    const content = this.content;
    if (typeof ops === 'string') {
      // One byte a character, its low byte (as Buffer's latin1 writes it).
      for (let i = 0; i < ops.length; i++) content[at + i] = ops.charCodeAt(i);
    } else content.set(ops, at);
    this.contentAt = end;
  }

  /**
   * The current page's content, whole: coded by flate.ts where it is the values alone (a DANFe's,
   * 5 kB of operators, 3 kB coded: few repeats for zlib to find there, and zlib's state made per
   * page cost more than the search), deflated by zlib at level 1 where the page is drawn whole (its
   * frames and labels repeat: zlib takes a DACTe's 14 kB to 3.5, the code alone to 7).
   */
  sealPage(): void {
    const page = this.page;
    if (!page || page.deflated) return;
    const content = this.content.subarray(0, this.contentAt);
    page.deflated = page.valuesOnly ? flate(content) : deflateSync(content, PAGE_DEFLATE);
  }

  /** The current page's dictionary, resources and content, in pdfkit's order. */
  private endPage(): void {
    const page = this.page;
    if (!page) return;
    this.sealPage();
    this.writeObject(
      page.dictionary,
      `<<\n/Type /Page\n/Parent ${PAGES} 0 R\n/MediaBox ${page.mediaBox}\n/Contents ${page.content} 0 R\n` +
        `/Resources ${page.resources} 0 R\n/UserUnit 1\n>>`,
    );
    let resources = `<<\n/ProcSet [/PDF /Text /ImageB /ImageC /ImageI]\n${this.fontResources()}`;
    if (page.xobjects) resources += `\n/XObject <<${page.xobjects}\n>>`;
    if (page.extGStates) resources += `\n/ExtGState <<${page.extGStates}\n>>`;
    this.writeObject(page.resources, `${resources}\n/ColorSpace <<\n>>\n>>`);
    const deflated = page.deflated!;
    this.writeObject(page.content, `<<\n/Length ${deflated.length}\n/Filter /FlateDecode\n>>`, deflated);
    this.page = undefined;
  }

  /** The whole file, in one buffer of its own (handed to another thread whole). */
  end(): Buffer {
    this.endPage();
    spareContent.push(this.content);
    this.content = new Uint8Array(0);
    const info = this.ref();
    let dictionary = '<<';
    for (let i = 0; i < INFO_KEYS.length; i++) {
      const id = this.ref();
      this.writeObject(id, this.info[i]!);
      dictionary += `\n/${INFO_KEYS[i]} ${id} 0 R`;
    }
    this.writeObject(info, `${dictionary}\n>>`);
    if (this.fonts) {
      this.writeObject(this.fonts.F1, FONT_OBJECTS.F1);
      this.writeObject(this.fonts.F2, FONT_OBJECTS.F2);
    }
    this.writeObject(OUTLINE, '<<\n>>');
    this.writeObject(CATALOG, CATALOG_OBJECT);
    let kids = '';
    for (let i = 0; i < this.kids.length; i++) kids += i ? ` ${this.kids[i]} 0 R` : `${this.kids[i]} 0 R`;
    this.writeObject(PAGES, `<<\n/Type /Pages\n/Count ${this.kids.length}\n/Kids [${kids}]\n>>`);
    this.writeObject(NAMES, NAMES_OBJECT);
    const xref = this.offset;
    this.write(xrefTable(this.offsets));
    this.write(
      `trailer\n<<\n/Size ${this.offsets.length + 1}\n/Root ${CATALOG} 0 R\n/Info ${info} 0 R\n` +
        `/ID [<${this.id}> <${this.id}>]\n>>\nstartxref\n${xref}\n%%EOF\n`,
    );
    this.pieces.push(this.lines);
    return assemble(this.pieces, this.offset);
  }
}

// The file's loops, out of PdfFile.end: a function run once a file with loops in it was compiled
// by V8's optimising compiler late in a pull (some 14 ms, two thousand files in, for little
// left to run); these small ones are compiled early and cheaply, and end stays in the baseline tier.

/** The cross-reference table of objects at `offsets`. */
function xrefTable(offsets: readonly number[]): string {
  let table = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${pad(offset, 10)} 00000 n \n`;
  return table;
}

/** The file's pieces (strings of one byte a character, and bytes), `size` bytes, in one buffer of its own. */
function assemble(pieces: ReadonlyArray<string | Uint8Array>, size: number): Buffer {
  const file = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') at += file.write(piece, at, 'latin1');
    else {
      file.set(piece, at);
      at += piece.length;
    }
  }
  if (at !== file.length) throw new Error('the PDF came out of another size than counted');
  return file;
}
