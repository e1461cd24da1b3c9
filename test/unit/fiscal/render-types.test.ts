// The DANFCe, DACTe, DACTe-OS, DAMDFe and DANFSe drawn from the XML, read back as a person reads
// them (poppler's text, zbar's barcodes and QR codes), and every real document of ../shared/samples
// drawn without error by the renderer of its type.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import { generateWorlds } from '../../../src/emulator/data/accounts.js';
import { generateNfses, withheldTaxes } from '../../../src/emulator/data/nfse.js';
import { layoutOf, nfseOriginalXml } from '../../../src/emulator/data/nfse-layouts.js';
import type { DocLists } from '../../../src/emulator/doc-index.js';
import { formatKey, formatMoney } from '../../../src/fiscal/render/format.js';
import { renderPdf, RENDERERS, type RenderType } from '../../../src/fiscal/render/index.js';
import { readDocuments } from '../../../src/fiscal/readers/index.js';
import { canRasterise, pageSizes, poppler, symbolsOf, textOf, zbar } from '../../helpers/render.js';

const dataset = generateDataset({ seed: 3, docs: 40, now: new Date('2026-06-15T12:00:00-03:00') });
const docs = dataset.docs as DocLists;
const cte = docs.cte.find((c) => c.nfeKeys.length > 0)!;
const cteos = docs.cteos[0]!;
const mdfe = docs.mdfe.find((m) => m.cteKeys.length > 0) ?? docs.mdfe[0]!;
const nfse = docs.nfse.find((n) => n.taker && !n.isCanceled)!;
const nfce = docs.nfce[0]!;

