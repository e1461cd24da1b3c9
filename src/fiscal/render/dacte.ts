// The DACTe (CT-e, model 57) and the DACTe-OS (CT-e OS, model 67) from the XML, after the manual's
// layout: header with the key's barcode, the document's identification, the route, the parties
// (sender, receiver, dispatcher, recipient; the taker of a CT-e OS), the cargo, the components of
// the service's value, the ICMS, the documents carried and the observations. One A4 portrait page.
import { arr, at, first, text, type Node } from '../readers/common.js';
import {
  documentHeader,
  identification,
  keyList,
  partyBlock,
  protocolText,
  row,
  stampPage,
  taxId,
  textBlock,
  titled,
} from './blocks.js';
import { formatDecimal, money } from './format.js';
import { isCanceled, type RenderOptions } from './options.js';
import { partyOf } from './nfe-data.js';
import { A4, Sheet } from './sheet.js';
import { find, readFor, textAt, variant } from './xml-tree.js';

const MARGIN = 14;

const MODAL: Record<string, string> = {
  '01': 'RODOVIÁRIO',
  '02': 'AÉREO',
  '03': 'AQUAVIÁRIO',
  '04': 'FERROVIÁRIO',
  '05': 'DUTOVIÁRIO',
  '06': 'MULTIMODAL',
};
const CTE_TYPE: Record<string, string> = { '0': 'NORMAL', '1': 'COMPLEMENTO', '2': 'ANULAÇÃO', '3': 'SUBSTITUTO' };
const SERVICE: Record<string, string> = {
  '0': 'NORMAL',
  '1': 'SUBCONTRATAÇÃO',
  '2': 'REDESPACHO',
  '3': 'REDESPACHO INTERMEDIÁRIO',
  '4': 'SERVIÇO VINCULADO A MULTIMODAL',
  '6': 'TRANSPORTE DE PESSOAS',
  '7': 'TRANSPORTE DE VALORES',
  '8': 'EXCESSO DE BAGAGEM',
};
/** toma3/toma: the party that takes the service, and where its address is. */
const TAKER: Record<string, [string, string]> = {
  '0': ['rem', 'enderReme'],
  '1': ['exped', 'enderExped'],
  '2': ['receb', 'enderReceb'],
  '3': ['dest', 'enderDest'],
};

export const renderDacte = (xml: Uint8Array | string, options: RenderOptions = {}) => draw(xml, false, options);
export const renderDacteOs = (xml: Uint8Array | string, options: RenderOptions = {}) => draw(xml, true, options);

async function draw(xml: Uint8Array | string, os: boolean, options: RenderOptions): Promise<Buffer> {
  const what = os ? 'a CT-e OS (model 67)' : 'a CT-e (model 57)';
  const { summary, tree } = readFor(xml, [os ? 'cteos' : 'cte'], what);
  const key = summary.key!;
  const title = os ? 'DACTE OS' : 'DACTE';
  const inf = find(tree, 'infCte') ?? {};
  const ide = at(inf, 'ide');
  const s = new Sheet(A4.width, A4.height, `${title} ${key}`);
  const x = MARGIN;
  const w = s.width - 2 * MARGIN;
  let y = documentHeader(
    s,
    partyOf(at(inf, 'emit'), 'enderEmit'),
    key,
    {
      title,
      subtitle: `Documento auxiliar do conhecimento de transporte eletrônico${os ? ' para outros serviços' : ''}`,
      lines: [`MODAL ${MODAL[text(ide.modal) ?? ''] ?? text(ide.modal) ?? '-'}`],
    },
    x,
    MARGIN,
    w,
  );
  y = row(s, x, y, w, [
    ...identification(ide, 'nCT', summary.emittedAt),
    ['Protocolo de autorização de uso', protocolText(tree), 2.4],
  ]);
  y = row(s, x, y, w, [
    ['Tipo do CT-e', CTE_TYPE[text(ide.tpCTe) ?? ''] ?? text(ide.tpCTe), 1],
    ['Tipo do serviço', SERVICE[text(ide.tpServ) ?? ''] ?? text(ide.tpServ), 1.3],
    ['CFOP - natureza da prestação', [text(ide.CFOP), text(ide.natOp)].filter(Boolean).join(' - '), 3],
  ]);
  y = row(s, x, y, w, [
    ['Início da prestação', [text(ide.xMunIni), text(ide.UFIni)].filter(Boolean).join(' - '), 1],
    ['Término da prestação', [text(ide.xMunFim), text(ide.UFFim)].filter(Boolean).join(' - '), 1],
  ]);
  y = os ? osParties(s, inf, x, y, w) : parties(s, inf, ide, x, y, w);
  y = os ? service(s, inf, x, y, w) : cargo(s, inf, x, y, w);
  y = values(s, inf, x, y, w);
  if (!os) {
    const docs = at(inf, 'infCTeNorm', 'infDoc');
    const keys = [...arr(docs.infNFe).map((n) => text(n.chave)), ...arr(docs.infOutros).map((n) => text(n.nDoc))];
    y = keyList(
      s,
      'Documentos originários',
      keys.filter((k): k is string => Boolean(k)),
      x,
      y,
      w,
      10,
    );
  }
  const rntrc =
    textAt(inf, 'infCTeNorm', 'infModal', 'rodo', 'RNTRC') ?? textAt(inf, 'infCTeNorm', 'infModal', 'rodoOS', 'TAF');
  if (rntrc)
    y = row(s, x, titled(s, 'Dados específicos do modal', x, y), w, [[os ? 'TAF' : 'RNTRC da empresa', rntrc]]);
  textBlock(s, 'Observações', textAt(inf, 'compl', 'xObs'), x, y, w, 8);
  stampPage(s, { homologation: text(ide.tpAmb) === '2', canceled: isCanceled(options, summary) });
  return s.end();
}

