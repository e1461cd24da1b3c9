// What a DANFe or DANFCe prints of an nfeProc, read from its bytes by shapes (xml-shape.ts): the
// elements drawn, by where they sit. The light parser's tree (xml-light.ts) made an object or a
// string of each of a note's 250 elements, and the readers' helpers then looked each field up in
// it by name: some 35% of a DANFe's CPU. What this gives is what nfe-data.ts's read through the
// tree gives, field for field (the tests compare both on every sample); anything else (another
// shape, another encoding, what the scanner gives up on) is read through the tree.
import { documentStatus } from '../doc-status.js';
import { keyFromId, modelOfKey, type Protocol, type Summary } from '../readers/common.js';
import type { DocumentSummary } from '../readers/index.js';
import type { NfeData, NfeItem, NfeParty } from './nfe-data.js';
import { ShapeReader, type Entry, type Shape } from './xml-shape.js';

const ADDRESS: Shape = { leaves: ['xLgr', 'nro', 'xCpl', 'xBairro', 'CEP', 'xMun', 'UF', 'fone'] };
const PARTY_LEAVES = ['xNome', 'xFant', 'CNPJ', 'CPF', 'idEstrangeiro', 'IE', 'IEST', 'IM'] as const;
const VALUES: Shape = { values: true };
const ITEM: Shape = {
  attribute: 'nItem',
  leaves: ['infAdProd'],
  one: {
    prod: { leaves: ['cProd', 'xProd', 'NCM', 'CFOP', 'uCom', 'qCom', 'vUnCom', 'vProd'] },
    imposto: {
      one: {
        ICMS: { variant: { prefix: 'ICMS', shape: { leaves: ['orig', 'CST', 'CSOSN', 'vBC', 'vICMS', 'pICMS'] } } },
        IPI: { one: { IPITrib: { leaves: ['vIPI', 'pIPI'] } } },
      },
    },
  },
};
const PAYMENT_LEAVES = ['tPag', 'vPag'];
const INF_NFE: Shape = {
  once: true,
  attribute: 'Id',
  one: {
    ide: {
      leaves: ['nNF', 'serie', 'dhEmi', 'dEmi', 'dhSaiEnt', 'dSaiEnt', 'tpNF', 'natOp', 'tpImp', 'tpAmb', 'mod'],
    },
    emit: { leaves: PARTY_LEAVES, one: { enderEmit: ADDRESS } },
    dest: { leaves: PARTY_LEAVES, one: { enderDest: ADDRESS } },
    total: { one: { ICMSTot: VALUES, ISSQNtot: VALUES } },
    transp: {
      leaves: ['modFrete'],
      one: {
        transporta: { leaves: [...PARTY_LEAVES, 'xEnder', 'xMun', 'UF'], one: { enderTransporta: ADDRESS } },
        veicTransp: { leaves: ['placa', 'UF', 'RNTC'] },
      },
      many: { vol: { leaves: ['qVol', 'esp', 'marca', 'nVol', 'pesoB', 'pesoL'] } },
    },
    cobr: { many: { dup: { leaves: ['nDup', 'dVenc', 'vDup'] } } },
    infAdic: { leaves: ['infCpl', 'infAdFisco'] },
  },
  many: {
    det: ITEM,
    pag: { leaves: [...PAYMENT_LEAVES, 'vTroco'], many: { detPag: { leaves: PAYMENT_LEAVES } } },
  },
};
const NFE_PROC: Shape = {
  closed: true,
  one: {
    NFe: { once: true, one: { infNFe: INF_NFE, infNFeSupl: { leaves: ['qrCode', 'urlChave'] } } },
    protNFe: { once: true, one: { infProt: { leaves: ['cStat', 'xMotivo', 'nProt', 'dhRecbto'] } } },
  },
};
const TOP: Shape = { closed: true, one: { nfeProc: NFE_PROC } };

