// Events (eventos) of NF-e/NFC-e, CT-e, MDF-e and the national NFS-e: the request (`evento`,
// `eventoCTe`, `eventoMDFe`, `pedRegEvento`), the authority's result (`retEvento`...), or both
// (`procEventoNFe`, `procEventoCTe`, `procEventoMDFe`). Which document family an event belongs to
// is read from the key field it carries (chNFe, chCTe, chMDFe, chNFSe), not from element names.
import {
  at,
  attr,
  compact,
  first,
  keyFromId,
  keyWarnings,
  lookup,
  modelOfKey,
  protocolOf,
  text,
  environment,
  type AttachedEvent,
  type EventFamily,
  type EventInfo,
  type Node,
  type Party,
  type Protocol,
  type Summary,
} from './common.js';
import { eventRegistered, type KnownEvent } from '../doc-status.js';
import { EVENT_CODES } from '../event-codes.js';

type Family = Exclude<EventFamily, 'cfe'>;

const KEY_FIELDS: [string, Family][] = [
  ['chNFe', 'nfe'],
  ['chCTe', 'cte'],
  ['chMDFe', 'mdfe'],
  ['chNFSe', 'nfse'],
];

function familyOf(...nodes: Node[]): [Family, string] | undefined {
  for (const node of nodes) {
    for (const [field, family] of KEY_FIELDS) {
      const key = text(node[field]);
      if (key) return [family, key];
    }
  }
  return undefined;
}

/** Reads an event from its request and/or result; undefined when neither has infEvento/infPedReg. */
export function readEvent(request: Node | undefined, result: Node | undefined): Summary | undefined {
  const inf = at(request, 'infEvento');
  const ped =
    [at(inf, 'pedRegEvento', 'infPedReg'), at(request, 'infPedReg')].find((n) => Object.keys(n).length > 0) ?? {};
  const res = at(result, 'infEvento');
  const found = familyOf(inf, ped, res);
  if (!found) return undefined;
  const [family, refKey] = found;
  const national = Object.keys(ped).length > 0 ? nationalType(ped) : undefined;
  const type = national?.type ?? text(inf.tpEvento) ?? text(res.tpEvento) ?? '';
  const description =
    lookup(EVENT_CODES[family], type) ?? national?.description ?? descriptionOf(inf) ?? text(res.xEvento) ?? '';
  const warnings = family === 'nfse' ? [] : keyWarnings('referenced key', refKey);
  const resultKey = familyOf(res)?.[1];
  if (resultKey && resultKey !== refKey)
    warnings.push(`the result (retEvento) is for key ${resultKey}, the request for ${refKey}`);
  const protocol = national
    ? compact<Protocol>({ number: text(inf.nDFe), at: text(inf.dhProc) })
    : protocolOf(res, 'dhRegEvento');
  return compact({
    kind: 'event',
    model: modelOfKey(refKey),
    version: attr(at(request), 'versao') ?? attr(at(result), 'versao'),
    // retEvento's own Id names the protocol, not the event.
    id: keyFromId(attr(inf, 'Id') ?? attr(ped, 'Id')),
    emittedAt: text(inf.dhEvento) ?? text(ped.dhEvento) ?? text(res.dhRegEvento),
    environment: environment(text(inf.tpAmb) ?? text(ped.tpAmb) ?? text(res.tpAmb)),
    emitter: author(Object.keys(ped).length > 0 ? ped : inf),
    counterpart: receiver(res),
    totals: {},
    protocol: protocol && Object.keys(protocol).length > 0 ? protocol : undefined,
    event: compact({
      type,
      family,
      description,
      refKey,
      seq: text(inf.nSeqEvento) ?? text(ped.nPedRegEvento) ?? text(res.nSeqEvento),
    }),
    warnings,
  } satisfies Summary);
}

/** National NFS-e events name their type by a child element `e101101` holding xDesc. */
function nationalType(ped: Node): { type: string; description?: string } | undefined {
  const name = Object.keys(ped).find((k) => /^e\d{6}$/.test(k));
  return name ? { type: name.slice(1), description: text(at(ped, name).xDesc) } : undefined;
}

/** detEvento/descEvento, or one level down (CT-e and MDF-e wrap it in evCCeCTe, evEncMDFe...). */
function descriptionOf(inf: Node): string | undefined {
  const det = at(inf, 'detEvento');
  const direct = text(det.descEvento);
  if (direct) return direct;
  for (const child of Object.values(det)) {
    const d = text(at(child).descEvento);
    if (d) return d;
  }
  return undefined;
}

function author(inf: Node): Party {
  const taxId = first(inf, 'CNPJ', 'CPF', 'CNPJAutor', 'CPFAutor');
  return taxId ? { taxId } : {};
}

function receiver(res: Node): Summary['counterpart'] {
  const taxId = first(res, 'CNPJDest', 'CPFDest');
  return taxId ? { role: 'receiver', taxId } : {};
}

/** An event as evidence of its document's status (doc-status.ts). */
export function knownEvent(e: Pick<AttachedEvent, 'type' | 'family' | 'status' | 'protocol'>): KnownEvent {
  return { type: e.type, registered: registered(e.family, { status: e.status, number: e.protocol }) };
}

function registered(family: EventFamily, protocol: Protocol | undefined): boolean {
  // A CF-e SAT cancellation file is the cancellation itself.
  return family === 'cfe' || eventRegistered(protocol?.status, protocol?.number, family === 'nfse');
}

/** The short form of an event kept on the document it refers to. */
export function attached(info: EventInfo, event: Pick<Summary, 'protocol' | 'emittedAt'>): AttachedEvent {
  return compact({
    ...info,
    at: event.protocol?.at ?? event.emittedAt,
    status: event.protocol?.status,
    reason: event.protocol?.reason,
    protocol: event.protocol?.number,
  });
}
