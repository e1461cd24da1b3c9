// How a stored NF-e is put on the wire: the v2 record projection (spec 2.2) and the v1 item (R16).
import type { NfeV1Item, NfeV2Field, NfeV2Record } from '../../../api/wire/nfe.js';
import { eventXml, nfeXml } from '../../data/dataset.js';
import type { Party, StoredNfe } from '../../model.js';
import type { NfeRecord } from '../../store.js';
import type { Encodable } from '../../json-payload.js';
import { base64, xmlField } from '../listing/wire-xml.js';

export const CCE_EVENT = '110110';

/** The nfeProc XML: stored (uploads) or rendered from the metadata. */
function xmlOf(doc: StoredNfe): string {
  return nfeXml(doc);
}

function emitter(p: Party): NonNullable<NfeV2Record['Emitter']> {
  return {
    EmitterAddressUf: p.uf,
    EmitterCnpj: p.cnpj ?? '',
    EmitterCpf: p.cpf ?? '',
    EmitterInscription: p.ie ?? '',
    EmitterName: p.name,
    EmitterTradingName: p.tradingName ?? '',
  };
}

function receiver(p: Party): NonNullable<NfeV2Record['Receiver']> {
  return {
    ReceiverAddressUf: p.uf,
    ReceiverCnpj: p.cnpj ?? '',
    ReceiverCpf: p.cpf ?? '',
    ReceiverInscription: p.ie ?? '',
    ReceiverName: p.name,
    ReceiverTradingName: p.tradingName ?? '',
  };
}

/** One getter per v2 field, so that only the requested fields are computed (Xml renders lazily); each typed by the wire schema. */
const FIELD_VALUES: { [F in NfeV2Field]: (record: NfeRecord) => Encodable<Required<NfeV2Record>[F]> } = {
  AccessKey: (r) => r.entry.doc.accessKey,
  Cfops: (r) => [...r.entry.doc.cfops],
  CreatedAt: (r) => r.entry.doc.createdAt,
  // Designed: custom properties as a list of {Name, Value}, mirroring the CustomData filter.
  CustomData: (r) => Object.entries(r.entry.doc.properties).map(([Name, Value]) => ({ Name, Value })),
  // Designed: the invoice's identification and totals.
  Document: ({ entry: { doc } }) => ({
    Model: doc.model,
    Series: doc.series,
    Number: doc.number,
    Operation: doc.operation,
    FinNFe: doc.finNFe,
    NatOp: doc.natOp,
    TotalValue: doc.totalValue,
    ItemCount: doc.itemCount,
  }),
  EmissionDate: (r) => r.entry.doc.emissionDate,
  Emitter: (r) => emitter(r.entry.doc.emitter),
  Events: ({ entry: { doc } }) => doc.events.map((e) => ({ type: e.type, xml: base64(eventXml(doc, e)) })),
  // Designed: FlagErp as a map of flag key to value.
  FlagErp: (r) => ({ ...r.entry.doc.flagErp }),
  HasCCE: (r) => r.entry.doc.events.some((e) => e.type === CCE_EVENT),
  Manifestations: (r) =>
    r.entry.doc.manifestations.map((m) => ({
      Active: m.Active,
      CreatedAt: m.CreatedAt,
      Date: m.Date,
      IsForced: m.IsForced,
      Protocol: m.Protocol,
      Seq: m.Seq,
      Type: m.Type,
    })),
  Number: (r) => r.entry.doc.number,
  Origin: (r) => r.entry.doc.origin,
  Owner: (r) => r.owner,
  OwnerRole: (r) => r.role,
  Receiver: (r) => receiver(r.entry.doc.receiver),
  Status: (r) => r.entry.doc.status,
  Tags: (r) => [...r.entry.doc.tags],
  Xml: (r) => base64(xmlOf(r.entry.doc)),
};

/** R18: a record with only the requested fields, in the order they were asked for. */
export function toV2Record(record: NfeRecord, fields: readonly NfeV2Field[]): Encodable<NfeV2Record> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = FIELD_VALUES[field](record);
  return out as Encodable<NfeV2Record>;
}

/** R16: `{access_key, xml}`; with `format_type=json` the document as a JSON object. */
export function toV1Item(doc: StoredNfe, format: 'xml' | 'json'): Encodable<NfeV1Item> {
  return { access_key: doc.accessKey, xml: xmlField(xmlOf(doc), format) };
}
