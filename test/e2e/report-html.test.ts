// `fiscal report --html` opened in a real browser (headless chromium over the DevTools protocol):
// the page loads with no console error (nothing fetched, nothing thrown), its table shows the
// figures of the CSV of the same report, and a screenshot of it is taken.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localHeader } from '../../src/output/labels-pt.js';
import { hasChromium, visitPage } from '../helpers/chromium.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 40, accounts: 1 });
  dir = join(tempDir(), 'fiscal-docs');
  for (const args of [
    ['nfe', '--role', 'received,emitted', '--with-events'],
    ['nfse', '--role', 'received'],
  ]) {
    const r = await runInProcess(['pull', ...args, '--dir', dir], { env: emulatorEnv(emu) });
    expect(r.exitCode, r.stderr).toBe(0);
  }
}, 120_000);

afterAll(() => emu?.close());

/** What the page shows: its table's rows, each cell's column, plain value and text. */
const READ_TABLE = `(() => {
  const table = document.getElementById('report-table');
  const cols = [...table.tHead.rows[0].cells].map((th) => th.dataset.col);
  const row = (tr) => Object.fromEntries([...tr.cells].map((td, i) => [cols[i], { value: td.dataset.value, text: td.textContent }]));
  return { cols, rows: [...table.tBodies[0].rows].map(row), total: row(table.tFoot.rows[0]), charts: document.querySelectorAll('svg.chart').length };
})()`;

type Cell = { value: string; text: string };

