// The DANFe drawn from the XML, read back as a person reads it: poppler's text has the key in
// groups of four, the parties, totals and items of the XML; zbar decodes the barcode back to the
// key; 300 items run over several pages, each item once, each page under the same header; tpImp 2
// turns the page; tpAmb 2 says SEM VALOR FISCAL; a canceled note says CANCELADA.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { hexOf, standardFont, widthOf } from '../../../src/fiscal/render/fonts.js';
import { formatKey, formatMoney, formatTaxId } from '../../../src/fiscal/render/format.js';
import { FONT } from '../../../src/fiscal/render/text-fit.js';
import { renderPdf, RenderError } from '../../../src/fiscal/render/index.js';
import { paginate } from '../../../src/fiscal/render/danfe.js';
import { forgetLayouts } from '../../../src/fiscal/render/sheet.js';
import { canRasterise, pageSizes, pagesOf, poppler, symbolsOf, textOf, zbar } from '../../helpers/render.js';

const dataset = generateDataset({ seed: 3, docs: 20, now: new Date('2026-06-15T12:00:00-03:00') });
const nfe = dataset.nfes.find((n) => n.itemCount >= 3 && n.status === 'authorized')!;
const xml = nfeXml(nfe);
/** The items as the XML has them: description and line total. */
const items = [...xml.matchAll(/<det nItem="\d+">[\s\S]*?<\/det>/g)].map((m) => ({
  description: /<xProd>([^<]*)<\/xProd>/.exec(m[0])![1]!,
  total: /<vProd>([^<]*)<\/vProd>/.exec(m[0])![1]!,
}));

/** The same NF-e with `n` items, each described `PRODUTO TESTE 0001`... so each can be counted. */
function withItems(n: number): string {
  const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(xml)![0];
  const items = Array.from({ length: n }, (_, i) =>
    det
      .replace('nItem="1"', `nItem="${i + 1}"`)
      .replace(/<xProd>[^<]*<\/xProd>/, `<xProd>PRODUTO TESTE ${String(i + 1).padStart(4, '0')}</xProd>`),
  ).join('');
  return xml.replace(/<det nItem="1">[\s\S]*<\/det>/, items);
}

describe.runIf(poppler)('the DANFe as poppler reads it', () => {
  it('shows DANFE, the key in groups of four, the parties, the totals and every item of the XML', async () => {
    const text = textOf(await renderPdf('nfe', xml));
    expect(text).toContain('DANFE');
    expect(text).toContain(formatKey(nfe.accessKey));
    expect(text).toContain(nfe.emitter.name);
    expect(text).toContain(formatTaxId(nfe.emitter.cnpj!));
    expect(text).toContain(nfe.receiver.name);
    expect(text).toContain(formatMoney(nfe.totalValue));
    for (const block of [
      'DESTINATÁRIO / REMETENTE',
      'CÁLCULO DO IMPOSTO',
      'DADOS DO PRODUTO / SERVIÇO',
      'DADOS ADICIONAIS',
    ])
      expect(text).toContain(block);
    expect(items).toHaveLength(nfe.itemCount);
    for (const item of items) {
      expect(text).toContain(item.description);
      expect(text).toContain(formatMoney(item.total));
    }
  });

  it('reads back text with parentheses, a backslash, accents and a dash WinAnsi moves, as the XML has it', async () => {
    const description = 'PARAFUSO M8) \\ ARRUELA ( – AÇO INOXIDÁVEL ½"';
    const source = xml.replace(/<xProd>[^<]*<\/xProd>/, `<xProd>${description}</xProd>`);
    expect(textOf(await renderPdf('nfe', source))).toContain(description);
  });

  it('300 items run over several pages, each item exactly once, each page with the header and FOLHA n/N', async () => {
    const pdf = await renderPdf('nfe', withItems(300));
    const pages = pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(3);
    const all = pages.join(' ');
    for (let i = 1; i <= 300; i++) {
      const name = `PRODUTO TESTE ${String(i).padStart(4, '0')}`;
      expect(all.split(name).length - 1, name).toBe(1);
    }
    pages.forEach((page, i) => {
      const flat = page.replace(/\s+/g, ' ');
      expect(flat).toContain('DANFE');
      expect(flat).toContain(formatKey(nfe.accessKey));
      expect(flat).toContain(`FOLHA ${i + 1}/${pages.length}`);
      expect(flat).toContain('DESCRIÇÃO DO PRODUTO / SERVIÇO');
    });
    // The receipt stub and the receiver are on the first page only.
    expect(pages[0]).toContain('RECEBEMOS DE');
    expect(pages[1]).not.toContain('RECEBEMOS DE');
  });

  it("a note's items' IBS and CBS of the tax reform (not drawn) leave its DANFe as it is", async () => {
    const reform = dataset.nfes.map((n) => nfeXml(n)).find((x) => x.includes('<IBSCBS>'))!;
    expect(reform).toBeDefined();
    const without = reform.replace(/<IBSCBS>[\s\S]*?<\/IBSCBS>/g, '');
    expect(without).not.toContain('<IBSCBS>');
    expect(without).toContain('<IBSCBSTot>');
    expect(Buffer.compare(await renderPdf('nfe', reform), await renderPdf('nfe', without))).toBe(0);
  });

  it('tpAmb 2 says SEM VALOR FISCAL, a canceled note CANCELADA; a normal one neither', async () => {
    const normal = textOf(await renderPdf('nfe', xml));
    expect(normal).not.toContain('SEM VALOR FISCAL');
    expect(normal).not.toContain('CANCELADA');
    const homologation = textOf(await renderPdf('nfe', xml.replace('<tpAmb>1</tpAmb>', '<tpAmb>2</tpAmb>')));
    expect(homologation).toContain('SEM VALOR FISCAL');
    expect(textOf(await renderPdf('nfe', xml, { canceled: true }))).toContain('CANCELADA');
    expect(textOf(await renderPdf('nfe', xml, { canceled: (doc) => doc.key === nfe.accessKey }))).toContain(
      'CANCELADA',
    );
  });
});

