// Event endpoints, shared by the client and the emulator. Shown by the spec: GET /v2/nfe/events
// (4.15, R30) answering `{status, data: [{type, xml}]}`. Designed (the spec names the paths but
// shows no shape): the per-document endpoints of the other types, the same but whose items also
// carry `seq` and `created_at`, and the account-wide streams /v1/events/{type}, v1 cursor pages
// (R11-R14) of `{access_key | id, type, seq, created_at, xml}`. See docs/events.md. And the event
// batches (below).
import * as z from 'zod';
import { accessKeyProblem, parseAccessKey } from '../../fiscal/access-key.js';
import { docType, fillPath, typeOfModel, typesWith } from '../../fiscal/doc-types.js';
import { EVENT_DOC_TYPES, type EventDocType } from '../../fiscal/event-codes.js';
import { statusSchema, v1PageSchema, type V1Page } from './common.js';

/** The document types with events; the NF-e endpoints also serve NFC-e (designed). */
export { EVENT_DOC_TYPES, type EventDocType };

/** R30: each `type[]` is exactly 6 digits. */
export const EVENT_CODE = /^\d{6}$/;

/** A per-document endpoint: its path, the parameter naming the document, and the models it takes. */
export interface DocEventsEndpoint {
  path: string;
  param: 'access_key' | 'id';
  /** Access-key models (R7) accepted; empty for NFS-e, named by its R10 id. */
  models: readonly string[];
  /** Items carry `seq` and `created_at` (designed); v2 items are `{type, xml}` only. */
  detailed: boolean;
}

/** The endpoint each type's events are read from (its registry entry's), by path: NF-e and NFC-e share one. */
function typeEndpoints(): DocEventsEndpoint[] {
  const byPath = new Map<string, DocEventsEndpoint & { models: string[] }>();
  for (const type of EVENT_DOC_TYPES) {
    const { endpoints, model } = docType(type);
    const path = endpoints.events!;
    const endpoint = byPath.get(path) ?? { path, param: model ? 'access_key' : 'id', models: [], detailed: true };
    // The v2 endpoints answer `{type, xml}` only (R30); the designed v1 ones add seq and created_at.
    endpoint.detailed = !path.startsWith('/v2/');
    if (model) endpoint.models.push(model);
    byPath.set(path, endpoint);
  }
  return [...byPath.values()];
}

/** Every per-document endpoint: the types' own, and the other versions the service also answers (designed). */
export const DOC_EVENTS_ENDPOINTS: readonly DocEventsEndpoint[] = [
  ...typeEndpoints(),
  { path: '/v1/dfe/nfe/events', param: 'access_key', models: ['55', '65'], detailed: true },
  { path: '/v2/cte/events', param: 'access_key', models: ['57'], detailed: false },
];

/** The endpoint the client reads a type's events from. */
export function docEventsEndpoint(type: EventDocType): DocEventsEndpoint {
  return DOC_EVENTS_ENDPOINTS.find((e) => e.path === docType(type).endpoints.events)!;
}

/** R10: `<owner>:<emitter>:<yyyy-mm-dd>:<number>`, or without the owner as flagerp names it. */
export const NFSE_ID = /^(?:\d{11}:|\d{14}:)?(?:\d{11}|\d{14}):\d{4}-\d{2}-\d{2}:\d{1,15}$/;

/** One event of a document. `seq` and `created_at` on the designed endpoints only. */
const docEventItemSchema = z.object({
  type: z.string(),
  /** base64 of the event XML (procEventoNFe, procEventoCTe, procEventoMDFe, CancelarNfseResposta). */
  xml: z.string(),
  seq: z.number().int().optional(),
  created_at: z.string().optional(),
});
export type DocEventItem = z.infer<typeof docEventItemSchema>;

export const docEventsResponseSchema = z.object({ status: statusSchema, data: z.array(docEventItemSchema) });

/** The path of an account-wide stream (designed; the spec names /v1/events/nfe). */
export const EVENT_STREAM_PATH = '/v1/events/:type';
export const eventStreamPath = (type: EventDocType): string => fillPath(EVENT_STREAM_PATH, { type });

/** One event of a stream: `access_key` of the document, or `id` (R10) for NFS-e. */
const streamEventItemSchema = z.object({
  access_key: z.string().optional(),
  id: z.string().optional(),
  type: z.string(),
  seq: z.number().int(),
  /** When the service received the event (R15 filters on it). */
  created_at: z.string(),
  xml: z.string(),
});
export type StreamEventItem = z.infer<typeof streamEventItemSchema>;

