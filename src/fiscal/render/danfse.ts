// The DANFSe of an NFS-e, from either layout: ABRASF (municipal, CompNfse / Nfse) and the national
// one (NFSe / infNFSe with its DPS). Parties and values come from the shared reader's summary,
// which already reconciles the layouts; the rest (verification code, competence, the service and
// its description) is read here. A national note carries its 50-digit key, printed in groups of
// four with a QR code to the national portal's public query.
import type { DocumentSummary, Party } from '../readers/index.js';
import { row, stampPage, taxId, textBlock, titled, type Cell } from './blocks.js';
import { formatDate, formatDateTime, formatKey, money, rate } from './format.js';
import { isCanceled, type RenderOptions } from './options.js';
import { qrCode } from './qr-code.js';
import { A4, Sheet } from './sheet.js';
import { find, findText, readFor, RenderError } from './xml-tree.js';
import { first, text, type Node } from '../readers/common.js';

const MARGIN = 20;
const PUBLIC_QUERY = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

export async function renderDanfse(xml: Uint8Array | string, options: RenderOptions = {}): Promise<Buffer> {
  const { summary: d, tree } = readFor(xml, ['nfse', 'dps'], 'an NFS-e', false);
  if (d.kind === 'nfse' && !d.number) throw new RenderError('the NFS-e has no number (Numero, nNFSe)');
  const s = new Sheet(A4.width, A4.height, `DANFSe ${d.key ?? d.id ?? d.number ?? ''}`, true, d.emittedAt);
  const x = MARGIN;
  const w = s.width - 2 * MARGIN;
  const national = Boolean(d.key && /^\d{50}$/.test(d.key));
  const pick = (...names: string[]) => names.map((n) => findText(tree, n)).find((v) => v !== undefined);

  let y = MARGIN;
  const head = 62;
  s.box(x, y, w, head);
  s.text('DANFSe', x + 8, y + 6, { size: 16, bold: true });
  s.text('DOCUMENTO AUXILIAR DA NOTA FISCAL DE SERVIÇO ELETRÔNICA', x + 8, y + 25, { size: 8, bold: true });
  s.text(national ? 'Padrão nacional' : (pick('RazaoSocial', 'xNome') ?? ''), x + 8, y + 36, {
    size: 7,
    width: w * 0.6,
  });
  const place = pick('xLocPrestacao', 'xLocEmi', 'CodigoMunicipio', 'cLocIncid');
  // ABRASF names the municipality by its IBGE code alone: said as a code, not as a name.
  if (place)
    s.text(`${/^\d{7}$/.test(place) ? 'Município (código IBGE)' : 'Município'}: ${place}`, x + 8, y + 46, { size: 7 });
  if (national) qrCode(s, `${PUBLIC_QUERY}${d.key}`, x + w - head + 2, y + 1, head - 3);
  y += head;
  y = row(s, x, y, w, [
    ['Número da NFS-e', d.number, 1, { bold: true }],
    ['Data e hora de emissão', d.emittedAt && formatDateTime(d.emittedAt), 1.4],
    ['Competência', formatDate(pick('Competencia', 'dCompet')), 1],
    ['Código de verificação', pick('CodigoVerificacao') ?? d.protocol?.number, 1.4],
  ]);
  if (d.key) y = row(s, x, y, w, [['Chave de acesso', formatKey(d.key), 1, { bold: true, align: 'center' }]]);
  else if (d.id) y = row(s, x, y, w, [['Identificador', d.id, 1, { bold: true, align: 'center' }]]);
  y = party(
    s,
    'Prestador de serviços',
    d.emitter,
    municipalId(tree, 'PrestadorServico', 'Prestador', 'prest', 'emit'),
    x,
    y,
    w,
  );
  y = party(s, 'Tomador de serviços', d.counterpart, municipalId(tree, 'TomadorServico', 'Tomador', 'toma'), x, y, w);
  const middle = intermediary(tree);
  if (middle) y = party(s, 'Intermediário de serviços', middle, undefined, x, y, w);
  y = textBlock(s, 'Discriminação dos serviços', pick('Discriminacao', 'xDescServ'), x, y, w, 30, 8);
  y = row(s, x, titled(s, 'Serviço', x, y), w, [
    ['Código do serviço', pick('ItemListaServico', 'cTribNac', 'CodigoTributacaoMunicipio'), 1],
    ['Descrição da tributação', pick('xTribNac', 'xTribMun'), 3],
  ]);
  y = values(s, d, tree, x, y, w);
  textBlock(s, 'Outras informações', pick('OutrasInformacoes', 'xInfComp'), x, y, w, 8);
  stampPage(s, { homologation: d.environment === 'homologation', canceled: isCanceled(options, d) });
  return s.end();
}

