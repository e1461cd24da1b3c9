// What event codes (tpEvento) mean, per document type. The same code can mean different things:
// 110112 is a cancellation by substitution on an NF-e and the closing (encerramento) of an MDF-e.

/** The document types with events (kept free of any library: `fiscal events --help` lists them). */
export const EVENT_DOC_TYPES = ['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse'] as const;
export type EventDocType = (typeof EVENT_DOC_TYPES)[number];

const NFE: Record<string, string> = {
  '110110': 'Carta de Correção',
  '110111': 'Cancelamento',
  '110112': 'Cancelamento por substituição',
  '110130': 'Comprovante de Entrega',
  '110131': 'Cancelamento do Comprovante de Entrega',
  '110140': 'EPEC',
  '210200': 'Confirmação da Operação',
  '210210': 'Ciência da Operação',
  '210220': 'Desconhecimento da Operação',
  '210240': 'Operação não Realizada',
};

const CTE: Record<string, string> = {
  '110110': 'Carta de Correção',
  '110111': 'Cancelamento',
  '110113': 'EPEC',
  '110180': 'Comprovante de Entrega',
  '110181': 'Cancelamento do Comprovante de Entrega',
  '610110': 'Prestação do Serviço em Desacordo',
  '610111': 'Cancelamento da Prestação do Serviço em Desacordo',
};

const MDFE: Record<string, string> = {
  '110111': 'Cancelamento',
  '110112': 'Encerramento',
  '110114': 'Inclusão de Condutor',
  '110115': 'Inclusão de DF-e',
  '110116': 'Pagamento da Operação de Transporte',
};

const NFSE: Record<string, string> = {
  '101101': 'Cancelamento de NFS-e',
  '105102': 'Cancelamento de NFS-e por Substituição',
};

export const EVENT_CODES: Readonly<Record<EventDocType, Readonly<Record<string, string>>>> = {
  nfe: NFE,
  nfce: NFE,
  cte: CTE,
  cteos: CTE,
  mdfe: MDFE,
  nfse: NFSE,
};

/** The name of an event code for a document type, or undefined for a code this table does not know. */
export function eventDescription(type: EventDocType, code: string): string | undefined {
  return Object.hasOwn(EVENT_CODES[type], code) ? EVENT_CODES[type][code] : undefined;
}

/**
 * Event codes that cancel the document they are about (R30): 110111 everywhere, an NF-e's
 * cancellation by substitution (110112), the NFS-e's 101101 and 105102. An MDF-e's 110112 closes
 * it instead (CLOSING_EVENTS); 110131, 610111 and the like cancel an earlier event, not the document.
 */
export const CANCELLING_EVENTS: Readonly<Record<EventDocType, readonly string[]>> = {
  nfe: ['110111', '110112'],
  nfce: ['110111', '110112'],
  cte: ['110111'],
  cteos: ['110111'],
  mdfe: ['110111'],
  nfse: ['101101', '105102'],
};

/** Event codes that close a document without canceling it: the MDF-e's encerramento. */
export const CLOSING_EVENTS: Readonly<Record<EventDocType, readonly string[]>> = {
  nfe: [],
  nfce: [],
  cte: [],
  cteos: [],
  mdfe: ['110112'],
  nfse: [],
};