describe.runIf(hasChromium())('report --html in headless chromium', () => {
  it("loads with no console error, shows the CSV's figures, and can be screenshot", async () => {
    const out = tempDir();
    const html = join(out, 'relatorio.html');
    const args = ['report', dir, '--by', 'month,status', '--locale', 'pt-BR'];
    const page = await runCli([...args, '--html', html, '-o', 'csv'], { env: emulatorEnv(emu) });
    expect(page.exitCode, page.stderr).toBe(0);
    const csvText = page.stdout;
    expect(csvText.startsWith('\ufeff')).toBe(true);
    // Grouped by month and status: no field holds a ; or a quote.
    const [header, ...lines] = csvText
      .slice(1)
      .trim()
      .split('\n')
      .map((l) => l.split(';'));

    const visit = await visitPage(pathToFileURL(html).href, READ_TABLE);
    expect(visit.errors).toEqual([]);
    const shown = visit.value as {
      cols: string[];
      rows: Record<string, Cell>[];
      total: Record<string, Cell>;
      charts: number;
    };
    // Purchases and sales each get their own four charts.
    expect(shown.charts).toBe(8);
    // The same columns: the page keeps the machine names in data-col, the pt-BR CSV says them in Portuguese.
    // The reform's IBS and CBS, which the notes of 2026 carry (and those of 2025 do not), among them.
    const reform = ['IBS', 'CBS'].map((h) => header!.indexOf(h));
    expect(lines.some((cells) => reform.every((i) => cells[i] !== '0,00'))).toBe(true);
    expect(lines.some((cells) => reform.every((i) => cells[i] === '0,00'))).toBe(true);
    // Less the sums of 0.00 in every group (IPI, ICMS-ST, an MDF-e's cargo...): off the page, not off the CSV.
    const zero = header!.filter((_, i) => i > 3 && lines.every((cells) => cells[i] === '0,00'));
    expect(zero).toEqual(expect.arrayContaining(['IPI', 'Valor da carga']));
    expect(shown.cols.map((c) => localHeader(c, 'pt-BR'))).toEqual(header!.filter((h) => !zero.includes(h)));
    const at = shown.cols.map((c) => header!.indexOf(localHeader(c, 'pt-BR')));
    const csv = lines.map((cells) => Object.fromEntries(shown.cols.map((c, i) => [c, cells[at[i]!]!])));
    expect(shown.rows).toHaveLength(csv.length);
    shown.rows.forEach((row, i) => {
      const line = csv[i]!;
      expect(row.month!.text).toBe(line.month);
      expect(row.status!.text).toBe(line.status);
      expect(row.status!.text).toMatch(/^(autorizada|cancelada)$/);
      expect(row.documents!.text).toBe(line.documents!.replace(/\B(?=(\d{3})+$)/g, '.'));
      for (const sum of ['total', 'products', 'icms', 'pis', 'cofins', 'iss', 'freight', 'ibs', 'cbs']) {
        // The page groups thousands (1.234,56) where the CSV does not (1234,56).
        expect(row[sum]!.text.replaceAll('.', ''), `${sum} of row ${i}`).toBe(line[sum]);
        expect(row[sum]!.value.replace('.', ',')).toBe(line[sum]);
      }
      expect(row.share!.value.replace('.', ',')).toBe(line.share);
    });
    const cents = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);
    expect(cents(shown.total.total!.value)).toBe(csv.reduce((n, r) => n + cents(r.total!), 0));

    const png = join(out, 'relatorio.png');
    writeFileSync(png, visit.screenshot);
    const bytes = readFileSync(png);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  }, 120_000);

  it('is one self-contained file: nothing to fetch, names from documents escaped', async () => {
    const html = join(tempDir(), 'r.html');
    const r = await runInProcess(['report', dir, '--by', 'emitter', '--html', html, '-o', 'json'], {
      env: emulatorEnv(emu),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).not.toMatch(/<(link|img|iframe)\b|\bsrc=|@import|url\(/i);
    expect(text).toContain("default-src 'none'");
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(1);
    // The reform's IBS and CBS are columns where a note has them; a period without them (2025,
    // before the reform) leaves those two columns of zeros off the page, not off the CSV.
    expect(text).toContain('data-col="ibs"');
    expect(text).toMatch(/IBS \+ CBS \(the tax reform\)<\/div><div class="card-value">[1-9][\d,]*\.\d\d</);
    const before = join(tempDir(), 'r2025.html');
    const old = await runInProcess(
      ['report', dir, '--by', 'emitter', '--to', '2025-12-31', '--html', before, '-o', 'csv'],
      {
        env: emulatorEnv(emu),
      },
    );
    expect(old.exitCode, old.stderr).toBe(0);
    expect(old.stdout.split('\n')[0]).toMatch(/,ibs,cbs,/);
    expect(readFileSync(before, 'utf8')).not.toMatch(/data-col="(ibs|cbs)"|IBS \+ CBS/);

    // An emitter whose name is markup: shown as text, never run.
    const loose = tempDir();
    const index = readFileSync(join(dir, 'index.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const xml = readFileSync(join(dir, index.find((l) => l.type === 'nfe' && !l.event).path), 'utf8');
    writeFileSync(
      join(loose, 'evil.xml'),
      xml.replace(/<xNome>[^<]*<\/xNome>/, '<xNome>&lt;img src=x onerror=alert(1)&gt; &amp; Co</xNome>'),
    );
    const evil = join(loose, 'evil.html');
    expect((await runInProcess(['report', loose, '--by', 'emitter', '--html', evil, '-o', 'json'], {})).exitCode).toBe(
      0,
    );
    const page = readFileSync(evil, 'utf8');
    expect(page).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; Co');
    expect(page).not.toContain('<img');
    const visit = await visitPage(pathToFileURL(evil).href, 'document.images.length');
    expect(visit).toMatchObject({ errors: [], value: 0 });
  }, 60_000);

  it('the browser check would see an error: a page that logs one and fetches a file', async () => {
    const page = join(tempDir(), 'bad.html');
    writeFileSync(
      page,
      `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'"><img src="http://127.0.0.1:9/x.png"><script>console.error('broken')</script>`,
    );
    const visit = await visitPage(pathToFileURL(page).href, '1');
    expect(visit.errors.some((e) => e.includes('broken'))).toBe(true);
    expect(visit.errors.some((e) => /Content Security Policy|x\.png/.test(e))).toBe(true);
  }, 60_000);
});
