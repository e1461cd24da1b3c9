// The PDF writer and the DANFe: structure a viewer relies on (header, xref offsets, trailer),
// WinAnsi text, and the DANFe's content. With poppler installed, also what a real reader extracts.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../src/emulator/data/dataset.js';
import { DANFE_TITLE, DanfeError, MAX_ITEM_LINES, renderDanfe } from '../../src/fiscal/pdf/danfe.js';
import { formatKey, formatMoney, formatTaxId } from '../../src/fiscal/pdf/format.js';
import { pdfString, writePdf } from '../../src/fiscal/pdf/pdf-writer.js';

/** Checks what a viewer checks first; returns the file as latin1 text. */
function expectWellFormed(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!.map(Number) as number[];
  expect(first).toBe(0);
  const entries = text.slice(startxref).split('\n').slice(2, 2 + count!);
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`));
  // Every stream's /Length is the number of bytes between `stream\n` and `endstream`.
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 9)).toBe('endstream');
  }
  return text;
}

const poppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const pdfToText = (pdf: Buffer): string => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('writePdf', () => {
  it('writes a header, numbered objects at the offsets the xref gives, a trailer and %%EOF', () => {
    const pdf = writePdf([{ texts: [{ x: 40, y: 800, text: 'first page' }] }, { texts: [{ x: 40, y: 800, text: 'second', bold: true }], rules: [{ x1: 40, y1: 790, x2: 555, y2: 790 }] }]);
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
    expect(() => renderDanfe('<nfeProc><NFe><infNFe versao="4.00"><ide/></infNFe></NFe></nfeProc>')).toThrow(/access key/);
  });

  it.runIf(poppler)('opens in poppler, with the accents and the key readable', () => {
    const text = pdfToText(renderDanfe(nfeXml(doc)));
    expect(text).toContain(DANFE_TITLE);
    expect(text).toContain(formatKey(doc.accessKey));
    expect(text).toContain('DESTINATÁRIO');
  });
});
