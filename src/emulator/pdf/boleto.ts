// The boleto PDF (designed): one page in the usual order of a bank slip, the bank and the
// digitable line on top, the beneficiary, payer, dates and amount below, and the barcode's digits
// at the foot (the bars are not drawn). Rendered from the record, not from XML.
import type { Boleto } from '../../api/wire/boletos.js';
import { formatLine } from '../../fiscal/boleto-line.js';
import { formatDateTime, formatKey, formatMoney, formatTaxId } from '../../fiscal/render/format.js';
import { LEFT, onePagePdf, PageBuilder, RIGHT, totalsBlock } from './layout.js';

const STATUS: Record<Boleto['status'], string> = {
  open: 'EM ABERTO',
  paid: 'PAGO',
  overdue: 'VENCIDO',
  canceled: 'CANCELADO',
};

export function renderBoleto(b: Boleto): Buffer {
  const page = new PageBuilder();
  page.row(
    [
      [`${b.bank.name} | ${b.bank.code}`, LEFT],
      [formatLine(b.digitable_line), RIGHT, 'right'],
    ],
    11,
    true,
  );
  page.rule();
  page.text('BOLETO DE COBRANÇA', 13, true);
  page.text(`Situação: ${STATUS[b.status]}${b.paid_at ? `  em ${formatDateTime(b.paid_at)}` : ''}`, 9);
  party(page, 'BENEFICIÁRIO', b.beneficiary);
  party(page, 'PAGADOR', b.payer);
  page.label('DOCUMENTO');
  page.text(`NF-e ${formatKey(b.access_key)}`, 9);
  page.text(`Duplicata ${b.duplicata}   Nosso número ${b.our_number}   Emissão ${formatDateTime(b.issue_date)}`, 9);
  totalsBlock(
    page,
    [
      ['Vencimento', formatDateTime(b.due_date), true],
      ['Valor do documento', `R$ ${formatMoney(b.amount.toFixed(2))}`, true],
      ['Valor pago', b.paid_amount === null ? undefined : `R$ ${formatMoney(b.paid_amount.toFixed(2))}`],
    ],
    'VALORES',
  );
  page.rule();
  page.label('LINHA DIGITÁVEL');
  page.text(formatLine(b.digitable_line), 12, true);
  page.label('CÓDIGO DE BARRAS');
  page.text(b.barcode, 10);
  return onePagePdf(page, `Boleto ${b.id}`);
}

export function party(page: PageBuilder, label: string, p: { tax_id: string; name: string }): void {
  page.label(label);
  page.text(p.name, 10, true);
  page.text(`${p.tax_id.length === 11 ? 'CPF' : 'CNPJ'} ${formatTaxId(p.tax_id)}`);
}