export const eventStreamPageSchema = v1PageSchema(streamEventItemSchema);
export type EventStreamPage = V1Page<StreamEventItem>;

/** Query of a stream; names as sent: `type[]`, `cnpj[]`, `created_at[from]` and `[to]` (R15). */
export interface EventStreamQuery {
  cursor?: number;
  /** 1..50 (R11). */
  limit?: number;
  types?: string[];
  /** Owners: the account's companies that see the document. */
  cnpjs?: string[];
  createdFrom?: string;
  createdTo?: string;
}

// ---- Event batches (spec 4.16, R32) ----
// Designed: the spec shows no path nor payload; see docs/events.md. The rules a batch must
// pass live here so that the emulator (400) and the CLI (exit 2 before sending) refuse exactly the
// same batches.

export const EVENT_BATCH_PATH = '/v1/events/batch';
export const EVENT_BATCH_STATUS_PATH = `${EVENT_BATCH_PATH}/:id`;
export const eventBatchStatusPath = (id: string): string => fillPath(EVENT_BATCH_STATUS_PATH, { id });

/** Designed: events per batch. */
export const MAX_BATCH_EVENTS = 50;
const JUSTIFICATION_MIN = 15;
const JUSTIFICATION_MAX = 255;

const BATCH_DOC_TYPES = typesWith('eventBatch') as [BatchDocType, ...BatchDocType[]];
export type BatchDocType = ReturnType<typeof typesWith<'eventBatch'>>[number];

/** Who may send an event, which the emulator checks against the account's role on the document. */
type EventAuthor = 'emitter' | 'receiver' | 'taker' | 'successor';

export interface BatchEventCode {
  description: string;
  author: EventAuthor;
  /** The event carries a 15-255 character text (xJust / xObs). */
  justified?: boolean;
}

const CTE_CODES: Record<string, BatchEventCode> = {
  '610110': { description: 'Prestacao do Servico em Desacordo', author: 'taker', justified: true },
  '610111': { description: 'Cancelamento Prestacao do Servico em Desacordo', author: 'taker' },
};

/** NF-e: manifestation (R29), cancellation (R30) and the tax-reform events of NT 2025.002 (PL_010). */
const NFE_CODES: Record<string, BatchEventCode> = {
  '110111': { description: 'Cancelamento', author: 'emitter', justified: true },
  '210200': { description: 'Confirmacao da Operacao', author: 'receiver' },
  '210210': { description: 'Ciencia da Operacao', author: 'receiver' },
  '210220': { description: 'Desconhecimento da Operacao', author: 'receiver' },
  '210240': { description: 'Operacao nao Realizada', author: 'receiver', justified: true },
  '112110': {
    description: 'Informacao de efetivo pagamento integral para liberar credito presumido do adquirente',
    author: 'emitter',
  },
  '112120': { description: 'Importacao em ALC/ZFM nao convertida em isencao', author: 'emitter' },
  '112130': {
    description: 'Perecimento, perda, roubo ou furto durante o transporte contratado pelo fornecedor',
    author: 'emitter',
  },
  '112140': { description: 'Fornecimento nao realizado com pagamento antecipado', author: 'emitter' },
  '112150': { description: 'Atualizacao da Data de Previsao de Entrega', author: 'emitter' },
  '211110': { description: 'Solicitacao de Apropriacao de credito presumido', author: 'receiver' },
  '211120': { description: 'Destinacao de item para consumo pessoal', author: 'receiver' },
  '211124': {
    description: 'Perecimento, perda, roubo ou furto durante o transporte contratado pelo adquirente',
    author: 'receiver',
  },
  '211128': { description: 'Aceite de debito na apuracao por emissao de nota de credito', author: 'receiver' },
  '211130': { description: 'Imobilizacao de Item', author: 'receiver' },
  '211140': { description: 'Solicitacao de Apropriacao de Credito de Combustivel', author: 'receiver' },
  '211150': {
    description: 'Solicitacao de Apropriacao de Credito para bens e servicos que dependem de atividade do adquirente',
    author: 'receiver',
  },
  '212110': {
    description: 'Manifestacao sobre Pedido de Transferencia de Credito de IBS em Operacao de Sucessao',
    author: 'successor',
  },
  '212120': {
    description: 'Manifestacao sobre Pedido de Transferencia de Credito de CBS em Operacao de Sucessao',
    author: 'successor',
  },
};

export const BATCH_EVENT_CODES: Record<BatchDocType, Record<string, BatchEventCode>> = {
  nfe: NFE_CODES,
  cte: CTE_CODES,
  cteos: CTE_CODES,
};

