// The vocabularies the document types share (doc-types.ts declares which type has which): the
// events of the NF-e and CT-e families, and the fields their records may carry. Plain data, read
// by the declarations of `fiscal --help` as doc-types.ts is.

/** What the events of a type mean (tpEvento), and which of them end the document's validity. */
export interface DocEvents {
  /** Event code -> name. The same code can mean different things on two types (110112). */
  codes: Readonly<Record<string, string>>;
  /** Codes that cancel the document they are about (R30). */
  cancelling: readonly string[];
  /** Codes that close it without canceling it (the MDF-e's encerramento). */
  closing: readonly string[];
}

export const NFE_EVENTS: DocEvents = {
  codes: {
    '110110': 'Carta de Correção',
    '110111': 'Cancelamento',
    '110112': 'Cancelamento por substituição',
    '110130': 'Comprovante de Entrega',
    '110131': 'Cancelamento do Comprovante de Entrega',
    '110140': 'EPEC',
    '110150': 'Ator interessado',
    '210200': 'Confirmação da Operação',
    '210210': 'Ciência da Operação',
    '210220': 'Desconhecimento da Operação',
    '210240': 'Operação não Realizada',
  },
  cancelling: ['110111', '110112'],
  closing: [],
};

export const CTE_EVENTS: DocEvents = {
  codes: {
    '110110': 'Carta de Correção',
    '110111': 'Cancelamento',
    '110113': 'EPEC',
    '110160': 'Registro Multimodal',
    '110180': 'Comprovante de Entrega',
    '110181': 'Cancelamento do Comprovante de Entrega',
    '610110': 'Prestação do Serviço em Desacordo',
    '610111': 'Cancelamento da Prestação do Serviço em Desacordo',
  },
  cancelling: ['110111'],
  closing: [],
};

/** Fields a v2 NF-e record may carry (spec 2.2); `CustomData` is ours, as in the CT-e list. */
export const NFE_V2_FIELDS = [
  'AccessKey',
  'Cfops',
  'CreatedAt',
  'CustomData',
  'Document',
  'EmissionDate',
  'Emitter',
  'Events',
  'FlagErp',
  'HasCCE',
  'Manifestations',
  'Number',
  'Origin',
  'Owner',
  'OwnerRole',
  'Receiver',
  'Status',
  'Tags',
  'Xml',
] as const;

/** Fields a CT-e record may carry (spec 2.2, "CTe record fields"). */
export const CTE_FIELDS = [
  'Xml',
  'Origin',
  'FlagErp',
  'CustomData',
  'Document',
  'Events',
  'Tags',
  'Cfops',
  'AccessKey',
  'EmissionDate',
  'CreatedAt',
  'HasCCE',
  'Manifestations',
  'Number',
  'Owner',
  'OwnerRole',
  'Addressee',
  'Dispatcher',
  'Sender',
  'Receiver',
  'Emitter',
  'Status',
  'Taker',
  'IBSCBS',
  'AccessKeyPrev',
  'AccessKeysComp',
] as const;
