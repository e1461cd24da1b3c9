// The DANFCe of an NFC-e (model 65) on an 80 mm roll, as the manual's NFC-e layout orders it:
// emitter, title, items, totals and payments, where to query the key, the key in groups of four,
// the consumer, number / series / emission and protocol, the QR code of infNFeSupl/qrCode, the
// taxes (Lei 12.741) and the additional information. The page is as long as its content: the
// layout runs once to measure and once to draw.
import { stampPage } from './blocks.js';
import { formatDateTime, formatDecimal, formatDocNumber, formatKey, formatTaxId, money } from './format.js';
import { isCanceled, type RenderOptions } from './options.js';
import { readNfeData, type NfeData } from './nfe-data.js';
import { qrCode } from './qr-code.js';
import { ROLL_80MM, Sheet, type TextStyle } from './sheet.js';

const MARGIN = 8;
const QR = 120;

const PAYMENT: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'PIX',
  '18': 'Transferência bancária',
  '19': 'Programa de fidelidade',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

export async function renderDanfce(xml: Uint8Array | string, options: RenderOptions = {}): Promise<Buffer> {
  const d = readNfeData(xml, 'nfce');
  const s = new Sheet(ROLL_80MM, 0, `DANFCE ${d.key}`, false, d.emittedAt);
  s.addPage(layout(s, d, false));
  layout(s, d, true);
  stampPage(s, { homologation: d.homologation, canceled: isCanceled(options, d.summary) });
  return s.end();
}

/** Lays the roll out from the top; draws only when `draw`. Returns the height used. */
function layout(s: Sheet, d: NfeData, draw: boolean): number {
  const x = MARGIN;
  const w = s.width - 2 * MARGIN;
  let y = MARGIN;
  const line = (value: string, style: TextStyle = {}) => {
    const size = style.size ?? 7;
    for (const l of s.wrap(value, w, size, 8, style.bold)) {
      if (draw) s.text(l, x, y, { ...style, size, width: w });
      y += size + 2;
    }
  };
  const pair = (left: string, right: string | undefined, bold = false) => {
    if (draw) {
      s.text(left, x, y, { size: 7, bold, width: w * 0.62 });
      s.text(right ?? '', x, y, { size: 7, bold, width: w, align: 'right' });
    }
    y += 9;
  };
  const rule = () => {
    if (draw) s.line(x, y + 1, x + w, y + 1);
    y += 4;
  };
  const center = { align: 'center' } as const;
  const e = d.emitter;

  line(e.name ?? '', { bold: true, size: 8, ...center });
  line(`CNPJ: ${e.taxId ? formatTaxId(e.taxId) : '-'}  IE: ${e.ie ?? '-'}`, center);
  line([e.street, e.district, e.city, e.uf].filter(Boolean).join(', '), { ...center, size: 6.5 });
  rule();
  line('DOCUMENTO AUXILIAR DA NOTA FISCAL DE CONSUMIDOR ELETRÔNICA', { bold: true, ...center });
  if (d.homologation) line('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', { bold: true, ...center });
  rule();
  line('CÓDIGO  DESCRIÇÃO  QTDE  UN  VL UNIT  VL TOTAL', { bold: true, size: 6 });
  for (const item of d.items) {
    line(`${item.code ?? ''} ${item.description}`, { size: 6.5 });
    const q = `${formatDecimal(item.quantity ?? '')} ${item.unit ?? ''} x ${money(item.unitValue) ?? ''}`;
    pair(q, money(item.total));
  }
  rule();
  const t = d.totals;
  pair('QTD. TOTAL DE ITENS', String(d.items.length));
  pair('VALOR TOTAL R$', money(t.vProd));
  if (Number(t.vDesc ?? 0) > 0) pair('DESCONTO R$', money(t.vDesc));
  const more = Number(t.vFrete ?? 0) + Number(t.vSeg ?? 0) + Number(t.vOutro ?? 0);
  if (more > 0) pair('ACRÉSCIMOS R$', money(more.toFixed(2)));
  pair('VALOR A PAGAR R$', money(t.vNF), true);
  pair('FORMA DE PAGAMENTO', 'VALOR PAGO R$', true);
  for (const p of d.payments) pair(PAYMENT[p.type ?? ''] ?? p.type ?? '-', money(p.value));
  if (d.change) pair('TROCO R$', money(d.change));
  rule();
  line('Consulte pela Chave de Acesso em', { bold: true, ...center });
  line(d.urlChave ?? 'www.nfce.fazenda.gov.br', { ...center, size: 6.5 });
  line(formatKey(d.key), { bold: true, ...center, size: 7 });
  rule();
  const r = d.receiver;
  line(
    r.taxId
      ? `CONSUMIDOR - ${r.taxId.length === 11 ? 'CPF' : 'CNPJ'} ${formatTaxId(r.taxId)}`
      : 'CONSUMIDOR NÃO IDENTIFICADO',
    {
      bold: true,
      ...center,
    },
  );
  if (r.name) line(r.name, center);
  rule();
  line(
    `NFC-e nº ${formatDocNumber(d.number)}  Série ${d.series.padStart(3, '0')}  ${d.emittedAt ? formatDateTime(d.emittedAt) : ''}`,
    { bold: true, ...center },
  );
  if (d.protocol?.number) {
    line(`Protocolo de autorização: ${d.protocol.number}`, center);
    if (d.protocol.at) line(`Data de autorização: ${formatDateTime(d.protocol.at)}`, center);
  } else line('EMITIDA EM CONTINGÊNCIA OU SEM PROTOCOLO DE AUTORIZAÇÃO', { bold: true, ...center });
  if (d.qrCode) {
    if (draw) qrCode(s, d.qrCode, x + (w - QR) / 2, y, QR);
    y += QR + 2;
  }
  if (t.vTotTrib)
    line(`Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ ${money(t.vTotTrib)}`, { ...center, size: 6 });
  if (d.additional) line(d.additional, { size: 6 });
  return y + MARGIN;
}
