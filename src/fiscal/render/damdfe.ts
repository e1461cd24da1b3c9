// The DAMDFe (MDF-e, model 58) from the XML: header with the key's barcode, identification and
// route (loading and unloading UFs, loading cities, the UFs crossed), totals of the documents and
// the cargo, the road modal's vehicle and drivers, the documents listed per unloading city, and
// the additional information. One A4 portrait page.
import { arr, at, text, type Node } from '../readers/common.js';
import { documentHeader, identification, keyList, protocolText, row, stampPage, textBlock, titled } from './blocks.js';
import { formatDecimal, formatTaxId, money } from './format.js';
import { isCanceled, type RenderOptions } from './options.js';
import { partyOf } from './nfe-data.js';
import { A4, Sheet } from './sheet.js';
import { find, readFor, textAt } from './xml-tree.js';

const MARGIN = 14;
const MODAL: Record<string, string> = { '1': 'RODOVIÁRIO', '2': 'AÉREO', '3': 'AQUAVIÁRIO', '4': 'FERROVIÁRIO' };
const UNIT: Record<string, string> = { '01': 'KG', '02': 'TON' };

export async function renderDamdfe(xml: Uint8Array | string, options: RenderOptions = {}): Promise<Buffer> {
  const { summary, tree } = readFor(xml, ['mdfe'], 'an MDF-e (model 58)');
  const key = summary.key!;
  const inf = find(tree, 'infMDFe') ?? {};
  const ide = at(inf, 'ide');
  const s = new Sheet(A4.width, A4.height, `DAMDFE ${key}`);
  const x = MARGIN;
  const w = s.width - 2 * MARGIN;
  const subtitle = 'Documento auxiliar de manifesto eletrônico de documentos fiscais';
  const modal = MODAL[text(ide.modal) ?? ''] ?? text(ide.modal) ?? '-';
  let y = documentHeader(
    s,
    partyOf(at(inf, 'emit'), 'enderEmit'),
    key,
    { title: 'DAMDFE', subtitle, lines: [`MODAL ${modal}`] },
    x,
    MARGIN,
    w,
  );
  y = row(s, x, y, w, [
    ...identification(ide, 'nMDF', summary.emittedAt),
    ['UF carreg.', text(ide.UFIni), 0.7],
    ['UF descarreg.', text(ide.UFFim), 0.7],
  ]);
  y = row(s, x, y, w, [
    ['Protocolo de autorização', protocolText(tree), 2],
    [
      'Municípios de carregamento',
      arr(ide.infMunCarrega)
        .map((m) => text(m.xMunCarrega))
        .filter(Boolean)
        .join(', '),
      3,
    ],
    [
      'Percurso (UF)',
      arr(ide.infPercurso)
        .map((p) => text(p.UFPer))
        .filter(Boolean)
        .join(' > ') || undefined,
      1.5,
    ],
  ]);
  const tot = at(inf, 'tot');
  y = row(s, x, titled(s, `Modal ${modal.toLowerCase()} de carga`, x, y), w, [
    ['Qtd. CT-e', text(tot.qCTe)],
    ['Qtd. NF-e', text(tot.qNFe)],
    ['Qtd. MDF-e', text(tot.qMDFe)],
    ['Peso total', `${formatDecimal(text(tot.qCarga) ?? '')} ${UNIT[text(tot.cUnid) ?? ''] ?? ''}`, 1.3],
    ['Valor total da carga', money(text(tot.vCarga)), 1.3, { align: 'right', bold: true }],
  ]);
  y = vehicle(s, at(inf, 'infModal', 'rodo'), x, y, w);
  for (const city of arr(at(inf, 'infDoc').infMunDescarga).slice(0, 6)) {
    const keys = [
      ...arr(city.infCTe).map((d) => text(d.chCTe)),
      ...arr(city.infNFe).map((d) => text(d.chNFe)),
      ...arr(city.infMDFeTransp).map((d) => text(d.chMDFe)),
    ].filter((k): k is string => Boolean(k));
    y = keyList(s, `Documentos para ${text(city.xMunDescarga) ?? '-'}`, keys, x, y, w, 8);
  }
  const extra = [textAt(inf, 'infAdic', 'infCpl'), textAt(inf, 'infAdic', 'infAdFisco')].filter(Boolean).join(' ');
  textBlock(s, 'Observações', extra || undefined, x, y, w, 10);
  stampPage(s, { homologation: text(ide.tpAmb) === '2', canceled: isCanceled(options, summary) });
  return s.end();
}

/** The road modal's traction vehicle and its drivers; nothing for the other modals. */
function vehicle(s: Sheet, rodo: Node, x: number, y: number, w: number): number {
  const v = at(rodo, 'veicTracao');
  if (Object.keys(v).length === 0) return y;
  y = row(s, x, titled(s, 'Veículo', x, y), w, [
    ['Placa', text(v.placa)],
    ['UF', text(v.UF), 0.5],
    ['RNTRC', textAt(rodo, 'infANTT', 'RNTRC') ?? textAt(v, 'prop', 'RNTRC')],
    ['Tara (kg)', text(v.tara)],
  ]);
  for (const c of arr(v.condutor).slice(0, 4)) {
    const cpf = text(c.CPF);
    y = row(s, x, y, w, [
      ['CPF do condutor', cpf && formatTaxId(cpf), 1],
      ['Nome do condutor', text(c.xNome), 3],
    ]);
  }
  return y;
}
