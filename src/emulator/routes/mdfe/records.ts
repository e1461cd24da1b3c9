// How a stored MDF-e is put on the wire: the record of POST /v1/dfe/mdfe (one per owner role) and
// the item of GET /v1/mdfe/{role} (designed shapes, docs/mdfe.md).
import type { MdfeField, MdfeRecord, MdfeV1Item } from '../../../api/wire/mdfe.js';
import { docEventXml, docXml } from '../../data/dataset.js';
import type { DocRecord } from '../../doc-index.js';
import type { StoredMdfe } from '../../model-docs.js';
import type { Encodable } from '../../json-payload.js';
import { base64 } from '../listing/wire-xml.js';

const events = (doc: StoredMdfe) => doc.events.map((e) => ({ type: e.type, xml: base64(docEventXml('mdfe', doc, e)) }));

/** One getter per field, so that only the requested fields are computed; each typed by the wire schema. */
const FIELD_VALUES: { [F in MdfeField]: (r: DocRecord<StoredMdfe>) => Encodable<Required<MdfeRecord>[F]> } = {
  AccessKey: (r) => r.entry.doc.accessKey,
  CreatedAt: (r) => r.entry.doc.createdAt,
  CustomData: (r) => Object.entries(r.entry.doc.properties).map(([Name, Value]) => ({ Name, Value })),
  Document: ({ entry: { doc } }) => ({
    Series: doc.series,
    Number: doc.number,
    EmitterType: doc.emitterType,
    StartUf: doc.startUf,
    EndUf: doc.endUf,
    LoadCity: doc.loadCity,
    UnloadCities: doc.unloads.map((u) => u.city),
    Plate: doc.plate,
    CargoValue: doc.cargoValue,
    CargoWeight: doc.cargoWeight,
    Ctes: [...doc.cteKeys],
    Nfes: [...doc.nfeKeys],
  }),
  EmissionDate: (r) => r.entry.doc.emissionDate,
  Emitter: ({ entry: { doc } }) => ({
    EmitterCnpj: doc.emitter.cnpj ?? '',
    EmitterCpf: doc.emitter.cpf ?? '',
    EmitterName: doc.emitter.name,
    EmitterAddressUf: doc.emitter.uf,
  }),
  Events: (r) => events(r.entry.doc),
  FlagErp: (r) => ({ ...r.entry.doc.flagErp }),
  Number: (r) => r.entry.doc.number,
  Origin: (r) => r.entry.doc.origin,
  Owner: (r) => r.owner,
  OwnerRole: (r) => r.role,
  Status: (r) => r.entry.doc.status,
  Tags: (r) => [...r.entry.doc.tags],
  Xml: (r) => base64(docXml('mdfe', r.entry.doc)),
};

export function toMdfeRecord(r: DocRecord<StoredMdfe>, fields: readonly MdfeField[]): Encodable<MdfeRecord> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = FIELD_VALUES[field](r);
  return out as Encodable<MdfeRecord>;
}

export function toMdfeV1Item(doc: StoredMdfe): Encodable<MdfeV1Item> {
  return { access_key: doc.accessKey, xml: base64(docXml('mdfe', doc)), events: events(doc) };
}
