// The DACTe, DACTe-OS, DAMDFe, DANFSe and the NFS-e original: each a well-formed one-page PDF that
// shows the key (or number and id), the parties and the totals the generated document has. The
// expected values come from the stored metadata the XML was rendered from, not from the reader.
import { describe, expect, it } from 'vitest';
import { docXml, generateDataset, nfeXml } from '../../src/emulator/data/dataset.js';
import type { DocLists } from '../../src/emulator/doc-index.js';
import type { Party } from '../../src/emulator/model.js';
import {
  DACTE_OS_TITLE,
  DACTE_TITLE,
  MAX_NFE_LINES,
  renderDacte,
  renderDacteOs,
} from '../../src/emulator/pdf/dacte.js';
import { DAMDFE_TITLE, renderDamdfe } from '../../src/emulator/pdf/damdfe.js';
import { DANFSE_TITLE, renderDanfse } from '../../src/emulator/pdf/danfse.js';
import { formatDecimal, formatKey, formatMoney, formatTaxId } from '../../src/emulator/pdf/format.js';
import { PdfRenderError } from '../../src/emulator/pdf/layout.js';
import { ORIGINAL_TITLE, renderNfseOriginal, SCANNED_NOTE } from '../../src/emulator/pdf/nfse-original.js';
import { pdfString } from '../../src/emulator/pdf/pdf-writer.js';
import { expectWellFormed, pdfText, pdfToText, poppler } from '../helpers/pdf.js';

const dataset = generateDataset({ seed: 3, docs: 40, now: new Date('2026-06-15T12:00:00-03:00') });
const { cte: ctes, cteos, mdfe: mdfes, nfse: nfses } = dataset.docs as DocLists;

/** Every string is drawn on the page (as the content stream writes it). */
function expectShows(pdf: Buffer, strings: string[]): void {
  const text = expectWellFormed(pdf);
  expect(text.match(/\/Type \/Page /g)).toHaveLength(1);
  for (const s of strings) expect(text, s).toContain(pdfString(s));
}

const money = (value: string): string => `R$ ${formatMoney(value)}`;
const idLine = (p: Party): string => (p.cnpj ? `CNPJ ${formatTaxId(p.cnpj)}` : `CPF ${formatTaxId(p.cpf!)}`);

describe('renderDacte', () => {
  const cte = ctes.find((c) => c.dispatcher && c.nfeKeys.length > 1) ?? ctes.find((c) => c.nfeKeys.length > 1)!;

  it('R7: shows the key, number, emitter, taker, sender, addressee, the NF-e carried, vTPrest, vRec and the protocol', () => {
    const strings = [
      DACTE_TITLE,
      formatKey(cte.accessKey),
      cte.emitter.name,
      `${idLine(cte.emitter)}   UF ${cte.emitter.uf}`,
      'TOMADOR DO SERVIÇO',
      cte.taker.name,
      'REMETENTE',
      cte.sender.name,
      'DESTINATÁRIO',
      cte.addressee.name,
      `NF-e TRANSPORTADAS (${cte.nfeKeys.length})`,
      ...cte.nfeKeys.map(formatKey),
      money(cte.totalValue),
      money(cte.receivableValue),
      money(cte.cargoValue),
      'Situação: 100 - Autorizado o uso do CT-e',
    ];
    if (cte.dispatcher) strings.push('EXPEDIDOR', cte.dispatcher.name);
    expectShows(renderDacte(docXml('cte', cte)), strings);
    expect(renderDacte(docXml('cte', cte)).toString('latin1')).toContain(
      pdfString(`Número ${cte.number}   Série ${cte.series}`).slice(0, -1),
    );
  });

  it('cuts a long list of NF-e with "... N more"', () => {
    const xml = docXml('cte', cte).replace(/<infNFe>[\s\S]*?<\/infNFe>/, (one) => one.repeat(MAX_NFE_LINES + 3));
    const total = cte.nfeKeys.length + MAX_NFE_LINES + 2;
    const text = renderDacte(xml).toString('latin1');
    expect(text).toContain(`(... ${total - (MAX_NFE_LINES - 1)} more)`);
    expect(text).toContain(`(NF-e TRANSPORTADAS \\(${total}\\))`);
  });

  it('refuses what is not a CT-e: another type, a CT-e OS, not XML', () => {
    expect(() => renderDacte(nfeXml(dataset.nfes[0]!))).toThrow(PdfRenderError);
    expect(() => renderDacte(docXml('cteos', cteos[0]!))).toThrow(/expected a CT-e, found cteos/);
    expect(() => renderDacte('not xml')).toThrow(PdfRenderError);
  });
});

describe('renderDacteOs', () => {
  const doc = cteos[0]!;

  it('R7: shows the key, emitter, taker, the service and vTPrest / vRec', () => {
    expectShows(renderDacteOs(docXml('cteos', doc)), [
      DACTE_OS_TITLE,
      formatKey(doc.accessKey),
      doc.emitter.name,
      doc.taker.name,
      `${idLine(doc.taker)}   UF ${doc.taker.uf}`,
      'SERVIÇO PRESTADO',
      money(doc.totalValue),
      money(doc.receivableValue),
      'Valor total da prestação',
    ]);
    expect(() => renderDacteOs(docXml('cte', ctes[0]!))).toThrow(/expected a CT-e OS/);
  });
});

