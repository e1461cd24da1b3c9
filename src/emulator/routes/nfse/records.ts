// How a stored NFS-e is put on the wire: the record of POST /v1/dfe/nfse (one per owner role),
// the item of GET /v1/nfse/{role} and the item of GET /v2/nfse/received.
import { createHash } from 'node:crypto';
import {
  OWNER_ROLE_OF,
  type NfseField,
  type NfseRecord,
  type NfseV1Item,
  type NfseV2Item,
} from '../../../api/wire/nfse.js';
import { docXml } from '../../data/dataset.js';
import { nfseId } from '../../data/nfse.js';
import { nfseOriginalXml } from '../../data/nfse-layouts.js';
import type { DocRecord } from '../../doc-index.js';
import type { Party } from '../../model.js';
import type { StoredNfse } from '../../model-docs.js';
import type { Encodable } from '../../json-payload.js';
import { base64, xmlToJson } from '../listing/wire-xml.js';

const taxId = (p: Party | undefined): string => p?.cnpj ?? p?.cpf ?? '';

/** One getter per field, so that only the requested fields are computed; each typed by the wire schema. */
const FIELD_VALUES: { [F in NfseField]: (r: DocRecord<StoredNfse>) => Encodable<Required<NfseRecord>[F]> } = {
  xmlAbrasf: (r) => base64(docXml('nfse', r.entry.doc)),
  // Designed: the tax-reform (RTC) layout is not generated, so it is null.
  xmlAbrasfRtc: () => null,
  // R33: the XML as the municipality (or the national system) issued it, in its own layout.
  originalXml: (r) => base64(nfseOriginalXml(r.entry.doc)),
  origin: (r) => r.entry.doc.origin,
  flagErp: (r) => ({ ...r.entry.doc.flagErp }),
  customData: (r) => properties(r.entry.doc),
  document: ({ entry: { doc }, owner, role }) => ({
    number: doc.number,
    emissionDate: doc.emissionDate,
    createdAt: doc.createdAt,
    competence: doc.competence,
    emitterCnpj: taxId(doc.emitter),
    emitterName: doc.emitter.name,
    takerCnpj: taxId(doc.taker),
    takerName: doc.taker?.name ?? '',
    intermediaryCnpj: taxId(doc.intermediary),
    serviceCode: doc.serviceCode,
    cityCode: doc.cityCode,
    serviceValue: doc.serviceValue,
    issRate: doc.issRate,
    issValue: doc.issValue,
    issWithheld: doc.issWithheld,
    netValue: doc.netValue,
    isCanceled: doc.isCanceled,
    owner,
    ownerRole: OWNER_ROLE_OF[role],
  }),
};

/** Designed: custom properties as `[{name, value}]`. */
function properties(doc: StoredNfse): { name: string; value: string }[] {
  return Object.entries(doc.properties).map(([name, value]) => ({ name, value }));
}

/** `{id, ...requested fields}`, the fields in the order they were asked for. */
export function toNfseRecord(r: DocRecord<StoredNfse>, fields: readonly NfseField[]): Encodable<NfseRecord> {
  const out: Record<string, unknown> = { id: nfseId(r.owner, r.entry.doc) };
  for (const field of fields) out[field] = FIELD_VALUES[field](r);
  return out as Encodable<NfseRecord>;
}

/**
 * R16, R36: with `format_type=json` the note as a JSON object: the CompNfse's content, so that
 * the note is read at `xml.Nfse.InfNfse` (designed: the mapping of fast-xml-parser, attributes as
 * `@_name`). A note of another layout (uploads) gives the content of its own root.
 */
export function nfseJson(doc: StoredNfse): Record<string, unknown> {
  const root = Object.values(xmlToJson(docXml('nfse', doc))).find((v) => typeof v === 'object' && v !== null);
  return (root ?? {}) as Record<string, unknown>;
}

export function toNfseV1Item(doc: StoredNfse, owner: string): Encodable<NfseV1Item> {
  return { id: nfseId(owner, doc), xml: base64(docXml('nfse', doc)) };
}

/** Designed: the 40-hex id of /v2/nfse/received is the SHA-1 of the R10 id. */
export function nfseV2Id(r10: string): string {
  return createHash('sha1').update(r10, 'utf8').digest('hex');
}

export function toNfseV2Item(doc: StoredNfse, owner: string): Encodable<NfseV2Item> {
  return { id: nfseV2Id(nfseId(owner, doc)), xml: base64(docXml('nfse', doc)), properties: properties(doc) };
}
