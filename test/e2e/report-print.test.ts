// `fiscal report --html` printed by headless chromium to PDF and read back with poppler (pdfinfo,
// pdftotext), the way an accountant prints it for a client: A4, the table on landscape pages with
// every money column and its header on each page, the total once at the end, CNPJs masked, no
// on-screen hint; and on screen at 1280 px the table is not cut.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, printToPdf, visitPage } from '../helpers/chromium.js';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { poppler } from '../helpers/pdf.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 160, otherDocs: 10, accounts: 1 });
  dir = join(tempDir(), 'fiscal-docs');
  const r = await runInProcess(['pull', 'nfe', '--role', 'received,emitted', '--with-events', '--dir', dir], {
    env: emulatorEnv(emu),
  });
  expect(r.exitCode, r.stderr).toBe(0);
}, 120_000);

afterAll(() => emu?.close());

async function writePage(args: string[]): Promise<string> {
  const html = join(tempDir(), 'relatorio.html');
  const r = await runInProcess(['report', dir, ...args, '--locale', 'pt-BR', '--html', html, '-o', 'json'], {});
  expect(r.exitCode, r.stderr).toBe(0);
  return html;
}

/** Width x height in points of each page of a PDF, as pdfinfo reads them. */
function pageSizes(pdf: string): [number, number][] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', pdf]).toString('utf8');
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

const pageText = (pdf: string, page: number) =>
  execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), pdf, '-']).toString('utf8');

const A4 = [595, 842];
const near = (a: number, b: number) => Math.abs(a - b) < 2;

describe.runIf(hasChromium() && poppler)('report --html on paper and on screen', () => {
  it('prints on A4: the table landscape with every money column, its header on each page, the total once', async () => {
    const html = await writePage(['--by', 'month,emitter']);
    const pdf = join(tempDir(), 'relatorio.pdf');
    printToPdf(pathToFileURL(html).href, pdf);
    const sizes = pageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(2);
    const landscape = sizes.flatMap(([w, h], i) => (near(w, A4[1]!) && near(h, A4[0]!) ? [i + 1] : []));
    const portrait = sizes.flatMap(([w, h], i) => (near(w, A4[0]!) && near(h, A4[1]!) ? [i + 1] : []));
    // Every page is A4: the charts portrait, the table landscape.
    expect(landscape.length + portrait.length).toBe(sizes.length);
    expect(portrait[0]).toBe(1);
    expect(landscape.length).toBeGreaterThan(1);

    let totals = 0;
    for (const page of landscape) {
      const text = pageText(pdf, page);
      for (const header of ['Mês', 'Emitente', 'Documentos', 'Total', 'Produtos', 'ICMS', 'PIS', 'COFINS'])
        expect(text, `page ${page}: ${header}`).toContain(header);
      // The reform's IBS and CBS, which the notes of 2026 carry, after the freight.
      expect(text, `page ${page}`).toMatch(/Frete\s+IBS\s+CBS\s+Participação/);
      // IPI is 0.00 in every group of these notes: a column of zeros left off the page (not off the CSV).
      expect(text, `page ${page}`).not.toMatch(/\bIPI\b/);
      expect(text).toMatch(/\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
      // CNPJs are masked; no 14 digits in a row anywhere.
      expect(text).not.toMatch(/\d{14}/);
      totals += text.match(/^Total\s+\d/gm)?.length ?? 0;
    }
    expect(totals).toBe(1);
    const all = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
    expect(all).not.toContain('Clique no título');
    expect(all).toContain('horário de Brasília');
    expect(all).not.toContain('UTC');
  }, 120_000);

  it('on screen at 1280 px, the whole table is in view (no column cut)', async () => {
    const html = await writePage(['--by', 'month,emitter']);
    const visit = await visitPage(
      pathToFileURL(html).href,
      `(() => {
        const table = document.getElementById('report-table');
        const last = table.tHead.rows[0].lastElementChild.getBoundingClientRect();
        return { table: table.scrollWidth, box: table.parentElement.clientWidth, right: last.right, width: innerWidth };
      })()`,
      { width: 1280, height: 900 },
    );
    expect(visit.errors).toEqual([]);
    const v = visit.value as { table: number; box: number; right: number; width: number };
    expect(v.width).toBe(1280);
    expect(v.table).toBeLessThanOrEqual(v.box);
    expect(v.right).toBeLessThanOrEqual(v.width);
  }, 60_000);
});