describe.runIf(canRasterise && zbar)('the DANFe as a scanner reads it', () => {
  it('the barcode decodes to the access key, as CODE-128', async () => {
    const symbols = symbolsOf(await renderPdf('nfe', xml));
    expect(symbols).toContain(`CODE-128:${nfe.accessKey}`);
  });

  it('on every page of a long DANFe', async () => {
    const pdf = await renderPdf('nfe', withItems(120));
    expect(symbolsOf(pdf, 2)).toContain(`CODE-128:${nfe.accessKey}`);
  });
});

describe('the DANFe page', () => {
  it('is A4 portrait, and landscape when tpImp is 2', async () => {
    expect(pageSizes(await renderPdf('nfe', xml))[0]).toEqual([595.28, 841.89]);
    const landscape = await renderPdf('nfe', xml.replace('<tpImp>1</tpImp>', '<tpImp>2</tpImp>'));
    expect(pageSizes(landscape)[0]).toEqual([841.89, 595.28]);
  });

  it('uses only the PDF standard Times fonts (nothing embedded) and says what it is', async () => {
    const raw = (await renderPdf('nfe', xml)).toString('latin1');
    const fonts = new Set([...raw.matchAll(/\/BaseFont \/([\w-]+)/g)].map((m) => m[1]));
    expect([...fonts].sort()).toEqual(['Times-Bold', 'Times-Roman']);
    expect(raw).not.toContain('/FontFile');
    expect(raw).toContain(`(DANFE ${nfe.accessKey})`);
  });

  it("is drawn without pdfkit loaded, with its fonts' metrics and WinAnsi codes for every character", async () => {
    // tpAmb 2 and canceled: every kind of text a DANFe draws (the stamps' hex strings too).
    const stamped = xml.replace('<tpAmb>1</tpAmb>', '<tpAmb>2</tpAmb>');
    expect(textOf(await renderPdf('nfe', stamped, { canceled: true }))).toContain('CANCELADA');
    const require = createRequire(import.meta.url);
    expect(require.cache[require.resolve('pdfkit')]).toBeUndefined();
    // pdfkit's own reading of the same fonts: its AFMFont, as fiscal used it before.
    const PDFDocument = require('pdfkit') as typeof import('pdfkit');
    const doc = new PDFDocument({ autoFirstPage: false });
    type AfmFont = {
      characterToGlyph(c: number): string;
      widthOfGlyph(g: string): number;
      encodeText(t: string): string[];
    };
    for (const name of [FONT.regular, FONT.bold]) {
      doc.font(name);
      const pdfkit = (doc as unknown as { _font: { ascender: number; font: AfmFont } })._font;
      expect(standardFont(name).ascender).toBe(pdfkit.ascender);
      const codes = [...Array.from({ length: 0x2200 }, (_, i) => i), 0xfeff, 0xfffd];
      const chars = String.fromCharCode(...codes);
      const widths = codes.map((c) => widthOf(name, String.fromCharCode(c), 1000));
      expect(widths).toEqual(codes.map((c) => pdfkit.font.widthOfGlyph(pdfkit.font.characterToGlyph(c))));
      const hex = (code: number) => (code < 0x20 ? '20' : code > 0xff ? '3f' : code.toString(16));
      expect(hexOf(name, chars)).toBe(
        pdfkit.font
          .encodeText(chars)
          .map((h) => hex(Number.parseInt(h, 16)))
          .join(''),
      );
    }
  });

  it('refuses what is not an NF-e, a truncated file, and a file without a key, with a RenderError', async () => {
    await expect(renderPdf('nfe', xml.replace('<mod>55</mod>', '<mod>65</mod>'))).rejects.toThrow(/expected an NF-e/);
    await expect(renderPdf('nfe', xml.slice(0, 900))).rejects.toThrow(RenderError);
    await expect(renderPdf('nfe', 'not xml')).rejects.toThrow(/not XML/);
    await expect(renderPdf('nfce', xml)).rejects.toThrow(/expected an NFC-e/);
  });
});

