// What an NFS-e's original page (nfse-original.ts) prints beyond the reader's summary: the verification
// code, competence, service, intermediary and issuing municipality of an ABRASF note.
import { at, first, text, type Node } from '../../fiscal/readers/common.js';
import type { DocumentSummary, Party } from '../../fiscal/readers/index.js';
import { parseXml } from '../../fiscal/readers/xml.js';
import { PdfRenderError, readSummary } from './layout.js';

interface NfseDetails {
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

/** The reader's summary and the details of the page; the note must have a number. */
export function readNfse(xml: string): { doc: DocumentSummary; details: NfseDetails } {
  const doc = readSummary(xml, ['nfse'], 'an NFS-e', false);
  if (!doc.number) throw new PdfRenderError('the NFS-e has no number (Numero)');
  return { doc, details: nfseDetails(xml) };
}

/** What the reader does not keep: CompNfse/Nfse/InfNfse, or a bare Nfse. */
function nfseDetails(xml: string): NfseDetails {
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
