// Simplified DANFSe (NFS-e of the ABRASF model): one readable page, not any municipality's layout.
// Number, id, parties, values and cancellation come from the shared reader; the verification
// code, competence, service, intermediary and issuing municipality are read here (nfseDetails,
// which the original-PDF page of nfse-original.ts shares).
import { at, first, text, type Node } from '../../fiscal/readers/common.js';
import type { DocumentSummary, Party } from '../../fiscal/readers/index.js';
import { parseXml } from '../../fiscal/readers/xml.js';
import { formatDateTime, formatMoney } from '../../fiscal/render/format.js';
import {
  money,
  onePagePdf,
  PageBuilder,
  partyBlock,
  PdfRenderError,
  readSummary,
  titleBlock,
  totalsBlock,
  wrap,
} from './layout.js';

export const DANFSE_TITLE = 'DANFSe - Documento Auxiliar da Nota Fiscal de Serviço Eletrônica';

export interface NfseDetails {
  verificationCode?: string;
  /** yyyy-mm-dd as written. */
  competence?: string;
  serviceItem?: string;
  description?: string;
  /** IBGE code and UF of the municipality that issued the note (OrgaoGerador). */
  cityCode?: string;
  cityUf?: string;
  issWithheld: boolean;
  intermediary?: Party;
}

export interface NfsePdfOptions {
  /** The id to print (the R10 id with its owner); the reader's owner-less id otherwise. */
  id?: string;
}

export function renderDanfse(xml: string, options: NfsePdfOptions = {}): Buffer {
  const { doc, details } = readNfse(xml);
  const page = new PageBuilder();
  titleBlock(page, DANFSE_TITLE, 'Representação simplificada gerada a partir do XML da NFS-e (ABRASF)');
  page.label('NÚMERO DA NFS-e');
  page.text(`${doc.number}   Código de verificação ${details.verificationCode ?? '-'}`, 11, true);
  page.text(`Identificador: ${options.id ?? doc.id ?? '-'}`, 9);
  page.text(
    `Emissão ${doc.emittedAt ? formatDateTime(doc.emittedAt) : '-'}   Competência ${details.competence ?? '-'}   Município ${details.cityCode ?? '-'}/${details.cityUf ?? '-'}`,
  );
  page.text(`Situação: ${doc.canceled ? 'CANCELADA' : 'normal'}`);
  page.rule();
  partyBlock(page, 'PRESTADOR DO SERVIÇO', doc.emitter);
  partyBlock(
    page,
    'TOMADOR DO SERVIÇO',
    doc.counterpart.taxId || doc.counterpart.name ? doc.counterpart : { name: 'não identificado' },
  );
  if (details.intermediary) partyBlock(page, 'INTERMEDIÁRIO', details.intermediary);
  page.rule();
  page.label(`SERVIÇO ${details.serviceItem ? `(item ${details.serviceItem})` : ''}`.trim());
  for (const line of wrap(details.description ?? '-', 95).slice(0, 8)) page.text(line, 9);
  page.rule();
  const t = doc.totals;
  totalsBlock(page, [
    ['Valor dos serviços', money(t.ValorServicos)],
    ['Base de cálculo', money(t.BaseCalculo)],
    ['Alíquota do ISS', t.Aliquota === undefined ? undefined : `${formatMoney(t.Aliquota)} %`],
    [`Valor do ISS${details.issWithheld ? ' (retido)' : ''}`, money(t.ValorIss)],
    ['Valor líquido da NFS-e', money(t.ValorLiquidoNfse), true],
  ]);
  return onePagePdf(page, `DANFSe ${options.id ?? doc.id ?? doc.number}`);
}

/** The reader's summary and the details of the page; the note must have a number. */
export function readNfse(xml: string): { doc: DocumentSummary; details: NfseDetails } {
  const doc = readSummary(xml, ['nfse'], 'an NFS-e', false);
  if (!doc.number) throw new PdfRenderError('the NFS-e has no number (Numero)');
  return { doc, details: nfseDetails(xml) };
}

/** What the reader does not keep: CompNfse/Nfse/InfNfse, or a bare Nfse. */
export function nfseDetails(xml: string): NfseDetails {
  const { root, tree } = parseXml(xml);
  const top = at(tree, root);
  const inf = at(root === 'Nfse' ? top : at(top, 'Nfse'), 'InfNfse');
  const decl = at(inf, 'DeclaracaoPrestacaoServico', 'InfDeclaracaoPrestacaoServico');
  const service = Object.keys(at(inf, 'Servico')).length > 0 ? at(inf, 'Servico') : at(decl, 'Servico');
  const details: NfseDetails = { issWithheld: text(service.IssRetido) === '1' };
  const fields = {
    verificationCode: text(inf.CodigoVerificacao),
    competence: text(inf.Competencia) ?? text(decl.Competencia),
    serviceItem: text(service.ItemListaServico),
    description: text(service.Discriminacao),
    cityCode: text(at(inf, 'OrgaoGerador').CodigoMunicipio),
    cityUf: text(at(inf, 'OrgaoGerador').Uf),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) details[k as keyof typeof fields] = v;
  const intermediary = intermediaryOf(
    [at(inf, 'IntermediarioServico'), at(decl, 'Intermediario')].find((n) => Object.keys(n).length > 0),
  );
  if (intermediary) details.intermediary = intermediary;
  return details;
}

function intermediaryOf(node: Node | undefined): Party | undefined {
  if (!node) return undefined;
  const ids = at(node, 'IdentificacaoIntermediario');
  const taxId =
    first(at(ids, 'CpfCnpj'), 'Cnpj', 'Cpf') ?? first(ids, 'Cnpj', 'Cpf') ?? first(at(node, 'CpfCnpj'), 'Cnpj', 'Cpf');
  const name = text(node.RazaoSocial);
  if (!taxId && !name) return undefined;
  return { ...(taxId ? { taxId } : {}), ...(name ? { name } : {}) };
}
