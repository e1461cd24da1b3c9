// The "original PDF" of an NFS-e ingested by OCR (designed): what the customer sent in, a
// municipal invoice as the city's portal prints it, boxed sections in capitals with the provider,
// the taker, the service and the values, and the note that it is a digitised copy. The emulator
// has no scans, so it draws one from the note's XML; what the page says is what the XML says.
import { formatDateTime, formatMoney, formatTaxId } from '../../fiscal/render/format.js';
import { LEFT, money, onePagePdf, PageBuilder, RIGHT, wrap } from './layout.js';
import { readNfse, type NfsePdfOptions } from './nfse-details.js';
import type { Party } from '../../fiscal/readers/index.js';

export const ORIGINAL_TITLE = 'NOTA FISCAL DE SERVIÇOS ELETRÔNICA - NFS-e';
export const SCANNED_NOTE = 'Cópia digitalizada do documento original recebido para OCR';

export function renderNfseOriginal(xml: string, options: NfsePdfOptions = {}): Buffer {
  const { doc, details } = readNfse(xml);
  const page = new PageBuilder();
  section(page, () => {
    page.text(
      `PREFEITURA MUNICIPAL - MUNICÍPIO ${details.cityCode ?? '-'} / ${details.cityUf ?? '-'}`,
      11,
      true,
      LEFT + 6,
    );
    page.text('SECRETARIA MUNICIPAL DE FINANÇAS', 8, false, LEFT + 6);
    page.text(ORIGINAL_TITLE, 12, true, LEFT + 6);
  });
  section(page, () => {
    page.row(
      [
        ['NÚMERO DA NOTA', LEFT + 6],
        ['DATA E HORA DE EMISSÃO', 220],
        ['CÓDIGO DE VERIFICAÇÃO', 420],
      ],
      7,
      true,
    );
    page.row(
      [
        [doc.number!, LEFT + 6],
        [doc.emittedAt ? formatDateTime(doc.emittedAt) : '-', 220],
        [details.verificationCode ?? '-', 420],
      ],
      11,
      true,
    );
  });
  partySection(page, 'PRESTADOR DE SERVIÇOS', doc.emitter);
  partySection(page, 'TOMADOR DE SERVIÇOS', doc.counterpart);
  if (details.intermediary) partySection(page, 'INTERMEDIÁRIO DE SERVIÇOS', details.intermediary);
  section(page, () => {
    page.text('DISCRIMINAÇÃO DOS SERVIÇOS', 7, true, LEFT + 6);
    for (const line of wrap((details.description ?? '-').toUpperCase(), 85).slice(0, 10))
      page.text(line, 9, false, LEFT + 6);
    page.text(
      `CÓDIGO DO SERVIÇO ${details.serviceItem ?? '-'}   COMPETÊNCIA ${details.competence ?? '-'}`,
      8,
      false,
      LEFT + 6,
    );
  });
  const t = doc.totals;
  section(page, () => {
    page.text(`VALOR TOTAL DA NOTA = ${money(t.ValorServicos) ?? '-'}`, 12, true, LEFT + 6);
  });
  section(page, () => {
    const cells: [string, string | undefined][] = [
      ['BASE DE CÁLCULO', money(t.BaseCalculo)],
      ['ALÍQUOTA', t.Aliquota === undefined ? undefined : `${formatMoney(t.Aliquota)}%`],
      [details.issWithheld ? 'ISS RETIDO' : 'VALOR DO ISS', money(t.ValorIss)],
      ['VALOR LÍQUIDO', money(t.ValorLiquidoNfse)],
    ];
    const x = (i: number) => LEFT + 6 + i * 130;
    page.row(
      cells.map(([label], i) => [label, x(i)]),
      7,
      true,
    );
    page.row(
      cells.map(([, value], i) => [value ?? '-', x(i)]),
      10,
    );
  });
  if (doc.canceled) page.text('*** NOTA CANCELADA ***', 14, true, LEFT + 150);
  page.gap(6);
  page.text(`${SCANNED_NOTE}${options.id ? ` - ${options.id}` : ''}`, 7);
  return onePagePdf(page, `NFS-e ${doc.number} (original)`);
}

/** Lines drawn by `fill`, in a box the width of the page. */
function section(page: PageBuilder, fill: () => void): void {
  const top = page.cursor + 14;
  page.gap(2);
  fill();
  page.box(LEFT, top, RIGHT, page.cursor + 8);
  page.gap(6);
}

function partySection(page: PageBuilder, title: string, party: Party): void {
  section(page, () => {
    page.text(title, 7, true, LEFT + 6);
    page.text(`NOME/RAZÃO SOCIAL: ${(party.name ?? 'NÃO IDENTIFICADO').toUpperCase()}`, 9, false, LEFT + 6);
    const id = party.taxId;
    page.text(
      `${id?.length === 11 ? 'CPF' : 'CPF/CNPJ'}: ${id ? formatTaxId(id) : '-'}   UF: ${party.uf ?? '-'}`,
      9,
      false,
      LEFT + 6,
    );
  });
}