describe.runIf(poppler)('what poppler reads on each', () => {
  it('DACTe: title, key in groups of four, emitter, parties, documents carried, values', async () => {
    const text = textOf(await renderPdf('cte', docXml('cte', cte)));
    for (const s of ['DACTE', formatKey(cte.accessKey), cte.emitter.name, cte.sender.name, cte.taker.name])
      expect(text).toContain(s);
    for (const key of cte.nfeKeys.slice(0, 10)) expect(text).toContain(formatKey(key));
    expect(text).toContain(formatMoney(cte.totalValue));
    expect(text).toContain('REMETENTE');
    expect(text).toContain('COMPONENTES DO VALOR DA PRESTAÇÃO DO SERVIÇO');
  });

  it('DACTe-OS: title, key, emitter, taker, value', async () => {
    const text = textOf(await renderPdf('cteos', docXml('cteos', cteos)));
    for (const s of ['DACTE OS', formatKey(cteos.accessKey), cteos.emitter.name, cteos.taker.name])
      expect(text).toContain(s);
    expect(text).toContain(formatMoney(cteos.totalValue));
  });

  it('DAMDFe: title, key, emitter, the documents listed, cargo value', async () => {
    const text = textOf(await renderPdf('mdfe', docXml('mdfe', mdfe)));
    for (const s of ['DAMDFE', formatKey(mdfe.accessKey), mdfe.emitter.name, formatMoney(mdfe.cargoValue)])
      expect(text).toContain(s);
    for (const key of mdfe.cteKeys.slice(0, 6)) expect(text).toContain(formatKey(key));
  });

  it('R10: DANFSe: number, id, provider, taker, service value, ISS and net value', async () => {
    const text = textOf(await renderPdf('nfse', docXml('nfse', nfse)));
    for (const s of ['DANFSe', nfse.number, nfse.documentId, nfse.emitter.name, nfse.taker!.name])
      expect(text).toContain(s);
    for (const v of [nfse.serviceValue, nfse.issValue, nfse.netValue]) expect(text).toContain(formatMoney(v));
    // Each party's Inscrição Municipal, as the XML gives it; the municipality's IBGE code said as one.
    const xml = docXml('nfse', nfse);
    const im = (party: string) => new RegExp(`<${party}>[\\s\\S]*?<InscricaoMunicipal>(\\d+)<`).exec(xml)?.[1];
    expect(im('TomadorServico') ?? im('Tomador')).toBeDefined();
    for (const v of [im('PrestadorServico') ?? im('Prestador'), im('TomadorServico') ?? im('Tomador')])
      expect(text).toContain(v!);
    expect(text).toMatch(/Município \(código IBGE\): \d{7}/);
    const canceled = docs.nfse.find((n) => n.isCanceled);
    if (canceled) expect(textOf(await renderPdf('nfse', docXml('nfse', canceled)))).toContain('CANCELADA');
  });

  it('DANFSe: the federal taxes withheld one by one and whether the ISS was, in both layouts', async () => {
    const notes = generateNfses(generateWorlds(5)[0]!, 5, 400, Date.parse('2026-06-15T12:00:00Z'));
    const withheld = (layout: 'abrasf' | 'nacional') =>
      notes.find(
        (n) => n.withholding === 'ir-csrf' && n.issWithheld && layoutOf(n).startsWith(layout) && !n.isCanceled,
      )!;
    const cents = (c: number) => formatMoney((c / 100).toFixed(2));
    // ABRASF (the listings' XML): IR, CSLL, PIS and COFINS each; IssRetido 1.
    const abrasf = withheld('abrasf');
    const t = withheldTaxes(Math.round(Number(abrasf.serviceValue) * 100), abrasf.withholding);
    const text = textOf(await renderPdf('nfse', docXml('nfse', abrasf)));
    expect(text).toMatch(/TRIBUTOS FEDERAIS/);
    for (const v of [t.ir, t.csll, t.pis, t.cofins]) expect(text).toContain(cents(v));
    expect(text).toMatch(/ISS RETIDO.*Sim/);
    // The national layout: IRRF and CSLL in tribFed, tpRetISSQN 2 (withheld by the taker).
    const national = withheld('nacional');
    const n = withheldTaxes(Math.round(Number(national.serviceValue) * 100), national.withholding);
    const nationalText = textOf(await renderPdf('nfse', nfseOriginalXml(national)));
    for (const v of [n.ir, n.csll]) expect(nationalText).toContain(cents(v));
    expect(nationalText).toContain('Sim, pelo tomador');
    // A note with nothing withheld has no such row.
    const plain = notes.find((x) => x.withholding === 'none' && !x.issWithheld && layoutOf(x) !== 'nacional-1.00')!;
    const plainText = textOf(await renderPdf('nfse', docXml('nfse', plain)));
    expect(plainText).not.toMatch(/TRIBUTOS FEDERAIS/);
    expect(plainText).toMatch(/ISS RETIDO.*Não/);
  });

  it('DANFSe of a national note of the tax reform: IBS, CBS, the total with them and the approximate taxes', async () => {
    const notes = generateNfses(generateWorlds(5)[0]!, 5, 400, Date.parse('2026-06-15T12:00:00Z'));
    const national = notes.find((x) => layoutOf(x) === 'nacional-1.00' && !x.isCanceled)!;
    // The national system's computed group after the note's values, as a note of 2026 carries it.
    const reform =
      '<IBSCBS><cLocalidadeIncid>3550308</cLocalidadeIncid><xLocalidadeIncid>São Paulo</xLocalidadeIncid>' +
      '<valores><vBC>1234.50</vBC></valores><totCIBS><gIBS><gIBSUFTot><vIBSUF>1.23</vIBSUF></gIBSUFTot>' +
      '<gIBSMunTot><vIBSMun>0.01</vIBSMun></gIBSMunTot><vIBSTot>1.24</vIBSTot></gIBS>' +
      '<gCBS><vCBS>11.11</vCBS></gCBS><vTotNF>98765.43</vTotNF></totCIBS></IBSCBS>';
    const xml = nfseOriginalXml(national)
      .replace('</valores><DPS', `</valores>${reform}<DPS`)
      .replace(
        '<totTrib><indTotTrib>0</indTotTrib></totTrib>',
        '<totTrib><vTotTrib><vTotTribFed>321.09</vTotTribFed><vTotTribEst>0.00</vTotTribEst><vTotTribMun>45.67</vTotTribMun></vTotTrib></totTrib>',
      );
    expect(xml).toContain('<totCIBS>');
    expect(xml).toContain('<vTotTribFed>');
    const text = textOf(await renderPdf('nfse', xml));
    expect(text).toMatch(/IBS E CBS/);
    for (const v of ['1.234,50', '1,23', '0,01', '1,24', '11,11', '98.765,43']) expect(text).toContain(v);
    expect(text).toMatch(/TRIBUTOS APROXIMADOS/);
    for (const v of ['321,09', '45,67']) expect(text).toContain(v);
    // Without the group, no such row.
    expect(textOf(await renderPdf('nfse', nfseOriginalXml(national)))).not.toMatch(/IBS E CBS/);
  });

  it('DANFCe: an 80 mm roll with the title, the items, the total and the key', async () => {
    const pdf = await renderPdf('nfce', docXml('nfce', nfce));
    const [width, height] = pageSizes(pdf)[0]!;
    expect(width).toBeCloseTo(226.77, 1);
    expect(height).toBeGreaterThan(width);
    const text = textOf(pdf);
    for (const s of ['DOCUMENTO AUXILIAR DA NOTA FISCAL DE CONSUMIDOR ELETRÔNICA', formatKey(nfce.accessKey)])
      expect(text).toContain(s);
    expect(text).toContain(formatMoney(nfce.totalValue));
  });
});

