// The filter flags of the document commands (`search nfe|cte|cteos|nfse|nfce|mdfe`, `pull <type>`),
// declared once so that one word means one filter everywhere. A verb takes the ones it reads:
// `flags: { ...pick(DOCUMENT_FLAGS, 'owner', 'from', 'to'), ... }`. Plain data: loaded for --help.
import type { FlagSpec } from './define.js';

export const DOCUMENT_FLAGS = {
  owner: { type: 'tax-id', list: true, value: 'cnpj', summary: 'owner CNPJ/CPF (repeatable or comma-separated)' },
  emitter: { type: 'tax-id', list: true, value: 'cnpj', summary: 'emitter CNPJ/CPF (repeatable)' },
  receiver: { type: 'tax-id', list: true, value: 'cnpj', summary: 'receiver CNPJ/CPF (repeatable)' },
  transporter: { type: 'tax-id', list: true, value: 'cnpj', summary: 'transporter CNPJ/CPF (repeatable)' },
  from: { type: 'date', summary: 'emitted on or after (YYYY-MM-DD or dd/mm/yyyy, a time hh:mm:ss optional)' },
  to: { type: 'date', summary: 'emitted on or before' },
  month: { type: 'month', value: 'yyyy-mm', summary: 'emitted in this month (YYYY-MM or MM/YYYY), instead of --from/--to' },
  createdFrom: { type: 'date', summary: 'received by the service on or after' },
  createdTo: { type: 'created-to', summary: 'received by the service on or before (a date, or now)' },
  status: { type: 'choice', choices: ['authorized', 'canceled'], value: 'status', summary: 'document status' },
  cfop: { type: 'text', list: true, value: 'cfop', summary: 'CFOP codes, any of (repeatable)' },
  tag: { type: 'text', list: true, value: 'tag', summary: 'tags, any of (repeatable)' },
  origin: { type: 'text', list: true, value: 'origin', summary: 'origins, any of: sefaz, upload, upload_api, email, ... (repeatable)' },
  hasCce: { type: 'bool', summary: 'has a correction letter (CC-e); --has-cce=false for none' },
  prop: { type: 'pair', list: true, summary: 'custom property equals value (repeatable; same name: any of)' },
  filter: { type: 'expression', summary: "custom-property expression, e.g. '(AND (= status done) (NOT_EXISTS erp_id))'" },
  limit: { type: 'int', summary: 'at most this many documents (default 50)' },
  all: { type: 'switch', summary: 'every matching document (streams)' },
  summary: { type: 'switch', summary: 'read each document from its XML and show it as `fiscal inspect` does (totals, parties, protocol)' },
} as const satisfies Record<string, FlagSpec>;

/** The named entries of a flag table, types kept. */
export function pick<T extends Record<string, FlagSpec>, K extends keyof T>(table: T, ...keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = table[k];
  return out;
}
