// The DANFe of an NF-e (model 55) as the Manual de Orientação do Contribuinte lays it out: the
// receipt stub, the header (emitter, DANFE, barcode and key, nature, protocol, registrations),
// receiver, bills, tax totals, carrier and volumes, then the items, continued on further pages
// under the same header, and the additional information on the first page. Portrait (tpImp 1) or
// landscape (tpImp 2) share one layout whose widths follow the page's.
import { row, stampPage, taxId, titled, type Cell, type Stamps } from './blocks.js';
import { ItemTable } from './danfe-items.js';
import { danfeHeader, HEADER_HEIGHT } from './danfe-header.js';
import { formatCep, formatDate, formatDecimal, formatDocNumber, formatTime, money } from './format.js';
import { readNfeData, type NfeData } from './nfe-data.js';
import { A4, Sheet } from './sheet.js';
import { isCanceled, type RenderOptions } from './options.js';

const MARGIN = 14;
const STUB = 46;
const ADDITIONAL = 74;
/** A bill's number and due date are its cell's label: the document's, not the layout's. */
const DATA_LABEL = { dataLabel: true } as const;

export async function renderDanfe(xml: Uint8Array | string, options: RenderOptions = {}): Promise<Buffer> {
  const d = readNfeData(xml, 'nfe');
  const landscape = d.printType === '2';
  const s = landscape
    ? new Sheet(A4.height, A4.width, `DANFE ${d.key}`, false, d.emittedAt)
    : new Sheet(A4.width, A4.height, `DANFE ${d.key}`, false, d.emittedAt);
  const stamps: Stamps = { homologation: d.homologation, canceled: isCanceled(options, d.summary) };
  const x = MARGIN;
  const w = s.width - 2 * MARGIN;
  const table = new ItemTable(s, x, w);

  // Pages are planned before anything is drawn, since every header says FOLHA n/N.
  const firstTop = MARGIN + STUB + HEADER_HEIGHT + 1 + partiesHeight(d);
  const firstBottom = s.height - MARGIN - ADDITIONAL - (d.issqn ? 28 : 0);
  const nextTop = MARGIN + HEADER_HEIGHT + 1 + 9;
  const nextBottom = s.height - MARGIN;
  const pages = paginate(
    d.items.map((i) => table.heightOf(i)),
    firstBottom - firstTop - 9 - 14,
    nextBottom - nextTop - 14,
  );

  // What the pages draw through s.layout() depends on these alone (the page's size aside).
  const billRows = Math.ceil(d.bills.length / 6);
  const firstLayout = `danfe-first:${billRows}:${d.issqn ? 'issqn' : ''}`;
  pages.forEach((range, p) => {
    s.addPage(undefined, p === 0 ? firstLayout : 'danfe-next');
    let y = MARGIN;
    if (p === 0) y = stub(s, d, x, y, w);
    y = danfeHeader(s, d, x, y, w, { page: p + 1, pages: pages.length });
    if (p === 0) y = parties(s, d, x, y + 1, w);
    y = titled(s, 'DADOS DO PRODUTO / SERVIÇO', x, y);
    const top = table.header(y);
    let bottom = top;
    for (let i = range[0]; i < range[1]; i++) bottom = table.item(d.items[i]!, bottom);
    const end = p === 0 ? firstBottom : nextBottom;
    table.frame(top, end);
    if (p === 0) footer(s, d, x, end, w);
    stampPage(s, stamps);
  });
  return s.end();
}

/** [first, end) item ranges per page: as many as fit the first page's room, then the next pages'. */
export function paginate(heights: readonly number[], firstRoom: number, nextRoom: number): [number, number][] {
  const pages: [number, number][] = [];
  let start = 0;
  let used = 0;
  let room = firstRoom;
  heights.forEach((h, i) => {
    if (used + h > room && i > start) {
      pages.push([start, i]);
      start = i;
      used = 0;
      room = nextRoom;
    }
    used += h;
  });
  pages.push([start, heights.length]);
  return pages;
}

