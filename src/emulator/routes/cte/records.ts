// How a stored CT-e or CT-e OS is put on the wire: the record projection of /v1/dfe/cte and
// /v1/dfe/cteos (spec 2.2, designed values) and the v1 item of the role listings (R16).
import type { CteField, CteParty, CteRecord, CteV1Item } from '../../../api/wire/cte.js';
import { docEventXml, docXml, eventProtocol } from '../../data/dataset.js';
import type { DocRecord } from '../../doc-index.js';
import type { Party } from '../../model.js';
import type { StoredCte, StoredCteOs } from '../../model-docs.js';
import type { Encodable } from '../../json-payload.js';
import { block } from '../../../fiscal/xml-scan.js';
import { base64, xmlField, xmlToJson } from '../listing/wire-xml.js';

export const CCE_EVENT = '110110';
/** Prestação de serviço em desacordo: the taker disagrees with the CT-e. */
export const DISAGREEMENT_EVENT = '610110';
/** Its cancellation by the taker. */
const DISAGREEMENT_CANCEL_EVENT = '610111';

export type CteLikeType = 'cte' | 'cteos';
type CteLikeDoc = StoredCte | StoredCteOs;
export type CteLikeRecord = DocRecord<StoredCte> | DocRecord<StoredCteOs>;

function cteXmlOf(type: CteLikeType, doc: CteLikeDoc): string {
  return type === 'cte' ? docXml('cte', doc as StoredCte) : docXml('cteos', doc as StoredCteOs);
}

function party(p: Party): CteParty {
  return {
    Cnpj: p.cnpj ?? '',
    Cpf: p.cpf ?? '',
    Name: p.name,
    TradingName: p.tradingName ?? '',
    Inscription: p.ie ?? '',
    Uf: p.uf,
  };
}

/** An absent party is null. */
const optionalParty = (p: Party | undefined): CteParty | null => (p ? party(p) : null);

const isCte = (doc: CteLikeDoc): doc is StoredCte => doc.model === '57';

function documentOf(doc: CteLikeDoc): NonNullable<CteRecord['Document']> {
  const common = {
    Model: doc.model,
    Series: doc.series,
    Number: doc.number,
    Type: doc.cteType,
    Modal: doc.modal,
    Cfop: doc.cfop,
    NatOp: doc.natOp,
    StartCity: doc.startCity,
    StartUf: doc.startUf,
    EndCity: doc.endCity,
    EndUf: doc.endUf,
    TotalValue: doc.totalValue,
    ReceivableValue: doc.receivableValue,
  };
  return isCte(doc)
    ? { ...common, TakerKind: doc.takerKind, CargoValue: doc.cargoValue }
    : { ...common, ServiceType: doc.serviceType, Quantity: doc.quantity };
}

const docOf = (r: CteLikeRecord): CteLikeDoc => r.entry.doc;

/**
 * Designed: the document's own imp/IBSCBS group (the tax reform's), as format_type=json maps XML
 * (R16): `{CST, cClassTrib, gIBSCBS: {vBC, gIBSUF, gIBSMun, vIBS, gCBS}}`; null when it has none.
 * Read from the XML, so an uploaded CT-e answers what it carries.
 */
function ibsCbsOf(xml: string): Record<string, unknown> | null {
  const imp = block(xml, 'imp');
  const group = imp && block(xml, 'IBSCBS', ...imp);
  if (!group) return null;
  const json = xmlToJson(xml.slice(group[0], group[1] + '</IBSCBS>'.length)).IBSCBS;
  return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
}

/** One getter per field, so that only the requested fields are computed (Xml renders lazily); each typed by the wire schema. */
const FIELD_VALUES: {
  [F in CteField]: (record: CteLikeRecord, type: CteLikeType) => Encodable<Required<CteRecord>[F]>;
} = {
  Xml: (r, type) => base64(cteXmlOf(type, docOf(r))),
  Origin: (r) => docOf(r).origin,
  // Designed, as for NF-e: FlagErp maps keys to values; CustomData lists {Name, Value}.
  FlagErp: (r) => ({ ...docOf(r).flagErp }),
  CustomData: (r) => Object.entries(docOf(r).properties).map(([Name, Value]) => ({ Name, Value })),
  Document: (r) => documentOf(docOf(r)),
  Events: (r, type) => {
    const doc = docOf(r);
    return doc.events.map((e) => ({ type: e.type, xml: base64(docEventXml(type, doc, e)) }));
  },
  Tags: (r) => [...docOf(r).tags],
  Cfops: (r) => [docOf(r).cfop],
  AccessKey: (r) => docOf(r).accessKey,
  EmissionDate: (r) => docOf(r).emissionDate,
  CreatedAt: (r) => docOf(r).createdAt,
  HasCCE: (r) => hasEvent(docOf(r), CCE_EVENT),
  Manifestations: (r) => {
    const doc = docOf(r);
    // A disagreement is inactive once a cancellation of one (610111) follows it, as a superseded NF-e manifestation is.
    const canceledBefore = doc.events.map((e) => e.type).lastIndexOf(DISAGREEMENT_CANCEL_EVENT);
    return doc.events
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.type === DISAGREEMENT_EVENT)
      .map(({ e, i }) => ({
        Active: i > canceledBefore,
        CreatedAt: e.createdAt,
        Date: e.createdAt,
        IsForced: false,
        Protocol: eventProtocol(doc.accessKey, e.type, e.seq, e.createdAt),
        Seq: String(e.seq),
        Type: e.type,
      }));
  },
  Number: (r) => docOf(r).number,
  Owner: (r) => r.owner,
  OwnerRole: (r) => r.role,
  Addressee: (r) => optionalParty(isCte(docOf(r)) ? (docOf(r) as StoredCte).addressee : undefined),
  Dispatcher: (r) => optionalParty(isCte(docOf(r)) ? (docOf(r) as StoredCte).dispatcher : undefined),
  Sender: (r) => optionalParty(isCte(docOf(r)) ? (docOf(r) as StoredCte).sender : undefined),
  Receiver: (r) => optionalParty(isCte(docOf(r)) ? (docOf(r) as StoredCte).receiver : undefined),
  Emitter: (r) => party(docOf(r).emitter),
  Status: (r) => docOf(r).status,
  Taker: (r) => optionalParty(docOf(r).taker),
  IBSCBS: (r, type) => ibsCbsOf(cteXmlOf(type, docOf(r))),
  AccessKeyPrev: (r) => {
    const doc = docOf(r);
    return isCte(doc) && doc.cteType === '3' ? (doc.referencedKeys[0] ?? null) : null;
  },
  AccessKeysComp: (r) => {
    const doc = docOf(r);
    return isCte(doc) && doc.cteType === '1' ? [...doc.referencedKeys] : [];
  },
};

export function hasEvent(doc: CteLikeDoc, type: string): boolean {
  return doc.events.some((e) => e.type === type);
}

/** A record with only the requested fields, in the order they were asked for. */
export function toCteRecord(
  record: CteLikeRecord,
  type: CteLikeType,
  fields: readonly CteField[],
): Encodable<CteRecord> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = FIELD_VALUES[field](record, type);
  return out as Encodable<CteRecord>;
}

/** R16: `{access_key, xml}`; with `format_type=json` the document as a JSON object. */
export function toCteV1Item(type: CteLikeType, doc: CteLikeDoc, format: 'xml' | 'json'): Encodable<CteV1Item> {
  return { access_key: doc.accessKey, xml: xmlField(cteXmlOf(type, doc), format) };
}
