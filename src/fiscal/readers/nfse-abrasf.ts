// NFS-e of the ABRASF model (versions 1.00 to 2.04) as municipal providers return it: `CompNfse`
// (Betha writes `ComplNfse`, ISSNet wraps it in `tcCompNfse`) holding `Nfse/InfNfse` and, when the
// note was cancelled, `NfseCancelamento`; or a bare `Nfse`. Lists (ConsultarNfseResposta,
// ListaNfse...) are found by the walker in detect.ts, one summary per note.
//
// 1.00 puts Servico/Valores and the parties directly in InfNfse; 2.0x moves the declared service
// into DeclaracaoPrestacaoServico/InfDeclaracaoPrestacaoServico and the computed values into
// ValoresNfse. Both places are read; the note's own values win.
import { EVENT_CODES } from '../event-codes.js';
import { addTotals, at, attr, compact, first, text, type Node, type Party, type Summary } from './common.js';

/** Value fields of Valores / ValoresNfse (flags such as IssRetido are left out). */
const VALUE_FIELDS = [
  'ValorServicos',
  'ValorDeducoes',
  'ValorPis',
  'ValorCofins',
  'ValorInss',
  'ValorIr',
  'ValorCsll',
  'OutrasRetencoes',
  'ValorIss',
  'ValorIssRetido',
  'BaseCalculo',
  'Aliquota',
  'ValorLiquidoNfse',
  'DescontoIncondicionado',
  'DescontoCondicionado',
  'ValorTotalTributos',
];

const nonEmpty = (n: Node): boolean => Object.keys(n).length > 0;

/** Reads a CompNfse-like element or a bare Nfse; undefined when there is no InfNfse inside. */
export function readAbrasf(node: Node, element: string): Summary | undefined {
  const nfse = element === 'Nfse' ? node : at(node, 'Nfse');
  const inf = at(nfse, 'InfNfse');
  if (!nonEmpty(inf)) return undefined;
  const decl = at(inf, 'DeclaracaoPrestacaoServico', 'InfDeclaracaoPrestacaoServico');
  const service = nonEmpty(at(inf, 'Servico')) ? at(inf, 'Servico') : at(decl, 'Servico');
  const totals: Record<string, string> = {};
  addTotals(totals, at(inf, 'ValoresNfse'), VALUE_FIELDS);
  addTotals(totals, at(service, 'Valores'), VALUE_FIELDS);
  addTotals(totals, inf, ['ValorCredito']);

  const emitter = provider(at(inf, 'PrestadorServico'), at(decl, 'Prestador'));
  const number = text(inf.Numero);
  const emittedAt = text(inf.DataEmissao);
  const takerNode = [at(inf, 'TomadorServico'), at(decl, 'TomadorServico'), at(decl, 'Tomador')].find(nonEmpty) ?? {};
  const taker = takerParty(takerNode);
  const warnings: string[] = [];
  if (!number) warnings.push('NFS-e number (Numero): missing');
  if (!emitter.taxId) warnings.push('provider CNPJ/CPF: missing');
  return compact({
    kind: 'nfse',
    version: attr(nfse, 'versao') ?? attr(inf, 'versao') ?? attr(node, 'versao'),
    id: nfseId(emitter.taxId, emittedAt, number),
    number,
    emittedAt,
    emitter,
    counterpart: Object.keys(taker).length > 0 ? { role: 'taker', ...taker } : {},
    totals,
    canceled: element !== 'Nfse' && nonEmpty(at(node, 'NfseCancelamento')),
    warnings,
  } satisfies Summary);
}

/**
 * An ABRASF cancellation on its own (NfseCancelamento outside a CompNfse: the answer to
 * CancelarNfse, the file a pull places beside the note as its event 101101): an event of the note
 * it names by provider and number (`number`). Designed here: no `refKey`, since the note's id
 * (R10) needs its emission day, which the cancellation does not carry.
 */
export function readAbrasfCancellation(node: Node): Summary | undefined {
  const confirmation = at(node, 'Confirmacao');
  const note = at(confirmation, 'Pedido', 'InfPedidoCancelamento', 'IdentificacaoNfse');
  if (!nonEmpty(note)) return undefined;
  const provider = taxIdOf(note);
  return compact({
    kind: 'event',
    version: attr(node, 'versao'),
    id: attr(confirmation, 'Id'),
    number: text(note.Numero),
    emittedAt: text(confirmation.DataHora) ?? text(confirmation.DataHoraCancelamento),
    emitter: provider ? { taxId: provider } : {},
    counterpart: {},
    totals: {},
    event: { type: CANCELLATION, family: 'nfse', description: EVENT_CODES.nfse[CANCELLATION] ?? '' },
    warnings: [],
  } satisfies Summary);
}

const CANCELLATION = '101101';

/** R10: `<emitter_cnpj>:<yyyy-mm-dd>:<number>` (the API prefixes the owner). */
export function nfseId(
  emitter: string | undefined,
  emittedAt: string | undefined,
  number: string | undefined,
): string | undefined {
  const day = emittedAt?.slice(0, 10);
  if (!emitter || !number || !day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return `${emitter}:${day}:${number}`;
}

/** Cnpj, Cpf, or either inside CpfCnpj. */
function taxIdOf(node: Node): string | undefined {
  return first(node, 'Cnpj', 'Cpf', 'CNPJ', 'CPF') ?? first(at(node, 'CpfCnpj'), 'Cnpj', 'Cpf', 'CNPJ', 'CPF');
}

function provider(dados: Node, declared: Node): Party {
  const out: Party = {};
  const taxId = taxIdOf(at(dados, 'IdentificacaoPrestador')) ?? taxIdOf(dados) ?? taxIdOf(declared);
  const name = first(dados, 'RazaoSocial', 'NomeFantasia');
  const uf = ufOf(dados);
  if (taxId) out.taxId = taxId;
  if (name) out.name = name;
  if (uf) out.uf = uf;
  return out;
}

function takerParty(node: Node): Party {
  const out: Party = {};
  const taxId = taxIdOf(at(node, 'IdentificacaoTomador')) ?? taxIdOf(node) ?? text(node.NifTomador);
  const name = text(node.RazaoSocial);
  const uf = ufOf(node);
  if (taxId) out.taxId = taxId;
  if (name) out.name = name;
  if (uf) out.uf = uf;
  return out;
}

function ufOf(node: Node): string | undefined {
  return first(at(node, 'Endereco'), 'Uf', 'UF', 'Estado') ?? first(at(node, 'EnderecoPrestadorServico'), 'Uf', 'UF');
}