function party(s: Sheet, label: string, p: Party, im: string | undefined, x: number, y: number, w: number): number {
  return row(s, x, titled(s, label, x, y), w, [
    ['Nome / Razão social', p.name, 3],
    ['CNPJ / CPF', taxId(p.taxId), 1.3],
    ['Inscrição municipal', im, 1],
    ['UF', p.uf, 0.4],
  ]);
}

/**
 * What the note says of its values, in both layouts' names: the service value, deductions, base,
 * rate and ISS; the discounts, whether the ISS was withheld and by whom, the retentions and the
 * net value; then, where the note has them, the federal taxes withheld one by one, the IBS and CBS
 * of the tax reform with the note's total that includes them, and the approximate taxes (Lei
 * 12.741/2012). Rows a note has no value for are left out, so a plain note stays as short.
 */
function values(s: Sheet, d: DocumentSummary, tree: Node, x: number, y: number, w: number): number {
  const t = d.totals;
  const right = { align: 'right' } as const;
  y = row(s, x, titled(s, 'Valores', x, y), w, [
    ['Valor dos serviços', money(t.ValorServicos ?? t.vServ), 1, right],
    ['Deduções', money(t.ValorDeducoes ?? t.vCalcDR), 1, right],
    ['Base de cálculo', money(t.BaseCalculo ?? t.vBC), 1, right],
    ['Alíquota (%)', rate(t.Aliquota ?? t.pAliqAplic), 0.8, right],
    ['Valor do ISS', money(t.ValorIss ?? t.vISSQN), 1, right],
  ]);
  y = row(s, x, y, w, [
    ['Desconto incondicionado', money(t.DescontoIncondicionado ?? t.vDescIncond), 1, right],
    ['Desconto condicionado', money(t.DescontoCondicionado ?? t.vDescCond), 1, right],
    ['ISS retido', issWithheld(tree), 1],
    ['Retenções', money(t.vTotalRet ?? t.ValorIssRetido), 0.8, right],
    [
      'Valor líquido da nota',
      money(t.ValorLiquidoNfse ?? t.vLiq ?? t.ValorServicos ?? t.vServ),
      1,
      { ...right, bold: true },
    ],
  ]);
  const federal: Cell[] = [
    ['IRRF', money(t.ValorIr ?? t.vRetIRRF), 1, right],
    ['CSLL', money(t.ValorCsll ?? t.vRetCSLL), 1, right],
    ['PIS', money(t.ValorPis ?? t.vPis), 1, right],
    ['COFINS', money(t.ValorCofins ?? t.vCofins), 1, right],
    ['INSS / contribuição previdenciária', money(t.ValorInss ?? t.vRetCP), 1.4, right],
    ['Outras retenções', money(t.OutrasRetencoes), 1, right],
  ];
  if (federal.some((c) => c[1] !== undefined)) y = row(s, x, titled(s, 'Tributos federais', x, y), w, federal);
  const reform = find(tree, 'totCIBS');
  if (reform) {
    const base = findText(find(find(tree, 'IBSCBS'), 'valores'), 'vBC');
    y = row(s, x, titled(s, 'IBS e CBS (reforma tributária)', x, y), w, [
      ['Base de cálculo', money(base), 1, right],
      ['IBS da UF', money(findText(reform, 'vIBSUF')), 1, right],
      ['IBS do município', money(findText(reform, 'vIBSMun')), 1, right],
      ['IBS total', money(findText(reform, 'vIBSTot')), 1, right],
      ['CBS', money(findText(reform, 'vCBS')), 1, right],
      ['Valor total da NFS-e com IBS e CBS', money(findText(reform, 'vTotNF')), 1.6, { ...right, bold: true }],
    ]);
  }
  const approximate = approximateTaxes(tree, t);
  if (approximate) y = row(s, x, titled(s, 'Tributos aproximados (Lei 12.741/2012)', x, y), w, approximate);
  return y;
}

