// Event endpoints, shared by the client and the emulator. Shown by the spec: GET /v2/nfe/events
// (4.15, R30) answering `{status, data: [{type, xml}]}`. Designed (the spec names the paths but
// shows no shape): the per-document endpoints of the other types, the same but whose items also
// carry `seq` and `created_at`, and the account-wide streams /v1/events/{type}, v1 cursor pages
// (R11-R14) of `{access_key | id, type, seq, created_at, xml}`. See docs/events.md.
import { z } from 'zod';
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

export const DOC_EVENTS_ENDPOINTS = {
  nfeV2: { path: '/v2/nfe/events', param: 'access_key', models: ['55', '65'], detailed: false },
  nfeV1: { path: '/v1/dfe/nfe/events', param: 'access_key', models: ['55', '65'], detailed: true },
  cteV1: { path: '/v1/cte/events', param: 'access_key', models: ['57'], detailed: true },
  cteV2: { path: '/v2/cte/events', param: 'access_key', models: ['57'], detailed: false },
  cteosV1: { path: '/v1/cte-os/events', param: 'access_key', models: ['67'], detailed: true },
  mdfeV1: { path: '/v1/mdfe/events', param: 'access_key', models: ['58'], detailed: true },
  nfseV1: { path: '/v1/nfse/events', param: 'id', models: [], detailed: true },
} as const satisfies Record<string, DocEventsEndpoint>;
export type DocEventsEndpointName = keyof typeof DOC_EVENTS_ENDPOINTS;

/** R10: `<owner>:<emitter>:<yyyy-mm-dd>:<number>`, or without the owner as flagerp names it. */
export const NFSE_ID = /^(?:\d{11}:|\d{14}:)?(?:\d{11}|\d{14}):\d{4}-\d{2}-\d{2}:\d{1,15}$/;

/** One event of a document. `seq` and `created_at` on the designed endpoints only. */
export const docEventItemSchema = z.object({
  type: z.string(),
  /** base64 of the event XML (procEventoNFe, procEventoCTe, procEventoMDFe, CancelarNfseResposta). */
  xml: z.string(),
  seq: z.number().int().optional(),
  created_at: z.string().optional(),
});
export type DocEventItem = z.infer<typeof docEventItemSchema>;

export const docEventsResponseSchema = z.object({ status: statusSchema, data: z.array(docEventItemSchema) });
export type DocEventsResponse = z.infer<typeof docEventsResponseSchema>;

/** The path of an account-wide stream (designed; the spec names /v1/events/nfe). */
export const eventStreamPath = (type: EventDocType): string => `/v1/events/${type}`;

/** One event of a stream: `access_key` of the document, or `id` (R10) for NFS-e. */
export const streamEventItemSchema = z.object({
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