function parties(s: Sheet, inf: Node, ide: Node, x: number, y: number, w: number): number {
  const half = (w - 4) / 2;
  const pair = (a: [string, string, string], b: [string, string, string], top: number) => {
    const left = partyBlock(s, a[0], partyOf(at(inf, a[1]), a[2]), x, top, half);
    const right = partyBlock(s, b[0], partyOf(at(inf, b[1]), b[2]), x + half + 4, top, half);
    return Math.max(left, right);
  };
  y = pair(['Remetente', 'rem', 'enderReme'], ['Destinatário', 'dest', 'enderDest'], y);
  y = pair(['Expedidor', 'exped', 'enderExped'], ['Recebedor', 'receb', 'enderReceb'], y);
  const toma = text(at(ide, 'toma3').toma) ?? text(at(ide, 'toma03').toma);
  const named = toma === undefined ? undefined : TAKER[toma];
  const taker = named ? partyOf(at(inf, named[0]), named[1]) : partyOf(at(ide, 'toma4'), 'enderToma');
  return row(s, x, titled(s, 'Tomador do serviço', x, y), w, [
    ['Nome / Razão social', taker.name, 3],
    ['CNPJ / CPF', taxId(taker.taxId), 1.3],
    ['Município / UF', [taker.city, taker.uf].filter(Boolean).join(' - ') || undefined, 1.5],
  ]);
}

function osParties(s: Sheet, inf: Node, x: number, y: number, w: number): number {
  return partyBlock(s, 'Tomador do serviço', partyOf(at(inf, 'toma'), 'enderToma'), x, y, w);
}

function cargo(s: Sheet, inf: Node, x: number, y: number, w: number): number {
  const c = at(inf, 'infCTeNorm', 'infCarga');
  y = row(s, x, titled(s, 'Informações da carga', x, y), w, [
    ['Produto predominante', text(c.proPred), 2],
    ['Outras características da carga', text(c.xOutCat), 2],
    ['Valor total da carga', money(text(c.vCarga)), 1, { align: 'right' }],
  ]);
  const q = arr(c.infQ).slice(0, 6);
  if (q.length)
    y = row(
      s,
      x,
      y,
      w,
      q.map((n) => [
        text(n.tpMed) ?? 'Quantidade',
        `${formatDecimal(text(n.qCarga) ?? '')} ${UNIT[text(n.cUnid) ?? ''] ?? ''}`,
      ]),
    );
  return y;
}

const UNIT: Record<string, string> = {
  '00': 'M3',
  '01': 'KG',
  '02': 'TON',
  '03': 'UNIDADE',
  '04': 'LITROS',
  '05': 'MMBTU',
};

function service(s: Sheet, inf: Node, x: number, y: number, w: number): number {
  const sv = at(inf, 'infCTeNorm', 'infServico');
  return row(s, x, titled(s, 'Informações da prestação do serviço', x, y), w, [
    ['Descrição do serviço prestado', text(sv.xDescServ), 4],
    ['Quantidade', textAt(sv, 'infQ', 'qCarga'), 1, { align: 'right' }],
  ]);
}

/** Components of the service's value, its total and what is to be received, and the ICMS. */
function values(s: Sheet, inf: Node, x: number, y: number, w: number): number {
  const v = at(inf, 'vPrest');
  y = titled(s, 'Componentes do valor da prestação do serviço', x, y);
  const comps = arr(v.Comp).map((c) => [text(c.xNome) ?? '', money(text(c.vComp))] as [string, string | undefined]);
  for (let i = 0; i < comps.length; i += 4)
    y = row(
      s,
      x,
      y,
      w,
      comps.slice(i, i + 4).map(([a, b]) => [a, b, 1, { align: 'right' }]),
    );
  y = row(s, x, y, w, [
    ['Valor total do serviço', money(text(v.vTPrest)), 1, { align: 'right', bold: true }],
    ['Valor a receber', money(text(v.vRec)), 1, { align: 'right', bold: true }],
  ]);
  const icms = variant(at(inf, 'imp', 'ICMS'), 'ICMS');
  return row(s, x, titled(s, 'Informações relativas ao imposto', x, y), w, [
    ['Situação tributária', first(icms, 'CST'), 1],
    ['Base de cálculo', money(first(icms, 'vBC', 'vBCOutraUF')), 1, { align: 'right' }],
    ['Alíquota do ICMS', first(icms, 'pICMS', 'pICMSOutraUF'), 1, { align: 'right' }],
    ['Valor do ICMS', money(first(icms, 'vICMS', 'vICMSOutraUF')), 1, { align: 'right' }],
    ['% Red. BC', first(icms, 'pRedBC'), 1, { align: 'right' }],
  ]);
}
