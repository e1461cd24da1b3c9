// Index lines and status records as the catalog's rows: the column values of each table, and the
// status a line brings its document to. Shared by every store (the SQL differs, the rows do not).
import { inBrasilia } from '../fiscal/dates.js';
import { documentStatus, type DocumentStatus, type StatusDocType } from '../fiscal/doc-status.js';
import { eventDescription, EVENT_DOC_TYPES, type EventDocType } from '../fiscal/event-codes.js';
import { ITEM_TAXES, TOTALS } from './facts.js';
import type { CatalogLine } from './store.js';

/** Precedence of statuses: canceling cannot be undone, closing only by a cancellation. */
export const STATUS_RANK: Record<string, number> = { authorized: 1, closed: 2, canceled: 3 };

/** Manifestation event codes (NF-e, received): the latest registered is the document's manifestation. */
export const MANIFESTATIONS = new Set(['210200', '210210', '210220', '210240']);

const isEventType = (t: string): t is EventDocType => (EVENT_DOC_TYPES as readonly string[]).includes(t);

export const DOCUMENT_COLUMNS = [
  'key',
  'role',
  'owner',
  'type',
  'model',
  'series',
  'number',
  'emitted_at',
  'authorized_at',
  'protocol_status',
  'protocol_number',
  'emitter_tax_id',
  'emitter_name',
  'emitter_uf',
  'receiver_tax_id',
  'receiver_name',
  'receiver_uf',
  'cfop',
  'status',
  'status_changed_at',
  'status_source',
  ...TOTALS,
  'item_count',
  'path',
  'created_at',
  // Version 2 (schema.ts), in the order its migration adds them.
  'layout_version',
  'environment',
  'cfops',
  'warnings',
] as const;

/** A column of `documents`: what the readers of the catalog name (src/report/catalog-documents.ts). */
export type DocumentColumn = (typeof DOCUMENT_COLUMNS)[number];

export const ITEM_COLUMNS = [
  'key',
  'role',
  'owner',
  'number',
  'product_code',
  'description',
  'ncm',
  'cest',
  'cfop',
  'unit',
  'quantity',
  'unit_price',
  'value',
  'discount',
  ...ITEM_TAXES,
] as const;

export const EVENT_COLUMNS = [
  'key',
  'role',
  'owner',
  'type',
  'seq',
  'description',
  'created_at',
  'path',
  'source',
] as const;
export const FILE_COLUMNS = ['path', 'key', 'role', 'owner', 'kind', 'sha256', 'bytes', 'summary'] as const;

const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The status a document line gives its copy: its XML's evidence and the index line's word. */
function documentLineStatus(line: CatalogLine): DocumentStatus | null {
  const f = line.facts;
  if (!isEventType(line.type)) return (line.status as DocumentStatus | null) ?? null;
  return documentStatus({
    type: line.type as StatusDocType,
    protocol: f?.protocolStatus,
    canceledInXml: f?.canceledInXml,
    // None given where there are none: an empty array made by map is of another kind than
    // documentStatus's own `[]`, and the two threw away documentRow's optimized code.
    events: f?.eventsInXml.length ? f.eventsInXml.map((type) => ({ type })) : undefined,
    index: line.status,
  });
}

export function documentRow(line: CatalogLine): unknown[] {
  const f = line.facts;
  const status = documentLineStatus(line);
  const totals = f?.totals;
  return [
    line.key,
    line.role,
    line.owner,
    line.type,
    nul(f?.model),
    nul(f?.series),
    nul(f?.number),
    nul(f?.emittedAt),
    nul(f?.authorizedAt),
    nul(f?.protocolStatus),
    nul(f?.protocolNumber),
    nul(f?.emitter.taxId),
    nul(f?.emitter.name),
    nul(f?.emitter.uf),
    nul(f?.receiver.taxId),
    nul(f?.receiver.name),
    nul(f?.receiver.uf),
    nul(f?.cfop),
    status,
    status ? changedAt(f?.authorizedAt ?? line.created_at ?? f?.emittedAt) : null,
    status ? 'document' : null,
    // TOTALS, in order, spelled out: a map and its spread cost the pull's thread more than the rest of the row.
    nul(totals?.total),
    nul(totals?.products),
    nul(totals?.discount),
    nul(totals?.freight),
    nul(totals?.icms),
    nul(totals?.icms_st),
    nul(totals?.ipi),
    nul(totals?.pis),
    nul(totals?.cofins),
    nul(totals?.iss),
    nul(totals?.ibs),
    nul(totals?.cbs),
    f?.items.length ?? 0,
    line.path,
    line.created_at,
    nul(f?.summary?.version),
    nul(f?.summary?.environment),
    nul(f?.summary?.cfops?.join(',')),
    f?.summary?.warnings.length ? f.summary.warnings.join('; ') : null,
  ];
}

export function itemRows(line: CatalogLine): unknown[][] {
  return (line.facts?.items ?? []).map((i) => [
    line.key,
    line.role,
    line.owner,
    i.number,
    nul(i.productCode),
    nul(i.description),
    nul(i.ncm),
    nul(i.cest),
    nul(i.cfop),
    nul(i.unit),
    nul(i.quantity),
    nul(i.unitPrice),
    nul(i.value),
    nul(i.discount),
    // ITEM_TAXES, in order, spelled out (as documentRow's totals).
    nul(i.taxes.icms),
    nul(i.taxes.icms_st),
    nul(i.taxes.ipi),
    nul(i.taxes.pis),
    nul(i.taxes.cofins),
    nul(i.taxes.ibs),
    nul(i.taxes.cbs),
  ]);
}

export function eventRow(line: CatalogLine): unknown[] {
  const code = line.event ?? '';
  return [
    line.key,
    line.role,
    line.owner,
    code,
    line.seq ?? 0,
    nul(isEventType(line.type) ? eventDescription(line.type, code) : undefined),
    line.created_at,
    line.path,
    'file',
  ];
}

export function fileRow(line: CatalogLine): unknown[] {
  const summary = line.summary ?? line.facts?.summary;
  return [
    line.path,
    line.key,
    line.role,
    line.owner,
    line.event ? 'event' : 'document',
    line.sha256,
    line.bytes,
    summary ? JSON.stringify(summary) : null,
  ];
}

/**
 * What one index line writes: its rows, and for an event the status and manifestation it brings
 * its document. Built where the line's file is read (a rebuild's threads), applied in order.
 */
export interface LineRows {
  file: unknown[];
  document?: unknown[];
  items?: unknown[][];
  event?: unknown[];
  /** An event line's own fields the UPDATEs of its document take. */
  of?: { key: string; role: string; owner: string; status: string | null; code: string; at: string };
}

export function lineRows(line: CatalogLine): LineRows {
  const file = fileRow(line);
  if (line.event === undefined) return { file, document: documentRow(line), items: itemRows(line) };
  const of = { key: line.key, role: line.role, owner: line.owner, status: line.status, code: line.event };
  return { file, event: eventRow(line), of: { ...of, at: inBrasilia(line.created_at ?? '') } };
}

/**
 * When a status changed, in Brasília time whatever its source wrote (docs/catalog.md): the
 * catalog compares such times as text, and a reader sorts them.
 */
function changedAt(at: string | null | undefined): string | null {
  return at ? inBrasilia(at) : null;
}