/** Elements the light parser skips unread, content unchecked (xml-light.ts; nfe-data.ts's UNREAD). */
const SKIPPED = ['PIS', 'PISST', 'COFINS', 'COFINSST', 'IBSCBS', 'infRespTec', 'Signature'];

const reader = new ShapeReader(TOP, SKIPPED);

/**
 * The NF-e or NFC-e (`kind`) of an nfeProc holding it and its protocol alone, as the service
 * gives them, or undefined: the file is then read through the tree.
 */
export function readNfeProc(bytes: Uint8Array, kind: 'nfe' | 'nfce', source: string): NfeData | undefined {
  const proc = reader.read(bytes)?.one('nfeProc');
  return proc && nfeData(proc, kind, source);
}

/** The summary of an nfeProc's NF-e (nfe-data.ts's nfeProcSummary, and this reader's). */
export function procSummary(
  key: string | undefined,
  model: string | undefined,
  protocol: Protocol | undefined,
): Summary {
  const kind = model === '65' ? 'nfce' : 'nfe';
  const summary: Summary = { kind, emitter: {}, counterpart: {}, totals: {}, warnings: [] };
  if (model !== undefined) summary.model = model;
  if (key !== undefined) summary.key = key;
  if (protocol) summary.protocol = protocol;
  summary.canceled = documentStatus({ type: kind, protocol: protocol?.status, canceledInXml: false }) === 'canceled';
  return summary;
}

function protocolOf(inf: Entry | undefined): Protocol | undefined {
  const p: Protocol = {};
  const status = inf?.text('cStat');
  const reason = inf?.text('xMotivo');
  const number = inf?.text('nProt');
  const when = inf?.text('dhRecbto');
  if (status) p.status = status;
  if (reason) p.reason = reason;
  if (number) p.number = number;
  if (when) p.at = when;
  return Object.keys(p).length > 0 ? p : undefined;
}

/** nfe-data.ts's readNfeData of an nfeProc read into entries, or undefined where that read would go another way. */
function nfeData(proc: Entry, kind: 'nfe' | 'nfce', source: string): NfeData | undefined {
  const nfe = proc.one('NFe');
  const inf = nfe?.one('infNFe');
  if (!nfe?.node || !inf?.node) return undefined;
  const prot = proc.one('protNFe');
  const infProt = prot?.one('infProt');
  // A protocol deeper in protNFe is the tree's to find.
  if (prot?.node && !infProt) return undefined;
  const ide = inf.one('ide');
  const key = keyFromId(inf.attribute?.trim() || undefined);
  const summary = procSummary(key, ide?.text('mod') ?? modelOfKey(key), protocolOf(infProt));
  if (summary.kind !== kind || !key || !/^\d{44}$/.test(key)) return undefined;
  const document: DocumentSummary = Object.assign(summary, { root: 'nfeProc', source });
  const transp = inf.one('transp');
  const total = inf.one('total');
  const issqn = total?.one('ISSQNtot');
  const vol = transp?.many('vol') ?? [];
  const sumOf = (name: string) => {
    const sum = vol.reduce((a, v) => a + Number(v.text(name) ?? 0), 0);
    return vol.some((v) => v.text(name) !== undefined) ? String(sum) : undefined;
  };
  const veic = transp?.one('veicTransp');
  const adic = inf.one('infAdic');
  const supl = nfe.one('infNFeSupl');
  const pags = inf.all('pag');
  return {
    summary: document,
    key,
    model: summary.model ?? (kind === 'nfe' ? '55' : '65'),
    number: ide?.text('nNF') ?? '',
    series: ide?.text('serie') ?? '',
    emittedAt: ide?.text('dhEmi') ?? ide?.text('dEmi'),
    movedAt: ide?.text('dhSaiEnt') ?? ide?.text('dSaiEnt'),
    direction: ide?.text('tpNF'),
    nature: ide?.text('natOp'),
    printType: ide?.text('tpImp'),
    homologation: ide?.text('tpAmb') === '2',
    emitter: partyOf(inf.one('emit'), 'enderEmit'),
    receiver: partyOf(inf.one('dest'), 'enderDest'),
    totals: total?.one('ICMSTot')?.valuesRead() ?? {},
    issqn: issqn?.node ? issqn.valuesRead() : undefined,
    transport: {
      mode: transp?.text('modFrete'),
      carrier: carrierOf(transp?.one('transporta')),
      plate: veic?.text('placa'),
      plateUf: veic?.text('UF'),
      antt: veic?.text('RNTC'),
      volumes: {
        qVol: sumOf('qVol'),
        esp: vol[0]?.text('esp'),
        marca: vol[0]?.text('marca'),
        nVol: vol[0]?.text('nVol'),
        pesoB: sumOf('pesoB'),
        pesoL: sumOf('pesoL'),
      },
    },
    bills: (inf.one('cobr')?.many('dup') ?? []).map((d) => ({
      number: d.text('nDup'),
      due: d.text('dVenc'),
      value: d.text('vDup'),
    })),
    payments: pags
      .filter((p) => p.node)
      .flatMap((p) => (p.has('detPag') ? p.many('detPag') : [p]))
      .map((p) => ({ type: p.text('tPag'), value: p.text('vPag') })),
    change: pags[0]?.text('vTroco'),
    items: inf.many('det').map(itemOf),
    additional: adic?.text('infCpl'),
    fisco: adic?.text('infAdFisco'),
    protocol: infProt ? { number: infProt.text('nProt'), at: infProt.text('dhRecbto') } : undefined,
    qrCode: supl?.text('qrCode'),
    urlChave: supl?.text('urlChave'),
  };
}

