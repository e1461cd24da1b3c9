// One-page PDFs of an international invoice and of a utility bill, drawn from the record: what the
// emulator serves for records it generated (an uploaded record serves the PDF that was sent).
import type { Invoice } from '../../api/wire/invoices.js';
import type { Utility } from '../../api/wire/utilities.js';
import { formatMoney, formatTaxId } from '../../fiscal/render/format.js';
import { LEFT, onePagePdf, PageBuilder, RIGHT, titleBlock, totalsBlock, truncate } from './layout.js';

const UTILITY_TITLES: Record<string, string> = {
  electricity: 'CONTA DE ENERGIA ELÉTRICA',
  telephony: 'FATURA DE TELEFONIA',
  water: 'CONTA DE ÁGUA E ESGOTO',
  gas: 'FATURA DE GÁS CANALIZADO',
  internet: 'FATURA DE SERVIÇOS DE INTERNET',
};

export function renderInvoicePdf(invoice: Invoice): Buffer {
  const page = new PageBuilder();
  titleBlock(page, 'INVOICE', `${invoice.supplier.name} - ${invoice.supplier.country}`);
  page.text(
    `Invoice no. ${invoice.number}   Date ${invoice.issue_date}${invoice.due_date ? `   Due ${invoice.due_date}` : ''}`,
  );
  page.text(`Tax id ${invoice.supplier.tax_id}`);
  page.rule();
  page.label('BILL TO');
  page.text(`CNPJ ${formatTaxId(invoice.owner)}`, 10, true);
  page.rule();
  page.label('DESCRIPTION');
  for (const line of invoice.lines) {
    page.row(
      [
        [truncate(line.description, 50), LEFT],
        [line.quantity, 360, 'right'],
        [line.unit_price, 450, 'right'],
        [line.amount, RIGHT, 'right'],
      ],
      9,
    );
  }
  page.rule();
  totalsBlock(
    page,
    [
      ['Subtotal', `${invoice.currency} ${invoice.subtotal}`],
      ['Taxes', `${invoice.currency} ${invoice.taxes}`],
      ['Total', `${invoice.currency} ${invoice.total}`, true],
    ],
    'TOTALS',
  );
  return onePagePdf(page, `Invoice ${invoice.number}`);
}

export function renderUtilityPdf(bill: Utility): Buffer {
  const page = new PageBuilder();
  titleBlock(
    page,
    UTILITY_TITLES[bill.kind] ?? 'FATURA',
    `${bill.provider.name} - CNPJ ${formatTaxId(bill.provider.cnpj)}`,
  );
  page.text(`Cliente CNPJ ${formatTaxId(bill.owner)}   Conta / instalação ${bill.account_number}`);
  page.text(
    `Referência ${bill.reference_month.slice(5)}/${bill.reference_month.slice(0, 4)}   Emissão ${bill.issue_date}   Vencimento ${bill.due_date}`,
  );
  if (bill.consumption) page.text(`Consumo ${bill.consumption.value} ${bill.consumption.unit}`);
  page.rule();
  totalsBlock(page, [['Total a pagar', `R$ ${formatMoney(bill.amount)}`, true]], 'VALOR');
  if (bill.digitable_line) {
    page.label('LINHA DIGITÁVEL');
    page.text(bill.digitable_line, 10, true);
  }
  return onePagePdf(page, `${bill.provider.name} ${bill.reference_month}`);
}