const batchEventSchema = z.object({
  access_key: z.string(),
  tp_evento: z.string(),
  n_seq_evento: z.number().int().optional(),
  justification: z.string().optional(),
  /** The event's own detail group (tax-reform events), passed through as given. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type BatchEvent = z.infer<typeof batchEventSchema>;

const BATCH_STATES = ['queued', 'processing', 'done'] as const;

export const batchAcceptedSchema = z.object({
  status: statusSchema,
  data: z.object({
    batch_id: z.string(),
    status: z.enum(BATCH_STATES),
    document_type: z.enum(BATCH_DOC_TYPES),
    count: z.number().int(),
  }),
});
export type BatchAccepted = z.infer<typeof batchAcceptedSchema>['data'];

const batchResultSchema = z.object({
  access_key: z.string(),
  tp_evento: z.string(),
  n_seq_evento: z.number().int().nullable(),
  status: z.enum(['registered', 'rejected']),
  /** The tax authority's cStat: 135 registered, else the rejection. */
  code: z.number().int(),
  message: z.string(),
  protocol: z.string().nullable(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

const batchDataSchema = z.object({
  batch_id: z.string(),
  status: z.enum(BATCH_STATES),
  document_type: z.enum(BATCH_DOC_TYPES),
  created_at: z.string(),
  count: z.number().int(),
  /** One per processed event, in the order sent; grows while the batch is processing. */
  results: z.array(batchResultSchema),
});
export type BatchData = z.infer<typeof batchDataSchema>;

export const batchStatusSchema = z.object({ status: statusSchema, data: batchDataSchema });

/** The first thing wrong with a batch: `field` is `events` or `events[i].<name>`. */
interface BatchProblem {
  field: string;
  message: string;
}

export function documentTypeOfKey(key: string): BatchDocType | undefined {
  const type = typeOfModel(parseAccessKey(key).model);
  return BATCH_DOC_TYPES.find((t) => t === type);
}

/** R32: the first problem of a batch (item order), or undefined when it may be sent. */
export function batchProblem(events: readonly unknown[]): BatchProblem | undefined {
  if (events.length === 0) return { field: 'events', message: 'a batch has at least one event' };
  if (events.length > MAX_BATCH_EVENTS)
    return { field: 'events', message: `at most ${MAX_BATCH_EVENTS} events per batch, got ${events.length}` };
  let first: BatchDocType | undefined;
  for (const [i, raw] of events.entries()) {
    const at = (name: string) => `events[${i}]${name ? `.${name}` : ''}`;
    const parsed = batchEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { field: at(issue.path.map(String).join('.')), message: issue.message };
    }
    const problem = itemProblem(parsed.data);
    if (problem) return { field: at(problem.field), message: problem.message };
    const type = documentTypeOfKey(parsed.data.access_key)!;
    first ??= type;
    if (type !== first)
      return {
        field: at('access_key'),
        message: `a batch cannot mix document types: this is ${type}, the batch is ${first}`,
      };
  }
  return undefined;
}

function itemProblem(e: BatchEvent): { field: string; message: string } | undefined {
  const keyProblem = accessKeyProblem(e.access_key);
  if (keyProblem) return { field: 'access_key', message: `${keyProblem}: "${e.access_key}"` };
  const type = documentTypeOfKey(e.access_key);
  if (!type)
    return {
      field: 'access_key',
      message: `a key of model ${parseAccessKey(e.access_key).model}; batches take NF-e (55), CT-e (57) and CT-e OS (67)`,
    };
  const code = BATCH_EVENT_CODES[type][e.tp_evento];
  if (!code)
    return {
      field: 'tp_evento',
      message: `${type} batches take ${Object.keys(BATCH_EVENT_CODES[type]).join(', ')}; got "${e.tp_evento}"`,
    };
  if (e.n_seq_evento !== undefined && (e.n_seq_evento < 1 || e.n_seq_evento > 99))
    return { field: 'n_seq_evento', message: `n_seq_evento is from 1 to 99, got ${e.n_seq_evento}` };
  if (code.justified) {
    const length = e.justification?.trim().length ?? 0;
    if (length < JUSTIFICATION_MIN || length > JUSTIFICATION_MAX) {
      return {
        field: 'justification',
        message: `event ${e.tp_evento} needs a justification of ${JUSTIFICATION_MIN} to ${JUSTIFICATION_MAX} characters, got ${length}`,
      };
    }
  }
  return undefined;
}
