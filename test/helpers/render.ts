// Reading a drawn PDF as a person would: its text as poppler extracts it, and its barcodes and QR
// codes as zbar decodes them from the pages poppler rasterises. Each check is skipped, with the
// reason printed, where its host tool is missing (.ci/run installs poppler-utils and zbar-tools).
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { tempDir } from './context.js';
import { hostTool } from './host-tools.js';
import { pdfToText, poppler } from './pdf.js';

export const canRasterise = hostTool('pdftoppm', ['-v'], 'checks of the pages as images', 'poppler-utils');
export const zbar = hostTool('zbarimg', ['--version'], 'checks that decode the barcodes and QR codes', 'zbar-tools');

export { poppler };

/** The text of every page, whitespace runs made one space (a value split by layout still reads). */
export function textOf(pdf: Buffer): string {
  return pdfToText(pdf).replace(/\s+/g, ' ');
}

/** The text page by page (poppler separates pages with a form feed). */
export function pagesOf(pdf: Buffer): string[] {
  return pdfToText(pdf)
    .split('\f')
    .filter((p) => p.trim());
}

/** Every symbol zbar decodes on page `page`, as `TYPE:data` (CODE-128:..., QR-Code:...). */
export function symbolsOf(pdf: Buffer, page = 1, dpi = 300): string[] {
  const dir = tempDir('fiscal-zbar-');
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  const raster = spawnSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    file,
    join(dir, 'p'),
  ]);
  if (raster.status !== 0) throw new Error(`pdftoppm failed: ${raster.stderr.toString()}`);
  const png = readdirSync(dir).find((f) => f.endsWith('.png'))!;
  const decoded = spawnSync('zbarimg', ['-q', join(dir, png)]);
  // zbarimg exits 4 when it finds no symbol: that is an answer (none), not a failure.
  if (decoded.status !== 0 && decoded.status !== 4) throw new Error(`zbarimg failed: ${decoded.stderr.toString()}`);
  return decoded.stdout.toString('utf8').split('\n').filter(Boolean);
}

/** The page sizes in points, from the PDF's MediaBoxes (pdfkit writes them uncompressed). */
export function pageSizes(pdf: Buffer): [number, number][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
}

/**
 * The strings drawn on a pdfkit PDF, read without any host tool: each content stream inflated, the
 * strings of its Tj and TJ operators decoded (WinAnsi: Latin-1 for what these pages use), one drawn
 * string per line. What `text()` drew in one call (a key in groups of four, a name) is one line.
 */
export function drawnText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/\/Filter \/FlateDecode[^>]*>>\nstream\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('\nendstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    // A string shown whole (`(literal) Tj`, as the sheet writes text) or in pieces (`[<hex> n ...] TJ`, pdfkit's).
    for (const tj of content.matchAll(/\[([^\]]*)\] TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)) Tj/g))
      out.push(
        [...(tj[1] ?? tj[2]!).matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)]
          .map((s) =>
            s[1] !== undefined ? Buffer.from(s[1], 'hex').toString('latin1') : s[2]!.replace(/\\(.)/g, '$1'),
          )
          .join(''),
      );
  }
  return out.join('\n');
}