/** Whether the ISS was withheld, and by whom: ABRASF's IssRetido (1 yes), the national tpRetISSQN. */
function issWithheld(tree: Node): string | undefined {
  const abrasf = findText(tree, 'IssRetido');
  if (abrasf) return abrasf === '1' ? 'Sim' : 'Não';
  const national = findText(tree, 'tpRetISSQN');
  return national === undefined ? undefined : (RETENTION[national] ?? national);
}

/** tpRetISSQN of the national layout. */
const RETENTION: Readonly<Record<string, string>> = {
  '1': 'Não',
  '2': 'Sim, pelo tomador',
  '3': 'Sim, pelo intermediário',
};

/**
 * The approximate taxes of the note: the national layout's values (vTotTrib) or percentages
 * (pTotTrib) by sphere, ABRASF's one ValorTotalTributos; undefined when it gives none.
 */
function approximateTaxes(tree: Node, t: DocumentSummary['totals']): Cell[] | undefined {
  const right = { align: 'right' } as const;
  const values = find(tree, 'vTotTrib');
  const shares = find(tree, 'pTotTrib');
  if (values)
    return [
      ['Federais', money(findText(values, 'vTotTribFed')), 1, right],
      ['Estaduais', money(findText(values, 'vTotTribEst')), 1, right],
      ['Municipais', money(findText(values, 'vTotTribMun')), 1, right],
    ];
  if (shares)
    return [
      ['Federais (%)', rate(findText(shares, 'pTotTribFed')), 1, right],
      ['Estaduais (%)', rate(findText(shares, 'pTotTribEst')), 1, right],
      ['Municipais (%)', rate(findText(shares, 'pTotTribMun')), 1, right],
    ];
  return t.ValorTotalTributos ? [['Valor aproximado dos tributos', money(t.ValorTotalTributos), 1, right]] : undefined;
}

/** The intermediary of either layout (IntermediarioServico, Intermediario, interm), when there is one. */
/** A party's Inscrição Municipal, from the first of its elements (by layout) that gives one. */
function municipalId(tree: Node, ...parties: string[]): string | undefined {
  for (const name of parties) {
    const node = find(tree, name);
    const im = node && (findText(node, 'InscricaoMunicipal') ?? findText(node, 'IM'));
    if (im) return im;
  }
  return undefined;
}

function intermediary(tree: Node): Party | undefined {
  const node = find(tree, 'IntermediarioServico') ?? find(tree, 'Intermediario') ?? find(tree, 'interm');
  if (!node) return undefined;
  const ids = find(node, 'CpfCnpj') ?? node;
  const taxId = first(ids, 'Cnpj', 'Cpf', 'CNPJ', 'CPF') ?? findText(node, 'Cnpj') ?? findText(node, 'CNPJ');
  const name = text(node.RazaoSocial) ?? text(node.xNome);
  return taxId || name ? { ...(taxId ? { taxId } : {}), ...(name ? { name } : {}) } : undefined;
}
