// The national NFS-e (Sistema Nacional NFS-e, namespace sped.fazenda.gov.br/nfse), layouts 1.00
// and 1.01: `NFSe/infNFSe`, which embeds the provider's declaration `DPS/infDPS`, and the `DPS` on
// its own (a declaration not yet turned into a note: kind `dps`).
import {
  addTotals,
  at,
  attr,
  compact,
  environment,
  keyFromId,
  lookup,
  party,
  text,
  type Node,
  type Party,
  type Summary,
} from './common.js';
import { nfseId } from './nfse-abrasf.js';

const STATUS_REASONS: Record<string, string> = {
  '100': 'NFS-e gerada',
  '101': 'NFS-e de substituição gerada',
  '102': 'NFS-e de decisão judicial',
  '103': 'NFS-e avulsa',
};

/** Reads an `NFSe` element; undefined when it has no infNFSe. */
export function readNationalNfse(nfse: Node): Summary | undefined {
  const inf = at(nfse, 'infNFSe');
  if (Object.keys(inf).length === 0) return undefined;
  const dps = at(inf, 'DPS', 'infDPS');
  const key = keyFromId(attr(inf, 'Id'));
  const emit = at(inf, 'emit');
  const emitter = party(emit, at(emit, 'enderNac'));
  const number = text(inf.nNFSe);
  const emittedAt = text(inf.dhProc) ?? text(dps.dhEmi);
  const status = text(inf.cStat);
  const totals = declaredTotals(dps);
  addTotals(totals, at(inf, 'valores'), ['vCalcDR', 'vBC', 'pAliqAplic', 'vISSQN', 'vTotalRet', 'vLiq']);
  const warnings = nationalKeyWarnings(key);
  return compact({
    kind: 'nfse',
    version: attr(inf, 'versao') ?? attr(nfse, 'versao'),
    key,
    id: nfseId(emitter.taxId, emittedAt, number),
    series: text(dps.serie),
    number,
    emittedAt,
    environment: environment(text(inf.ambGer) ?? text(dps.tpAmb)),
    emitter,
    counterpart: taker(dps),
    totals,
    protocol: compact({
      status,
      reason: lookup(STATUS_REASONS, status),
      number: text(inf.nDFSe),
      at: text(inf.dhProc),
    }),
    canceled: false,
    warnings,
  } satisfies Summary);
}

/** Reads a `DPS` element (declaration of a service provided); undefined when it has no infDPS. */
export function readDps(dpsNode: Node): Summary | undefined {
  const dps = at(dpsNode, 'infDPS');
  if (Object.keys(dps).length === 0) return undefined;
  return compact({
    kind: 'dps',
    version: attr(dpsNode, 'versao') ?? attr(dps, 'versao'),
    id: keyFromId(attr(dps, 'Id')),
    series: text(dps.serie),
    number: text(dps.nDPS),
    emittedAt: text(dps.dhEmi),
    environment: environment(text(dps.tpAmb)),
    emitter: party(at(dps, 'prest'), at(dps, 'prest', 'end', 'endNac')),
    counterpart: taker(dps),
    totals: declaredTotals(dps),
    warnings: [],
  } satisfies Summary);
}

function nationalKeyWarnings(key: string | undefined): string[] {
  if (!key) return ['NFS-e key: missing'];
  return /^\d{50}$/.test(key) ? [] : [`NFS-e key ${key}: expected 50 digits, found ${key.length} characters`];
}

function declaredTotals(dps: Node): Record<string, string> {
  const totals: Record<string, string> = {};
  const values = at(dps, 'valores');
  addTotals(totals, at(values, 'vServPrest'), ['vServ']);
  addTotals(totals, at(values, 'vDescCondIncond'), ['vDescIncond', 'vDescCond']);
  addTotals(totals, at(values, 'trib', 'tribFed', 'piscofins'), ['vPis', 'vCofins']);
  addTotals(totals, at(values, 'trib', 'tribFed'), ['vRetCP', 'vRetIRRF', 'vRetCSLL']);
  return totals;
}

function taker(dps: Node): Summary['counterpart'] {
  const toma = at(dps, 'toma');
  const p: Party = party(toma, at(toma, 'end', 'endNac'));
  return Object.keys(p).length > 0 ? { role: 'taker', ...p } : {};
}