/** The receipt stub the receiver signs: who sent what, date and signature, number and series. */
function stub(s: Sheet, d: NfeData, x: number, y: number, w: number): number {
  const side = 110;
  const t = d.totals;
  const said =
    `RECEBEMOS DE ${d.emitter.name ?? ''} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. ` +
    `EMISSÃO: ${formatDate(d.emittedAt) ?? ''} VALOR TOTAL: R$ ${money(t.vNF) ?? ''} DESTINATÁRIO: ${d.receiver.name ?? ''}`;
  s.layout(() => s.box(x, y, w - side, 18));
  s.wrap(said, w - side - 4, 5.5, 2).forEach((l, i) =>
    s.textIn(l, x + 2, y + 2 + i * 7, 5.5, false, undefined, undefined),
  );
  row(
    s,
    x,
    y + 18,
    w - side,
    [
      ['Data de recebimento', undefined, 1],
      ['Identificação e assinatura do recebedor', undefined, 3],
    ],
    20,
  );
  s.layout(() => {
    s.box(x + w - side, y, side, 38);
    s.text('NF-e', x + w - side, y + 3, { size: 11, bold: true, width: side, align: 'center' });
    s.line(x, y + 42, x + w, y + 42, 2);
  });
  s.textIn(`Nº ${formatDocNumber(d.number)}`, x + w - side, y + 16, 9, true, side, 'center');
  s.textIn(`SÉRIE ${d.series.padStart(3, '0')}`, x + w - side, y + 27, 8, true, side, 'center');
  return y + STUB;
}

function partiesHeight(d: NfeData): number {
  return 9 + 3 * 19 + (d.bills.length ? 9 + Math.ceil(d.bills.length / 6) * 19 : 0) + 9 + 2 * 19 + 9 + 3 * 19;
}

