// The PDF file a sheet draws on: its objects (pages, their resources and contents, the layouts'
// forms, fonts, the file's information), the cross-reference table and the trailer, written here
// as pdfkit 0.20 wrote them for fiscal's pages, byte for byte. pdfkit's document rebuilt the same
// dozen objects for every DANFe through its generic machinery (a Readable stream, a dictionary
// converter, its JavaScript MD5 of the file's ID, an outline and a name tree): a sixth of a
// DANFe's CPU, for a file whose shape never changes. pdfkit's data still gives the fonts'
// metrics (fonts.ts). A page's content is coded by flate.ts or deflated by zlib (sealPage); how
// numbers, strings, dates and the fixed objects are written is pdf-syntax.ts's.
import { hash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { flate } from './flate.js';
import {
  assemble,
  CATALOG,
  CATALOG_OBJECT,
  creationDate,
  dateStamp,
  FONT_OBJECTS,
  INFO_KEYS,
  NAMES,
  NAMES_OBJECT,
  OUTLINE,
  PAGES,
  pdfNumber,
  pdfString,
  xrefTable,
} from './pdf-syntax.js';

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
    this.info = ['(fiscal)', '(fiscal)', `(${dateStamp(date)})`, pdfString(title)];
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
