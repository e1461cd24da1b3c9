// A simplified DANFe: a readable one-page summary of an NF-e (nfeProc or bare NFe) as PDF. Not
// the official layout (no barcode, no tax boxes): what a person needs to recognise the document.
// The header, parties, totals and protocol come from the shared XML reader; only the item lines,
// which the reader counts but does not keep, are read here.
import { arr, at, text, type Node } from '../readers/common.js';
import { readDocuments, type DocumentSummary, type Party } from '../readers/index.js';
import { parseXml } from '../readers/xml.js';
import { formatDateTime, formatDecimal, formatKey, formatMoney, formatTaxId } from './format.js';
import { PAGE_WIDTH, textWidth, writePdf, type PdfPage, type PdfText } from './pdf-writer.js';

export const DANFE_TITLE = 'DANFE - Documento Auxiliar da Nota Fiscal Eletrônica';

/** Item lines that fit on the page with the totals below them. */
export const MAX_ITEM_LINES = 30;

/** The XML is not an NF-e that can be summarised (unreadable, another type, no access key). */
export class DanfeError extends Error {
  override name = 'DanfeError';
}

export interface DanfeItem {
  description: string;
  quantity?: string;
  unit?: string;
  unitValue?: string;
  total?: string;
}

const LEFT = 40;
const RIGHT = PAGE_WIDTH - 40;

export function renderDanfe(xml: string): Buffer {
  const doc = nfeSummary(xml);
  const page = new PageBuilder();
  page.text(DANFE_TITLE, 13, true);
  page.text('Representação simplificada gerada a partir do XML da NF-e', 8);
  page.gap(6);
  page.label('CHAVE DE ACESSO');
  page.text(formatKey(doc.key!), 11, true);
  page.text(`Número ${doc.number ?? '-'}   Série ${doc.series ?? '-'}   Emissão ${doc.emittedAt ? formatDateTime(doc.emittedAt) : '-'}   Modelo ${doc.model ?? '55'}`);
  const p = doc.protocol;
  page.text(`Protocolo de autorização: ${p?.number ?? '-'}${p?.at ? `  em ${formatDateTime(p.at)}` : ''}`);
  page.text(`Situação: ${p?.status ? `${p.status} - ${p.reason ?? ''}` : 'sem protocolo'}${doc.canceled ? '  (CANCELADA)' : ''}`);
  page.rule();
  partyBlock(page, 'EMITENTE', doc.emitter);
  partyBlock(page, 'DESTINATÁRIO', doc.counterpart);
  page.rule();
  itemBlock(page, readItems(xml));
  page.rule();
  page.label('TOTAIS');
  const totals: [string, string | undefined][] = [
    ['Valor dos produtos', doc.totals.vProd], ['Valor do ICMS', doc.totals.vICMS],
    ['Valor do IPI', doc.totals.vIPI], ['Valor total da nota', doc.totals.vNF],
  ];
  for (const [label, value] of totals) page.row([[label, LEFT], [value === undefined ? '-' : `R$ ${formatMoney(value)}`, RIGHT, 'right']], 10, label.endsWith('nota'));
  return writePdf([page.build()], { title: `DANFE ${doc.key}`, producer: 'fiscal' });
}

function nfeSummary(xml: string): DocumentSummary {
  let docs: DocumentSummary[];
  try {
    docs = readDocuments(Buffer.from(xml, 'utf8'), 'danfe');
  } catch (error) {
    throw new DanfeError((error as Error).message);
  }
  const doc = docs.find((d) => d.kind === 'nfe' || d.kind === 'nfce');
  if (!doc) throw new DanfeError(`not an NF-e: found ${docs.map((d) => d.kind).join(', ')}`);
  if (!doc.key || !/^\d{44}$/.test(doc.key)) throw new DanfeError('the NF-e has no 44-digit access key');
  return doc;
}

/** The `det` lines of the NF-e: product description, quantity, unit, unit value, line total. */
export function readItems(xml: string): DanfeItem[] {
  const { root, tree } = parseXml(xml);
  const top = at(tree, root);
  const nfe = root === 'NFe' ? top : at(top, 'NFe');
  return arr(at(nfe, 'infNFe').det).map((det: Node) => {
    const prod = at(det, 'prod');
    const item: DanfeItem = { description: text(prod.xProd) ?? '(sem descrição)' };
    const fields = { quantity: text(prod.qCom), unit: text(prod.uCom), unitValue: text(prod.vUnCom), total: text(prod.vProd) };
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) item[k as keyof typeof fields] = v;
    return item;
  });
}

function partyBlock(page: PageBuilder, label: string, party: Party): void {
  page.label(label);
  page.text(party.name ?? '-', 10, true);
  page.text(`${party.taxId?.length === 11 ? 'CPF' : 'CNPJ'} ${party.taxId ? formatTaxId(party.taxId) : '-'}   UF ${party.uf ?? '-'}`);
}

const COLUMNS = { n: LEFT, description: LEFT + 22, quantity: 370, unitValue: 465, total: RIGHT } as const;

function itemBlock(page: PageBuilder, items: DanfeItem[]): void {
  page.label(`ITENS (${items.length})`);
  page.row([['#', COLUMNS.n], ['Descrição', COLUMNS.description], ['Qtd', COLUMNS.quantity, 'right'], ['Valor unit.', COLUMNS.unitValue, 'right'], ['Valor total', COLUMNS.total, 'right']], 8, true);
  const shown = items.length > MAX_ITEM_LINES ? items.slice(0, MAX_ITEM_LINES - 1) : items;
  shown.forEach((item, i) => {
    const quantity = item.quantity ? `${formatDecimal(item.quantity)}${item.unit ? ` ${item.unit}` : ''}` : '-';
    page.row([
      [String(i + 1), COLUMNS.n], [truncate(item.description, 52), COLUMNS.description], [quantity, COLUMNS.quantity, 'right'],
      [item.unitValue ? formatMoney(item.unitValue) : '-', COLUMNS.unitValue, 'right'], [item.total ? formatMoney(item.total) : '-', COLUMNS.total, 'right'],
    ], 8);
  });
  if (shown.length < items.length) page.text(`... ${items.length - shown.length} more items`, 8);
}

function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

type Cell = [text: string, x: number, align?: 'right'];

/** Lays lines out from the top of the page down. */
class PageBuilder {
  private y = 800;
  private readonly texts: PdfText[] = [];
  private readonly rules: NonNullable<PdfPage['rules']> = [];

  text(value: string, size = 10, bold = false): void {
    this.row([[value, LEFT]], size, bold);
  }

  label(value: string): void {
    this.gap(4);
    this.text(value, 7, true);
  }

  row(cells: Cell[], size = 10, bold = false): void {
    for (const [value, x, align] of cells) {
      const left = align === 'right' ? x - textWidth(value, size) : x;
      this.texts.push({ x: left, y: this.y, text: value, size, bold });
    }
    this.y -= size + 4;
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.gap(2);
    this.rules.push({ x1: LEFT, y1: this.y + 8, x2: RIGHT, y2: this.y + 8 });
    this.gap(4);
  }

  build(): PdfPage {
    return { texts: this.texts, rules: this.rules };
  }
}