/** DESTINATÁRIO / REMETENTE, FATURA / DUPLICATAS, CÁLCULO DO IMPOSTO, TRANSPORTADOR / VOLUMES. */
function parties(s: Sheet, d: NfeData, x: number, y: number, w: number): number {
  const r = d.receiver;
  y = titled(s, 'DESTINATÁRIO / REMETENTE', x, y);
  y = row(s, x, y, w, [
    ['Nome / Razão social', r.name, 5],
    ['CNPJ / CPF', taxId(r.taxId), 2],
    ['Data da emissão', formatDate(d.emittedAt), 1.3],
  ]);
  y = row(s, x, y, w, [
    ['Endereço', r.street, 4],
    ['Bairro / Distrito', r.district, 2],
    ['CEP', formatCep(r.cep), 1],
    ['Data da saída / entrada', formatDate(d.movedAt), 1.3],
  ]);
  y = row(s, x, y, w, [
    ['Município', r.city, 3],
    ['Fone / Fax', r.phone, 1.5],
    ['UF', r.uf, 0.5],
    ['Inscrição estadual', r.ie, 1.7],
    ['Hora da saída / entrada', formatTime(d.movedAt), 1.3],
  ]);
  if (d.bills.length) {
    y = titled(s, 'FATURA / DUPLICATAS', x, y);
    for (let i = 0; i < d.bills.length; i += 6) {
      const cells = d.bills
        .slice(i, i + 6)
        .map((b): Cell => [
          `Nº ${b.number ?? ''}  Venc. ${formatDate(b.due) ?? ''}`,
          `R$ ${money(b.value) ?? ''}`,
          1,
          DATA_LABEL,
        ]);
      while (cells.length < 6) cells.push(['', undefined, 1, DATA_LABEL]);
      y = row(s, x, y, w, cells);
    }
  }
  const t = d.totals;
  y = titled(s, 'CÁLCULO DO IMPOSTO', x, y);
  const right = { align: 'right' } as const;
  y = row(s, x, y, w, [
    ['Base de cálc. do ICMS', money(t.vBC), 1, right],
    ['Valor do ICMS', money(t.vICMS), 1, right],
    ['Base de cálc. ICMS S.T.', money(t.vBCST), 1, right],
    ['Valor do ICMS subst.', money(t.vST), 1, right],
    ['Valor aprox. dos tributos', money(t.vTotTrib), 1, right],
    ['Valor total dos produtos', money(t.vProd), 1.2, { align: 'right', bold: true }],
  ]);
  y = row(s, x, y, w, [
    ['Valor do frete', money(t.vFrete), 1, right],
    ['Valor do seguro', money(t.vSeg), 1, right],
    ['Desconto', money(t.vDesc), 1, right],
    ['Outras despesas', money(t.vOutro), 1, right],
    ['Valor total do IPI', money(t.vIPI), 1, right],
    ['Valor total da nota', money(t.vNF), 1.2, { align: 'right', bold: true }],
  ]);
  const tr = d.transport;
  const v = tr.volumes;
  y = titled(s, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS', x, y);
  y = row(s, x, y, w, [
    ['Nome / Razão social', tr.carrier.name, 4],
    ['Frete por conta', FREIGHT[tr.mode ?? ''] ?? tr.mode, 2],
    ['Código ANTT', tr.antt, 1],
    ['Placa do veículo', tr.plate, 1.2],
    ['UF', tr.plateUf, 0.5],
    ['CNPJ / CPF', taxId(tr.carrier.taxId), 1.8],
  ]);
  y = row(s, x, y, w, [
    ['Endereço', tr.carrier.street, 4],
    ['Município', tr.carrier.city, 3],
    ['UF', tr.carrier.uf, 0.5],
    ['Inscrição estadual', tr.carrier.ie, 1.8],
  ]);
  return row(s, x, y, w, [
    ['Quantidade', v.qVol, 1],
    ['Espécie', v.esp, 1.5],
    ['Marca', v.marca, 1.5],
    ['Numeração', v.nVol, 1.5],
    ['Peso bruto', v.pesoB && formatDecimal(v.pesoB), 1.2, right],
    ['Peso líquido', v.pesoL && formatDecimal(v.pesoL), 1.2, right],
  ]);
}

const FREIGHT: Record<string, string> = {
  '0': '0 - Remetente (CIF)',
  '1': '1 - Destinatário (FOB)',
  '2': '2 - Terceiros',
  '3': '3 - Próprio remetente',
  '4': '4 - Próprio destinatário',
  '9': '9 - Sem frete',
};

/** CÁLCULO DO ISSQN (when the NF-e has services) and DADOS ADICIONAIS, at the foot of page one. */
function footer(s: Sheet, d: NfeData, x: number, y: number, w: number): void {
  if (d.issqn) {
    y = titled(s, 'CÁLCULO DO ISSQN', x, y);
    y = row(s, x, y, w, [
      ['Inscrição municipal', d.emitter.im, 1],
      ['Valor total dos serviços', money(d.issqn.vServ), 1, { align: 'right' }],
      ['Base de cálculo do ISSQN', money(d.issqn.vBC), 1, { align: 'right' }],
      ['Valor do ISSQN', money(d.issqn.vISS), 1, { align: 'right' }],
    ]);
  }
  y = titled(s, 'DADOS ADICIONAIS', x, y);
  const h = ADDITIONAL - 11;
  const left = w * 0.65;
  s.field(x, y, left, h, 'Informações complementares', undefined);
  const text = [d.additional, d.protocol?.number ? undefined : 'Documento sem protocolo de autorização']
    .filter(Boolean)
    .join(' ');
  s.wrap(text, left - 6, 6.5, Math.floor((h - 9) / 7.5)).forEach((l, i) =>
    s.textIn(l, x + 2, y + 8 + i * 7.5, 6.5, false, undefined, undefined),
  );
  s.field(x + left, y, w - left, h, 'Reservado ao fisco', undefined);
  if (d.fisco)
    s.wrap(d.fisco, w - left - 6, 6.5, Math.floor((h - 9) / 7.5)).forEach((l, i) =>
      s.textIn(l, x + left + 2, y + 8 + i * 7.5, 6.5, false, undefined, undefined),
    );
}
