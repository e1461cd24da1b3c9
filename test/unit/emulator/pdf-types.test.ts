// The NFS-e original the emulator draws for notes ingested by OCR: a well-formed one-page PDF that
// shows the number and id, the parties and the totals the generated document has. The
// expected values come from the stored metadata the XML was rendered from, not from the reader.
import { describe, expect, it } from 'vitest';
import { docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import type { DocLists } from '../../../src/emulator/doc-index.js';
import { formatMoney } from '../../../src/fiscal/render/format.js';
import { PdfRenderError } from '../../../src/emulator/pdf/layout.js';
import { ORIGINAL_TITLE, renderNfseOriginal, SCANNED_NOTE } from '../../../src/emulator/pdf/nfse-original.js';
import { pdfString } from '../../../src/emulator/pdf/pdf-writer.js';
import { expectWellFormed, pdfText, pdfToText, poppler } from '../../helpers/pdf.js';

const dataset = generateDataset({ seed: 3, docs: 40, now: new Date('2026-06-15T12:00:00-03:00') });
const { cte: ctes, nfse: nfses } = dataset.docs as DocLists;

/** Every string is drawn on the page (as the content stream writes it). */
function expectShows(pdf: Buffer, strings: string[]): void {
  const text = expectWellFormed(pdf);
  expect(text.match(/\/Type \/Page /g)).toHaveLength(1);
  for (const s of strings) expect(text, s).toContain(pdfString(s));
}

const money = (value: string): string => `R$ ${formatMoney(value)}`;

describe('the OCR original of an NFS-e', () => {
  const nfse = nfses.find((n) => n.intermediary && n.taker && !n.isCanceled)!;
  const canceled = nfses.find((n) => n.isCanceled)!;

  it('a cancelled NFS-e says so', () => {
    expectShows(renderNfseOriginal(docXml('nfse', canceled)), ['*** NOTA CANCELADA ***']);
  });

  it('looks like a municipal invoice: boxed, in capitals, with the values and the scan note', () => {
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
    expect(() => renderNfseOriginal(xml)).toThrow(PdfRenderError);
  });

  it('opens with the accents and names readable (our extractor, and poppler where installed)', () => {
    const pdf = renderNfseOriginal(docXml('nfse', nfse));
    for (const text of [pdfText(pdf), ...(poppler ? [pdfToText(pdf)] : [])])
      for (const s of [ORIGINAL_TITLE, nfse.emitter.name.toUpperCase(), 'DISCRIMINAÇÃO DOS SERVIÇOS'])
        expect(text, s).toContain(s);
  });
});