describe('paginate', () => {
  it('fills the first page, then the next ones, and never leaves a page empty', () => {
    expect(paginate([10, 10, 10, 10, 10], 25, 20)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    // An item taller than a page still gets one (it is cut, never lost or looped over).
    expect(paginate([50, 5], 20, 20)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(paginate([], 20, 20)).toEqual([[0, 0]]);
  });
});

describe('the file', () => {
  it('has a cross-reference entry at the start of each object, and startxref at the table (pages, forms, stamps)', async () => {
    const stamped = withItems(120).replace('<tpAmb>1</tpAmb>', '<tpAmb>2</tpAmb>');
    for (const pdf of [await renderPdf('nfe', xml), await renderPdf('nfe', stamped, { canceled: true })]) {
      const raw = pdf.toString('latin1');
      const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(raw)![1]);
      expect(raw.startsWith('xref\n', start)).toBe(true);
      const [, count, table] = /^xref\n0 (\d+)\n0000000000 65535 f \n((?:\d{10} 00000 n \n)*)trailer/.exec(
        raw.slice(start),
      )!;
      const offsets = table!.match(/\d{10}/g)!.map(Number);
      expect(offsets).toHaveLength(Number(count) - 1);
      offsets.forEach((offset, i) => expect(raw.startsWith(`${i + 1} 0 obj\n`, offset), `object ${i + 1}`).toBe(true));
      expect(raw).toContain(`/Size ${count}`);
    }
  });
});

describe('the same XML', () => {
  it('gives the same bytes every time (a re-run of a pull rewrites no PDF with other bytes)', async () => {
    const a = await renderPdf('nfe', xml);
    await new Promise((r) => setTimeout(r, 5));
    expect((await renderPdf('nfe', xml)).equals(a)).toBe(true);
  });

  it('gives the same bytes whether it drew its layouts or reused those of a DANFe before (one form per layout)', async () => {
    // Frames and labels are drawn once per process and reused: a worker that drew them and one
    // that reuses them must write the same file (byte-identical whatever the thread count).
    for (const source of [withItems(300), withItems(300).replace('<tpImp>1</tpImp>', '<tpImp>2</tpImp>')]) {
      forgetLayouts();
      const drawn = await renderPdf('nfe', source);
      const reused = await renderPdf('nfe', source);
      expect(reused.equals(drawn)).toBe(true);
      const raw = drawn.toString('latin1');
      expect(raw.match(/\/Subtype \/Form/g)).toHaveLength(2); // the first page's layout, then the next pages'
      expect(pageSizes(drawn).length).toBeGreaterThan(2);
    }
  });
});
