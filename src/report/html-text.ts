// The words of the HTML report in each locale, and escaping for text from documents (names come
// from third parties: they must never become markup).
import type { Locale } from '../output/locale.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const EN = {
  title: 'Fiscal documents report',
  generated: 'Generated',
  sources: 'Sources',
  period: 'Emission period',
  filters: 'Filters',
  none: 'none',
  documents: 'Documents',
  canceled: 'Canceled (not in the sums)',
  totalValue: 'Total value',
  taxes: 'ICMS + ICMS-ST + IPI + PIS + COFINS + ISS',
  monthly: 'Total by month of emission',
  suppliers: 'Top suppliers (emitters) by total',
  byCfop: 'Share by CFOP',
  byUf: 'Share by UF (the other party\u2019s state)',
  table: 'Report',
  totalRow: 'Total',
  others: 'Others',
  unknown: '(unknown)',
  share: 'Share',
  sortHint: 'Click a column title to sort.',
  footer:
    'Canceled documents are counted apart and left out of every sum. A document is counted once however many copies of it were found.',
  headers: {
    month: 'Month',
    emitter: 'Emitter',
    receiver: 'Receiver',
    cfop: 'CFOP',
    uf: 'UF',
    status: 'Status',
    type: 'Type',
    owner: 'Owner',
    emitter_name: 'Emitter name',
    receiver_name: 'Receiver name',
    documents: 'Documents',
    canceled: 'Canceled',
    total: 'Total',
    products: 'Products',
    icms: 'ICMS',
    icms_st: 'ICMS-ST',
    ipi: 'IPI',
    pis: 'PIS',
    cofins: 'COFINS',
    iss: 'ISS',
    freight: 'Freight',
    share: 'Share',
  } as Record<string, string>,
};

const PT: typeof EN = {
  title: 'Relatório de documentos fiscais',
  generated: 'Gerado em',
  sources: 'Origem',
  period: 'Período de emissão',
  filters: 'Filtros',
  none: 'nenhum',
  documents: 'Documentos',
  canceled: 'Cancelados (fora das somas)',
  totalValue: 'Valor total',
  taxes: 'ICMS + ICMS-ST + IPI + PIS + COFINS + ISS',
  monthly: 'Total por mês de emissão',
  suppliers: 'Maiores fornecedores (emitentes) por valor',
  byCfop: 'Participação por CFOP',
  byUf: 'Participação por UF (da outra parte)',
  table: 'Relatório',
  totalRow: 'Total',
  others: 'Outros',
  unknown: '(não informado)',
  share: 'Participação',
  sortHint: 'Clique no título de uma coluna para ordenar.',
  footer:
    'Documentos cancelados são contados à parte e ficam fora de todas as somas. Cada documento é contado uma vez, mesmo que haja várias cópias dele.',
  headers: {
    month: 'Mês',
    emitter: 'Emitente',
    receiver: 'Destinatário',
    cfop: 'CFOP',
    uf: 'UF',
    status: 'Situação',
    type: 'Tipo',
    owner: 'Empresa',
    emitter_name: 'Nome do emitente',
    receiver_name: 'Nome do destinatário',
    documents: 'Documentos',
    canceled: 'Cancelados',
    total: 'Total',
    products: 'Produtos',
    icms: 'ICMS',
    icms_st: 'ICMS-ST',
    ipi: 'IPI',
    pis: 'PIS',
    cofins: 'COFINS',
    iss: 'ISS',
    freight: 'Frete',
    share: 'Participação',
  },
};

export type Words = typeof EN;

export const wordsFor = (locale: Locale | undefined): Words => (locale === 'pt-BR' ? PT : EN);
