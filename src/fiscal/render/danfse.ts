// The DANFSe of an NFS-e, from either layout: ABRASF (municipal, CompNfse / Nfse) and the national
// one (NFSe / infNFSe with its DPS). Parties and values come from the shared reader's summary,
// which already reconciles the layouts; the rest (verification code, competence, the service and
// its description) is read here. A national note carries its 50-digit key, printed in groups of
// four with a QR code to the national portal's public query.
import type { DocumentSummary, Party } from '../readers/index.js';
import { row, stampPage, taxId, textBlock, titled } from './blocks.js';
import { formatDate, formatDateTime, formatKey, money } from './format.js';
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
  if (place) s.text(`Município: ${place}`, x + 8, y + 46, { size: 7 });
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
  y = party(s, 'Prestador de serviços', d.emitter, pick('InscricaoMunicipal', 'IM'), x, y, w);
  y = party(s, 'Tomador de serviços', d.counterpart, undefined, x, y, w);
  const middle = intermediary(tree);
  if (middle) y = party(s, 'Intermediário de serviços', middle, undefined, x, y, w);
  y = textBlock(s, 'Discriminação dos serviços', pick('Discriminacao', 'xDescServ'), x, y, w, 30, 8);
  y = row(s, x, titled(s, 'Serviço', x, y), w, [
    ['Código do serviço', pick('ItemListaServico', 'cTribNac', 'CodigoTributacaoMunicipio'), 1],
    ['Descrição da tributação', pick('xTribNac', 'xTribMun'), 3],
  ]);
  y = values(s, d, x, y, w);
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

/** Service value, deductions, base, rate, ISS (withheld or not) and net value, both layouts' names. */
function values(s: Sheet, d: DocumentSummary, x: number, y: number, w: number): number {
  const t = d.totals;
  const right = { align: 'right' } as const;
  y = row(s, x, titled(s, 'Valores', x, y), w, [
    ['Valor dos serviços', money(t.ValorServicos ?? t.vServ), 1, right],
    ['Deduções', money(t.ValorDeducoes ?? t.vCalcDR), 1, right],
    ['Base de cálculo', money(t.BaseCalculo ?? t.vBC), 1, right],
    ['Alíquota (%)', t.Aliquota ?? t.pAliqAplic, 0.8, right],
    ['Valor do ISS', money(t.ValorIss ?? t.vISSQN), 1, right],
  ]);
  return row(s, x, y, w, [
    ['Retenções', money(t.vTotalRet ?? t.ValorIssRetido), 1, right],
    [
      'Valor líquido da nota',
      money(t.ValorLiquidoNfse ?? t.vLiq ?? t.ValorServicos ?? t.vServ),
      1,
      { ...right, bold: true },
    ],
  ]);
}

/** The intermediary of either layout (IntermediarioServico, Intermediario, interm), when there is one. */
function intermediary(tree: Node): Party | undefined {
  const node = find(tree, 'IntermediarioServico') ?? find(tree, 'Intermediario') ?? find(tree, 'interm');
  if (!node) return undefined;
  const ids = find(node, 'CpfCnpj') ?? node;
  const taxId = first(ids, 'Cnpj', 'Cpf', 'CNPJ', 'CPF') ?? findText(node, 'Cnpj') ?? findText(node, 'CNPJ');
  const name = text(node.RazaoSocial) ?? text(node.xNome);
  return taxId || name ? { ...(taxId ? { taxId } : {}), ...(name ? { name } : {}) } : undefined;
}