describe('renderDamdfe', () => {
  const withContractor = mdfes.find((m) => m.contractors.length > 0)!;
  const ownCargo = mdfes.find((m) => m.emitterType === '2')!;

  it('R7: shows the key, emitter, contractors, the CT-e listed, cargo value and weight', () => {
    expectShows(renderDamdfe(docXml('mdfe', withContractor)), [
      DAMDFE_TITLE,
      formatKey(withContractor.accessKey),
      withContractor.emitter.name,
      `Veículo (placa) ${withContractor.plate}`,
      ...withContractor.contractors.flatMap((c) => ['CONTRATANTE', c.name]),
      ...withContractor.cteKeys.map(formatKey),
      `Quantidade de CT-e`,
      money(withContractor.cargoValue),
      formatDecimal(withContractor.cargoWeight),
      'DESCARREGAMENTO',
      'Situação: 100 - Autorizado o uso do MDF-e',
    ]);
  });

  it('an own-cargo MDF-e lists its NF-e', () => {
    expectShows(renderDamdfe(docXml('mdfe', ownCargo)), [
      `DOCUMENTOS (${ownCargo.nfeKeys.length})`,
      formatKey(ownCargo.nfeKeys[0]!),
      'Quantidade de NF-e',
    ]);
    expect(() => renderDamdfe(docXml('cte', ctes[0]!))).toThrow(PdfRenderError);
  });
});

describe('renderDanfse and the OCR original', () => {
  const nfse = nfses.find((n) => n.intermediary && n.taker && !n.isCanceled)!;
  const canceled = nfses.find((n) => n.isCanceled)!;

  it('R10: the DANFSe shows number, R10 id, provider, taker, intermediary, service value, ISS and net value', () => {
    expectShows(renderDanfse(docXml('nfse', nfse), { id: nfse.id }), [
      DANFSE_TITLE,
      `Identificador: ${nfse.id}`,
      nfse.emitter.name,
      nfse.taker!.name,
      'INTERMEDIÁRIO',
      nfse.intermediary!.name,
      money(nfse.serviceValue),
      money(nfse.issValue),
      money(nfse.netValue),
      'Situação: normal',
    ]);
    expect(renderDanfse(docXml('nfse', nfse)).toString('latin1')).toContain(
      pdfString(`Identificador: ${nfse.documentId}`),
    );
  });

  it('a cancelled NFS-e says so on both pages', () => {
    expectShows(renderDanfse(docXml('nfse', canceled)), ['Situação: CANCELADA']);
    expectShows(renderNfseOriginal(docXml('nfse', canceled)), ['*** NOTA CANCELADA ***']);
  });

  it('the original looks like a municipal invoice: boxed, in capitals, with the values and the scan note', () => {
    const pdf = renderNfseOriginal(docXml('nfse', nfse), { id: nfse.id });
    expectShows(pdf, [
      ORIGINAL_TITLE,
      nfse.number,
      `NOME/RAZÃO SOCIAL: ${nfse.emitter.name.toUpperCase()}`,
      `NOME/RAZÃO SOCIAL: ${nfse.taker!.name.toUpperCase()}`,
      `VALOR TOTAL DA NOTA = ${money(nfse.serviceValue)}`,
      money(nfse.netValue),
      `${SCANNED_NOTE} - ${nfse.id}`,
    ]);
    // A box per section: four rules each, at least header, numbers, two parties, service, total, taxes.
    expect(pdf.toString('latin1').match(/ l S/g)!.length).toBeGreaterThanOrEqual(4 * 7);
    expect(() => renderNfseOriginal(docXml('cte', ctes[0]!))).toThrow(/expected an NFS-e/);
  });

  it('an NFS-e without a number cannot be rendered', () => {
    const xml = docXml('nfse', nfse).replace(/<Numero>\d+<\/Numero><CodigoVerificacao>/, '<CodigoVerificacao>');
    expect(() => renderDanfse(xml)).toThrow(/no number/);
  });
});

describe('what a reader reads (our extractor, and poppler where installed)', () => {
  it('each type opens, with the accents, keys and names readable', () => {
    const cte = ctes[0]!;
    const mdfe = mdfes[0]!;
    const nfse = nfses[0]!;
    const pages: [Buffer, string[]][] = [
      [renderDacte(docXml('cte', cte)), [DACTE_TITLE, formatKey(cte.accessKey), cte.emitter.name, 'DESTINATÁRIO']],
      [
        renderDacteOs(docXml('cteos', cteos[0]!)),
        [DACTE_OS_TITLE, formatKey(cteos[0]!.accessKey), cteos[0]!.taker.name],
      ],
      [renderDamdfe(docXml('mdfe', mdfe)), [DAMDFE_TITLE, formatKey(mdfe.accessKey), mdfe.emitter.name]],
      [
        renderDanfse(docXml('nfse', nfse), { id: nfse.id }),
        [DANFSE_TITLE, nfse.id, nfse.emitter.name, money(nfse.serviceValue)],
      ],
      [
        renderNfseOriginal(docXml('nfse', nfse)),
        [ORIGINAL_TITLE, nfse.emitter.name.toUpperCase(), 'DISCRIMINAÇÃO DOS SERVIÇOS'],
      ],
    ];
    for (const [pdf, strings] of pages) {
      for (const text of [pdfText(pdf), ...(poppler ? [pdfToText(pdf)] : [])]) {
        for (const s of strings) expect(text, s).toContain(s);
      }
    }
  });
});
