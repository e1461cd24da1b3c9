// The PDF writer and the DANFe: structure a viewer relies on (header, xref offsets, trailer),
// WinAnsi text, and the DANFe's content. With poppler installed, also what a real reader extracts.
import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../src/emulator/data/dataset.js';
import { DANFE_TITLE, DanfeError, MAX_ITEM_LINES, renderDanfe } from '../../src/emulator/pdf/danfe.js';
import { formatKey, formatMoney, formatTaxId } from '../../src/emulator/pdf/format.js';
import { pdfString, writePdf } from '../../src/emulator/pdf/pdf-writer.js';
import { expectWellFormed, pdfText, pdfToText, poppler } from '../helpers/pdf.js';

describe('writePdf', () => {
  it('writes a header, numbered objects at the offsets the xref gives, a trailer and %%EOF', () => {
    const pdf = writePdf([
      { texts: [{ x: 40, y: 800, text: 'first page' }] },
      { texts: [{ x: 40, y: 800, text: 'second', bold: true }], rules: [{ x1: 40, y1: 790, x2: 555, y2: 790 }] },
    ]);
    const text = expectWellFormed(pdf);
    expect(text).toContain('/Count 2');
    expect(text).toContain('(first page) Tj');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
  });

  it('encodes accents as WinAnsi octal escapes and escapes the string delimiters', () => {
    expect(pdfString('Eletrônica')).toBe('(Eletr\\364nica)');
    expect(pdfString('Ação (a\\b)')).toBe('(A\\347\\343o \\(a\\\\b\\))');
    expect(pdfString('– €')).toBe('(\\226 \\200)');
    expect(pdfString('日')).toBe('(?)');
    // NFD input (a + combining tilde) is composed first.
    expect(pdfString('a\u0303')).toBe('(\\343)');
  });

  it('keeps the file ASCII after the binary-marker comment', () => {
    const pdf = writePdf([{ texts: [{ x: 1, y: 1, text: 'Nota Fiscal Eletrônica çãé' }] }]);
    const body = pdf.subarray(pdf.indexOf('\n', 9) + 1);
    expect([...body].every((b) => b < 0x80)).toBe(true);
  });
});

describe('renderDanfe', () => {
  const dataset = generateDataset({ seed: 3, docs: 40, now: new Date('2026-06-15T12:00:00-03:00') });
  const doc = dataset.nfes.reduce((a, b) => (b.itemCount > a.itemCount ? b : a));

  it('summarises an nfeProc: title, grouped key, parties, totals and protocol in the content stream', () => {
    const text = expectWellFormed(renderDanfe(nfeXml(doc)));
    expect(text).toContain(pdfString(DANFE_TITLE));
    expect(text).toContain(pdfString(formatKey(doc.accessKey)));
    expect(text).toContain(pdfString(doc.emitter.name));
    expect(text).toContain(pdfString(`CNPJ ${formatTaxId(doc.emitter.cnpj!)}   UF ${doc.emitter.uf}`));
    expect(text).toContain(`(R$ ${formatMoney(doc.totalValue)})`);
    expect(text).toContain('(Situa\\347\\343o: 100 - Autorizado o uso da NF-e)');
  });

  it('cuts a long item list with "... N more items"', () => {
    const many = nfeXml(doc).replace(/<det nItem="1">[\s\S]*?<\/det>/, (det) => det.repeat(MAX_ITEM_LINES + 5));
    const text = renderDanfe(many).toString('latin1');
    const items = doc.itemCount + MAX_ITEM_LINES + 4;
    expect(text).toContain(`(... ${items - (MAX_ITEM_LINES - 1)} more items)`);
    expect(text).toContain(`(ITENS \\(${items}\\))`);
  });

  it('refuses what is not an NF-e with a DanfeError', () => {
    expect(() => renderDanfe('not xml')).toThrow(DanfeError);
    expect(() => renderDanfe('<nfeProc><NFe><infNFe versao="4.00"><ide/></infNFe></NFe></nfeProc>')).toThrow(
      /access key/,
    );
  });

  it('reads back with the accents and the key readable (our extractor, and poppler where installed)', () => {
    const pdf = renderDanfe(nfeXml(doc));
    for (const text of [pdfText(pdf), ...(poppler ? [pdfToText(pdf)] : [])]) {
      expect(text).toContain(DANFE_TITLE);
      expect(text).toContain(formatKey(doc.accessKey));
      expect(text).toContain('DESTINATÁRIO');
    }
  });
});
