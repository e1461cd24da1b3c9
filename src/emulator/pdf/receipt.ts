// The receipt PDF (designed): ONE standard layout whatever the receipt's source, manual (sent by
// the customer) or automatico (captured by bank connection): the same blocks in the same places,
// the source only named in a line of its own. Rendered from the record.
import type { Receipt } from '../../api/wire/receipts.js';
import { formatDateTime, formatKey, formatMoney } from '../../fiscal/render/format.js';
import { onePagePdf, PageBuilder, totalsBlock } from './layout.js';
import { party } from './boleto.js';

const KIND: Record<Receipt['kind'], string> = {
  boleto: 'Pagamento de boleto',
  pix: 'Transferência PIX',
  ted: 'Transferência TED',
};
const SOURCE: Record<Receipt['source'], string> = {
  manual: 'enviado pelo cliente',
  automatico: 'capturado pela conexão bancária',
};

export function renderReceipt(r: Receipt): Buffer {
  const page = new PageBuilder();
  page.text('COMPROVANTE DE PAGAMENTO', 13, true);
  page.text(`${KIND[r.kind]} - ${r.bank.name} (${r.bank.code})`, 9);
  page.gap(6);
  totalsBlock(
    page,
    [
      ['Valor pago', `R$ ${formatMoney(r.amount.toFixed(2))}`, true],
      ['Data do pagamento', formatDateTime(r.paid_at)],
    ],
    'PAGAMENTO',
  );
  party(page, 'PAGADOR', r.payer);
  party(page, 'RECEBEDOR', r.payee);
  page.label('REFERÊNCIA');
  page.text(`NF-e ${r.access_key ? formatKey(r.access_key) : '-'}`, 9);
  page.text(`Boleto ${r.boleto_id ?? '-'}`, 9);
  page.label('AUTENTICAÇÃO');
  page.text(r.authentication.replace(/(.{4})(?=.)/g, '$1.'), 10, true);
  page.rule();
  page.text(`Comprovante ${r.id}, ${SOURCE[r.source]}, recebido em ${formatDateTime(r.created_at)}`, 8);
  return onePagePdf(page, `Comprovante ${r.id}`);
}
