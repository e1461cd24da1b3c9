// Simplified DAMDFe (MDF-e, model 58): one readable page, not the official layout (no barcode, no
// QR code). Key, emitter, cargo totals and protocol come from the shared reader; the route, the
// vehicle, the contractors and the documents listed per unloading city are read here.
import { arr, at, party, text, type Node } from '../../fiscal/readers/common.js';
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
  type TotalRow,
} from './layout.js';

export const DAMDFE_TITLE = 'DAMDFE - Documento Auxiliar do Manifesto Eletrônico de Documentos Fiscais';

/** Keys listed before "... N more". */
export const MAX_KEY_LINES = 16;

export function renderDamdfe(xml: string): Buffer {
  const doc = readSummary(xml, ['mdfe'], 'an MDF-e');
  const inf = infMdfe(xml);
  const ide = at(inf, 'ide');
  const page = new PageBuilder();
  titleBlock(page, DAMDFE_TITLE, 'Representação simplificada gerada a partir do XML do MDF-e');
  keyBlock(page, doc.key!);
  page.text(
    `Número ${doc.number ?? '-'}   Série ${doc.series ?? '-'}   Emissão ${doc.emittedAt ? formatDateTime(doc.emittedAt) : '-'}   Modelo ${doc.model}`,
  );
  const loads = arr(ide.infMunCarrega)
    .map((m) => text(m.xMunCarrega))
    .filter(Boolean)
    .join(', ');
  page.text(`UF início ${text(ide.UFIni) ?? '-'}   UF fim ${text(ide.UFFim) ?? '-'}   Carregamento ${loads || '-'}`);
  const plate = text(at(inf, 'infModal', 'rodo', 'veicTracao').placa);
  if (plate) page.text(`Veículo (placa) ${plate}`);
  protocolBlock(page, doc.protocol, doc.canceled);
  page.rule();
  partyBlock(page, 'EMITENTE', doc.emitter);
  for (const c of arr(at(inf, 'infModal', 'rodo', 'infANTT').infContratante)) partyBlock(page, 'CONTRATANTE', party(c));
  page.rule();
  documentsBlock(page, inf);
  page.rule();
  const t = doc.totals;
  const rows: TotalRow[] = [];
  if (t.qCTe !== undefined) rows.push(['Quantidade de CT-e', t.qCTe]);
  if (t.qNFe !== undefined) rows.push(['Quantidade de NF-e', t.qNFe]);
  rows.push(
    ['Peso bruto da carga (kg)', t.qCarga === undefined ? undefined : formatDecimal(t.qCarga)],
    ['Valor total da carga', money(t.vCarga), true],
  );
  totalsBlock(page, rows);
  return onePagePdf(page, `DAMDFE ${doc.key}`);
}

function infMdfe(xml: string): Node {
  const { root, tree } = parseXml(xml);
  const top = at(tree, root);
  return at(root === 'MDFe' ? top : at(top, 'MDFe'), 'infMDFe');
}

/** The CT-e and NF-e listed under every unloading city, with the cities named. */
function documentsBlock(page: PageBuilder, inf: Node): void {
  const cities: string[] = [];
  const keys: string[] = [];
  for (const mun of arr(at(inf, 'infDoc').infMunDescarga)) {
    cities.push(text(mun.xMunDescarga) ?? '-');
    for (const c of arr(mun.infCTe)) keys.push(text(c.chCTe) ?? '');
    for (const n of arr(mun.infNFe)) keys.push(text(n.chNFe) ?? '');
  }
  page.label('DESCARREGAMENTO');
  page.text(cities.join(', ') || '-');
  keyListBlock(page, 'DOCUMENTOS', keys.filter(Boolean), MAX_KEY_LINES);
}
