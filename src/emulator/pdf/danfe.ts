// A simplified DANFe: a readable one-page summary of an NF-e (nfeProc or bare NFe) as PDF. Not
// the official layout (no barcode, no tax boxes): what a person needs to recognise the document.
// The header, parties, totals and protocol come from the shared XML reader; only the item lines,
// which the reader counts but does not keep, are read here.
import { arr, at, text, type Node } from '../../fiscal/readers/common.js';
import { parseXml } from '../../fiscal/readers/xml.js';
import { formatDateTime, formatDecimal, formatMoney } from '../../fiscal/render/format.js';
import {
  keyBlock,
  LEFT,
  money,
  onePagePdf,
  PageBuilder,
  partyBlock,
  PdfRenderError,
  protocolBlock,
  readSummary,
  RIGHT,
  titleBlock,
  totalsBlock,
  truncate,
} from './layout.js';

export const DANFE_TITLE = 'DANFE - Documento Auxiliar da Nota Fiscal Eletrônica';

/** Item lines that fit on the page with the totals below them. */
export const MAX_ITEM_LINES = 30;

/** The XML is not an NF-e that can be summarised: the render error every auxiliary document throws. */
export const DanfeError = PdfRenderError;
export type DanfeError = PdfRenderError;

export interface DanfeItem {
  description: string;
  quantity?: string;
  unit?: string;
  unitValue?: string;
  total?: string;
}

export function renderDanfe(xml: string): Buffer {
  const doc = readSummary(xml, ['nfe', 'nfce'], 'an NF-e');
  const page = new PageBuilder();
  titleBlock(page, DANFE_TITLE, 'Representação simplificada gerada a partir do XML da NF-e');
  keyBlock(page, doc.key!);
  page.text(
    `Número ${doc.number ?? '-'}   Série ${doc.series ?? '-'}   Emissão ${doc.emittedAt ? formatDateTime(doc.emittedAt) : '-'}   Modelo ${doc.model ?? '55'}`,
  );
  protocolBlock(page, doc.protocol, doc.canceled);
  page.rule();
  partyBlock(page, 'EMITENTE', doc.emitter);
  partyBlock(page, 'DESTINATÁRIO', doc.counterpart);
  page.rule();
  itemBlock(page, readItems(xml));
  page.rule();
  const t = doc.totals;
  totalsBlock(page, [
    ['Valor dos produtos', money(t.vProd)],
    ['Valor do ICMS', money(t.vICMS)],
    ['Valor do IPI', money(t.vIPI)],
    ['Valor total da nota', money(t.vNF), true],
  ]);
  return onePagePdf(page, `DANFE ${doc.key}`);
}

/** The `det` lines of the NF-e: product description, quantity, unit, unit value, line total. */
export function readItems(xml: string): DanfeItem[] {
  const { root, tree } = parseXml(xml);
  const top = at(tree, root);
  const nfe = root === 'NFe' ? top : at(top, 'NFe');
  return arr(at(nfe, 'infNFe').det).map((det: Node) => {
    const prod = at(det, 'prod');
    const item: DanfeItem = { description: text(prod.xProd) ?? '(sem descrição)' };
    const fields = {
      quantity: text(prod.qCom),
      unit: text(prod.uCom),
      unitValue: text(prod.vUnCom),
      total: text(prod.vProd),
    };
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) item[k as keyof typeof fields] = v;
    return item;
  });
}

const COLUMNS = { n: LEFT, description: LEFT + 22, quantity: 370, unitValue: 465, total: RIGHT } as const;

function itemBlock(page: PageBuilder, items: DanfeItem[]): void {
  page.label(`ITENS (${items.length})`);
  page.row(
    [
      ['#', COLUMNS.n],
      ['Descrição', COLUMNS.description],
      ['Qtd', COLUMNS.quantity, 'right'],
      ['Valor unit.', COLUMNS.unitValue, 'right'],
      ['Valor total', COLUMNS.total, 'right'],
    ],
    8,
    true,
  );
  const shown = items.length > MAX_ITEM_LINES ? items.slice(0, MAX_ITEM_LINES - 1) : items;
  shown.forEach((item, i) => {
    const quantity = item.quantity ? `${formatDecimal(item.quantity)}${item.unit ? ` ${item.unit}` : ''}` : '-';
    page.row(
      [
        [String(i + 1), COLUMNS.n],
        [truncate(item.description, 52), COLUMNS.description],
        [quantity, COLUMNS.quantity, 'right'],
        [item.unitValue ? formatMoney(item.unitValue) : '-', COLUMNS.unitValue, 'right'],
        [item.total ? formatMoney(item.total) : '-', COLUMNS.total, 'right'],
      ],
      8,
    );
  });
  if (shown.length < items.length) page.text(`... ${items.length - shown.length} more items`, 8);
}
