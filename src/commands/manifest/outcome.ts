// A result row of `fiscal manifest`: one per key, whatever path it took (dry run, async, sync).
import { PENDING_CODE, REGISTERED_CODE, type ManifestStatusItem, type SefazResponse } from '../../api/wire/manifest.js';
import type { Column } from '../../output/writer.js';

type OutcomeStatus = 'dry-run' | 'accepted' | 'pending' | 'registered' | 'rejected' | 'error';

export interface ManifestRow {
  key: string;
  code: string;
  status: OutcomeStatus;
  request_id?: string;
  /** The tax authority's cStat (135 registered, else a rejection), or 403/404 from the service. */
  cstat?: number;
  message?: string;
  protocol?: string;
}

export const ROW_COLUMNS: Column<ManifestRow>[] = [
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'CODE', get: (r) => r.code },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'CSTAT', get: (r) => r.cstat },
  { header: 'PROTOCOL', get: (r) => r.protocol },
  { header: 'REQUEST_ID', get: (r) => r.request_id, truncate: false },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export function isFailure(row: ManifestRow): boolean {
  return row.status === 'rejected' || row.status === 'error' || row.status === 'pending';
}

/** A row from a status item of 4.14 (the code there is the manifestation code). */
export function rowOfStatus(item: ManifestStatusItem): ManifestRow {
  const code = item.status.code;
  const status: OutcomeStatus =
    code === PENDING_CODE
      ? 'pending'
      : code === REGISTERED_CODE
        ? 'registered'
        : code === 403 || code === 404
          ? 'error'
          : 'rejected';
  const row: ManifestRow = { key: item.access_key, code: String(item.code), status, message: item.status.message };
  if (code !== PENDING_CODE) row.cstat = code;
  if (item.request_id !== undefined) row.request_id = item.request_id;
  return row;
}

/** A row from the tax authority's answer to a synchronous manifestation. */
export function rowOfSefaz(key: string, code: string, answer: SefazResponse): ManifestRow {
  const row: ManifestRow = {
    key,
    code,
    status: answer.cStat === REGISTERED_CODE ? 'registered' : 'rejected',
    cstat: answer.cStat,
    message: answer.xMotivo,
  };
  if (answer.nProt !== undefined) row.protocol = answer.nProt;
  return row;
}