describe.runIf(canRasterise && zbar)('what a scanner reads', () => {
  it('the DACTe and DAMDFe barcodes decode to their access keys', async () => {
    expect(symbolsOf(await renderPdf('cte', docXml('cte', cte)))).toContain(`CODE-128:${cte.accessKey}`);
    expect(symbolsOf(await renderPdf('mdfe', docXml('mdfe', mdfe)))).toContain(`CODE-128:${mdfe.accessKey}`);
  });

  it("the DANFCe's QR code decodes to infNFeSupl/qrCode, the URL of the XML", async () => {
    const xml = docXml('nfce', nfce);
    const url = /<qrCode>(?:<!\[CDATA\[)?([^<\]]+)/.exec(xml)![1]!;
    expect(symbolsOf(await renderPdf('nfce', xml))).toContain(`QR-Code:${url}`);
  });
});

/** The sample folder, read through the relative path the project may name. */
const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');
const haveSamples = existsSync(join(SAMPLES, 'MANIFEST.tsv'));
if (!haveSamples) console.warn(`skipped: rendering the real samples: ${SAMPLES} is absent`);

/** Every sample file under a folder, recursively. */
function samplesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? samplesIn(join(dir, e.name)) : e.name.endsWith('.xml') ? [join(dir, e.name)] : [],
  );
}

describe.runIf(haveSamples)('every real document of ../shared/samples', () => {
  it('is drawn without error by the renderer of its type, its key (or number) on the page', async () => {
    let drawn = 0;
    for (const file of samplesIn(SAMPLES)) {
      const bytes = readFileSync(file);
      const kinds = readDocuments(bytes, file).map((d) => d.kind);
      const type = (Object.keys(RENDERERS) as RenderType[]).find((t) =>
        RENDERERS[t].kinds.some((k) => kinds.includes(k)),
      );
      if (!type) continue;
      const pdf = await renderPdf(type, bytes);
      expect(pdf.subarray(0, 5).toString('latin1'), file).toBe('%PDF-');
      if (poppler) {
        const doc = readDocuments(bytes, file).find((d) => RENDERERS[type].kinds.includes(d.kind))!;
        const text = textOf(pdf);
        if (doc.key && /^\d{44}$/.test(doc.key)) expect(text, file).toContain(formatKey(doc.key));
        if (doc.emitter.name) expect(text, file).toContain(doc.emitter.name.slice(0, 12));
      }
      drawn++;
    }
    expect(drawn).toBeGreaterThanOrEqual(30);
  });
});
