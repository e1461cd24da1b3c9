// Simplified DACTe (CT-e, model 57) and DACTe-OS (CT-e OS, model 67): one readable page each, not
// the official layout (no barcode, no modal boxes). Key, parties' taker, totals and protocol come
// from the shared reader; the other parties of a CT-e (sender, dispatcher, receiver, addressee),
// the route, the NF-e carried and the service of a CT-e OS are read here.
import { arr, at, party, text, type Node } from '../../fiscal/readers/common.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import { parseXml } from '../../fiscal/readers/xml.js';
import { formatDateTime, formatDecimal } from '../../fiscal/render/format.js';
import {
  keyBlock,
  keyListBlock,
  money,
  onePagePdf,
  PageBuilder,
  partyBlock,
  protocolBlock,
  readSummary,
  titleBlock,
  totalsBlock,
  wrap,
} from './layout.js';

export const DACTE_TITLE = 'DACTE - Documento Auxiliar do Conhecimento de Transporte Eletrônico';
export const DACTE_OS_TITLE = 'DACTE OS - Documento Auxiliar do CT-e Outros Serviços';

/** NF-e keys listed before "... N more". */
export const MAX_NFE_LINES = 12;

/** CT-e groups other than the taker, with the address element that holds their UF. */
const CTE_PARTIES: [label: string, group: string, address: string][] = [
  ['REMETENTE', 'rem', 'enderReme'],
  ['EXPEDIDOR', 'exped', 'enderExped'],
  ['RECEBEDOR', 'receb', 'enderReceb'],
  ['DESTINATÁRIO', 'dest', 'enderDest'],
];

export function renderDacte(xml: string): Buffer {
  const doc = readSummary(xml, ['cte'], 'a CT-e');
  const inf = infCte(xml, 'CTe');
  const page = new PageBuilder();
  titleBlock(page, DACTE_TITLE, 'Representação simplificada gerada a partir do XML do CT-e');
  header(page, doc, inf);
  partyBlock(page, 'EMITENTE', doc.emitter);
  partyBlock(page, 'TOMADOR DO SERVIÇO', doc.counterpart);
  for (const [label, group, address] of CTE_PARTIES) {
    const node = at(inf, group);
    if (Object.keys(node).length > 0) partyBlock(page, label, party(node, at(node, address)));
  }
  page.rule();
  const infDoc = at(inf, 'infCTeNorm', 'infDoc');
  const keys = arr(infDoc.infNFe)
    .map((n) => text(n.chave))
    .filter((k): k is string => k !== undefined);
  keyListBlock(page, 'NF-e TRANSPORTADAS', keys, MAX_NFE_LINES);
  page.rule();
  const t = doc.totals;
  totalsBlock(page, [
    ['Valor da carga', money(t.vCarga)],
    ['Valor do ICMS', money(t.vICMS)],
    ['Valor a receber', money(t.vRec)],
    ['Valor total da prestação', money(t.vTPrest), true],
  ]);
  return onePagePdf(page, `DACTE ${doc.key}`);
}

export function renderDacteOs(xml: string): Buffer {
  const doc = readSummary(xml, ['cteos'], 'a CT-e OS');
  const inf = infCte(xml, 'CTeOS');
  const page = new PageBuilder();
  titleBlock(page, DACTE_OS_TITLE, 'Representação simplificada gerada a partir do XML do CT-e OS');
  header(page, doc, inf);
  partyBlock(page, 'EMITENTE', doc.emitter);
  partyBlock(page, 'TOMADOR DO SERVIÇO', doc.counterpart);
  page.rule();
  const service = at(inf, 'infCTeNorm', 'infServico');
  page.label('SERVIÇO PRESTADO');
  for (const line of wrap(text(service.xDescServ) ?? '-', 90)) page.text(line);
  const quantity = text(at(service, 'infQ').qCarga);
  if (quantity) page.text(`Quantidade: ${formatDecimal(quantity)}`);
  page.rule();
  const t = doc.totals;
  totalsBlock(page, [
    ['Valor do ICMS', money(t.vICMS)],
    ['Valor a receber', money(t.vRec)],
    ['Valor total da prestação', money(t.vTPrest), true],
  ]);
  return onePagePdf(page, `DACTE OS ${doc.key}`);
}

/** The infCte of a cteProc / cteOSProc or of a bare CTe / CTeOS. */
function infCte(xml: string, element: 'CTe' | 'CTeOS'): Node {
  const { root, tree } = parseXml(xml);
  const top = at(tree, root);
  return at(root === element ? top : at(top, element), 'infCte');
}

function header(page: PageBuilder, doc: DocumentSummary, inf: Node): void {
  keyBlock(page, doc.key!);
  const ide = at(inf, 'ide');
  page.text(
    `Número ${doc.number ?? '-'}   Série ${doc.series ?? '-'}   Emissão ${doc.emittedAt ? formatDateTime(doc.emittedAt) : '-'}   Modelo ${doc.model}`,
  );
  page.text(`CFOP ${text(ide.CFOP) ?? '-'}  ${text(ide.natOp) ?? ''}`);
  page.text(
    `Início ${place(text(ide.xMunIni), text(ide.UFIni))}   Término ${place(text(ide.xMunFim), text(ide.UFFim))}`,
  );
  protocolBlock(page, doc.protocol, doc.canceled);
  page.rule();
}

const place = (city: string | undefined, uf: string | undefined): string => (city ? `${city}/${uf ?? '-'}` : '-');
