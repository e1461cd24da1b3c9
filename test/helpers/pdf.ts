// Reading PDFs back in tests: the structure a viewer relies on, the text our writer placed on each
// page (read by our own extractor, so no host tool is needed), and, where poppler is installed, the
// text a real reader extracts.
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { hostTool } from './host-tools.js';

/** Checks what a viewer checks first (header, xref offsets, trailer, stream lengths); returns the file as latin1 text. */
export function expectWellFormed(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!.map(Number) as number[];
  expect(first).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + count!);
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

/** Windows-1252 bytes 0x80-0x9F back to the characters they stand for (the rest is latin1). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** The characters of a PDF literal string's body (escapes undone, WinAnsi decoded). */
function decodeLiteral(body: string): string {
  const bytes = body.replace(/\\([0-7]{1,3}|[()\\nrtbf])/g, (_, e: string) => {
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
  });
  return [...bytes]
    .map((c) => (c.charCodeAt(0) >= 0x80 && c.charCodeAt(0) <= 0x9f ? WIN_ANSI_HIGH[c.charCodeAt(0) - 0x80]! : c))
    .join('');
}

/**
 * The text of a PDF our writer made (uncompressed streams of `BT /F Tf x y Td (...) Tj ET`), page by
 * page, top to bottom, each line's pieces left to right separated by two spaces: what a reader
 * shows, without poppler. Fails the test if a content stream holds text it cannot read.
 */
export function pdfText(pdf: Buffer): string {
  const pages: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)endstream/g)) {
    const pieces: { x: number; y: number; text: string }[] = [];
    for (const line of stream[1]!.split('\n').filter((l) => l.includes('BT'))) {
      const m = /^BT \/F\d+ [\d.]+ Tf (-?[\d.]+) (-?[\d.]+) Td \(((?:[^()\\]|\\.)*)\) Tj ET$/.exec(line);
      expect(m, `a text line this reader does not know: ${line}`).not.toBeNull();
      pieces.push({ x: Number(m![1]), y: Number(m![2]), text: decodeLiteral(m![3]!) });
    }
    const rows = new Map<number, typeof pieces>();
    for (const p of pieces) rows.set(p.y, [...(rows.get(p.y) ?? []), p]);
    const lines = [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text)
          .join('  '),
      );
    if (lines.length) pages.push(lines.join('\n'));
  }
  return pages.join('\f');
}

/** Whether poppler's pdftotext is installed (.ci/run installs it; without it, its checks are skipped with a printed reason). */
export const poppler = hostTool(
  'pdftotext',
  ['-v'],
  'checks of what poppler (a real PDF reader) extracts',
  'poppler-utils',
);

export const pdfToText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** The file shows `shown`: to our extractor always, and to poppler too where it is installed. */
export function expectPdfShows(pdf: Buffer, shown: string): void {
  expectWellFormed(pdf);
  expect(pdfText(pdf)).toContain(shown);
  if (poppler) expect(pdfToText(pdf)).toContain(shown);
}
