// The column names of CSV and xlsx as a Brazilian reads them (--locale pt-BR), and in capitals
// the headers of a table that shows the same figures (`fiscal report`). The default output
// keeps the machine names (`access_key`, `total`) that scripts select by; a spreadsheet handed to
// a client says `Chave de acesso`, `Valor total`. A name not listed here is kept as it is.
import type { Locale } from './locale.js';

const PT: Readonly<Record<string, string>> = {
  access_key: 'Chave de acesso',
  id: 'Identificador',
  file: 'Arquivo',
  kind: 'Tipo',
  type: 'Tipo',
  model: 'Modelo',
  version: 'Versão',
  series: 'Série',
  number: 'Número',
  emission_date: 'Data de emissão',
  created_at: 'Recebida em',
  competence: 'Competência',
  environment: 'Ambiente',
  emitter: 'Emitente',
  emitter_cnpj_cpf: 'CNPJ/CPF do emitente',
  emitter_tax_id: 'CNPJ/CPF do emitente',
  emitter_name: 'Nome do emitente',
  emitter_uf: 'UF do emitente',
  receiver: 'Destinatário',
  receiver_cnpj_cpf: 'CNPJ/CPF do destinatário',
  receiver_name: 'Nome do destinatário',
  receiver_uf: 'UF do destinatário',
  taker_cnpj_cpf: 'CNPJ/CPF do tomador',
  taker_name: 'Nome do tomador',
  counterpart_role: 'Papel da outra parte',
  counterpart_tax_id: 'CNPJ/CPF da outra parte',
  counterpart_name: 'Nome da outra parte',
  counterpart_uf: 'UF da outra parte',
  owner: 'Empresa',
  owner_name: 'Nome da empresa',
  owner_role: 'Papel da empresa',
  role: 'Papel',
  status: 'Situação',
  status_reason: 'Motivo',
  protocol_status: 'Código do protocolo (cStat)',
  protocol_reason: 'Motivo do protocolo',
  protocol: 'Protocolo',
  protocol_date: 'Data do protocolo',
  canceled: 'Canceladas',
  is_canceled: 'Cancelada',
  month: 'Mês',
  cfop: 'CFOP',
  uf: 'UF',
  documents: 'Documentos',
  total: 'Valor total',
  total_value: 'Valor total',
  products: 'Produtos',
  discount: 'Desconto',
  freight: 'Frete',
  icms: 'ICMS',
  icms_st: 'ICMS-ST',
  ipi: 'IPI',
  pis: 'PIS',
  cofins: 'COFINS',
  ibs: 'IBS',
  cbs: 'CBS',
  ncm: 'NCM',
  product: 'Produto',
  services: 'Serviços',
  service_value: 'Valor dos serviços',
  iss: 'ISS',
  iss_value: 'Valor do ISS',
  net_value: 'Valor líquido',
  receivable: 'Valor a receber',
  cargo_value: 'Valor da carga',
  cargo: 'Valor da carga',
  cte_count: 'Quantidade de CT-e',
  nfe_count: 'Quantidade de NF-e',
  item_count: 'Itens',
  share: 'Participação',
  origin: 'Origem',
  event_type: 'Tipo do evento',
  event_description: 'Descrição do evento',
  event_ref_key: 'Chave do documento do evento',
  event_seq: 'Sequência do evento',
  warnings: 'Avisos',
};

/** A column's name as `locale` reads it. */
export const localHeader = (header: string, locale: Locale | undefined): string =>
  locale === 'pt-BR' ? (PT[header] ?? header) : header;

/**
 * A table's header (capitals) of the column named `name` in CSV: its Portuguese name in capitals
 * (`VALOR TOTAL`), else `english` (a table's own header, `DOCS`, where the CSV has none like it).
 */
export const localTableHeader = (name: string, english: string, locale: Locale | undefined): string =>
  locale === 'pt-BR' && PT[name] ? PT[name].toLocaleUpperCase('pt-BR') : english;