function partyOf(node: Entry | undefined, addrName: string): NfeParty {
  const addr = node?.one(addrName);
  return {
    name: node?.text('xNome'),
    fantasy: node?.text('xFant'),
    taxId: node?.text('CNPJ') ?? node?.text('CPF') ?? node?.text('idEstrangeiro'),
    ie: node?.text('IE'),
    iest: node?.text('IEST'),
    im: node?.text('IM'),
    street: street(addr),
    district: addr?.text('xBairro'),
    cep: addr?.text('CEP'),
    city: addr?.text('xMun'),
    uf: addr?.text('UF'),
    phone: addr?.text('fone'),
  };
}

/** `Rua A, 10 - sala 2`, as xml-tree.ts's street() writes it. */
function street(addr: Entry | undefined): string | undefined {
  const parts = [addr?.text('xLgr'), addr?.text('nro')].filter(Boolean).join(', ');
  const cpl = addr?.text('xCpl');
  return (cpl ? `${parts} - ${cpl}` : parts) || undefined;
}

function carrierOf(node: Entry | undefined): NfeParty {
  return {
    ...partyOf(node, 'enderTransporta'),
    street: node?.text('xEnder'),
    city: node?.text('xMun'),
    uf: node?.text('UF'),
  };
}

function itemOf(det: Entry): NfeItem {
  const prod = det.one('prod');
  const tax = det.one('imposto');
  const icms = tax?.one('ICMS')?.variant();
  const ipi = tax?.one('IPI')?.one('IPITrib');
  const cst = icms?.text('CST') ?? icms?.text('CSOSN');
  return {
    n: det.attribute?.trim() || '',
    code: prod?.text('cProd'),
    description: prod?.text('xProd') ?? '',
    extra: det.text('infAdProd'),
    ncm: prod?.text('NCM'),
    cst: cst === undefined ? undefined : `${icms?.text('orig') ?? ''}${cst}`,
    cfop: prod?.text('CFOP'),
    unit: prod?.text('uCom'),
    quantity: prod?.text('qCom'),
    unitValue: prod?.text('vUnCom'),
    total: prod?.text('vProd'),
    icmsBase: icms?.text('vBC'),
    icms: icms?.text('vICMS'),
    ipi: ipi?.text('vIPI'),
    icmsRate: icms?.text('pICMS'),
    ipiRate: ipi?.text('pIPI'),
  };
}
