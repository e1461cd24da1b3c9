// The emulator's PDF writer (boletos, receipts, OCR documents): structure a viewer relies on
// (header, xref offsets, trailer) and WinAnsi text. The fiscal documents' renderers: render-*.test.ts.
import { describe, expect, it } from 'vitest';
import { pdfString, writePdf } from '../../../src/emulator/pdf/pdf-writer.js';
import { expectWellFormed } from '../../helpers/pdf.js';

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
