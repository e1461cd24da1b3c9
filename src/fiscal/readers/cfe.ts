// CF-e SAT (model 59; MF-e of Ceará shares the layout): the `CFe` element, and `CFeCanc`, the
// cancellation, read as an event. The key has the NF-e length and check digit but its own layout:
// cUF AAMM CNPJ mod nserieSAT(9) nCFe(6) cNF(6) cDV.
import {
  addTotals,
  arr,
  at,
  attr,
  compact,
  environment,
  keyFromId,
  keyWarnings,
  lookup,
  modelOfKey,
  party,
  text,
  type Node,
  type Summary,
} from './common.js';

/** IBGE state codes: a CF-e address has no UF, its ide has cUF. */
const UF_BY_CODE: Record<string, string> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};

/** `20240715` + `142530` -> `2024-07-15T14:25:30` (SAT writes local time without an offset). */
export function satDateTime(date: string | undefined, time: string | undefined): string | undefined {
  if (!date || !/^\d{8}$/.test(date)) return date;
  const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  return time && /^\d{6}$/.test(time) ? `${day}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}` : day;
}

function common(inf: Node) {
  const ide = at(inf, 'ide');
  const emitter = party(at(inf, 'emit'), at(inf, 'emit', 'enderEmit'));
  const uf = lookup(UF_BY_CODE, text(ide.cUF));
  if (!emitter.uf && uf) emitter.uf = uf;
  const dest = party(at(inf, 'dest'));
  return {
    ide,
    emitter,
    counterpart: Object.keys(dest).length > 0 ? { role: 'receiver' as const, ...dest } : {},
    emittedAt: satDateTime(text(ide.dEmi) ?? text(inf.dEmi), text(ide.hEmi) ?? text(inf.hEmi)),
    environment: environment(text(ide.tpAmb)),
  };
}

/** Reads a `CFe` element; undefined when it has no infCFe. */
export function readCfe(cfe: Node): Summary | undefined {
  const inf = at(cfe, 'infCFe');
  if (Object.keys(inf).length === 0) return undefined;
  const c = common(inf);
  const key = keyFromId(attr(inf, 'Id'));
  const totals: Record<string, string> = {};
  addTotals(totals, at(inf, 'total'), ['vCFe', 'vCFeLei12741']);
  addTotals(totals, at(inf, 'total', 'ICMSTot'));
  return compact({
    kind: 'cfe',
    model: text(c.ide.mod) ?? modelOfKey(key) ?? '59',
    version: attr(inf, 'versao'),
    key,
    series: text(c.ide.nserieSAT),
    number: text(c.ide.nCFe),
    emittedAt: c.emittedAt,
    environment: c.environment,
    emitter: c.emitter,
    counterpart: c.counterpart,
    totals,
    itemCount: arr(inf.det).length,
    canceled: false,
    warnings: keyWarnings('access key', key),
  } satisfies Summary);
}

/** Reads a `CFeCanc` element (the SAT cancellation of a CF-e, named by chCanc). */
export function readCfeCancellation(canc: Node): Summary | undefined {
  const inf = at(canc, 'infCFe');
  const refKey = keyFromId(attr(inf, 'chCanc'));
  if (!refKey) return undefined;
  const c = common(inf);
  const key = keyFromId(attr(inf, 'Id'));
  const totals: Record<string, string> = {};
  addTotals(totals, at(inf, 'total'), ['vCFe']);
  return compact({
    kind: 'event',
    model: modelOfKey(refKey) ?? '59',
    version: attr(inf, 'versao'),
    id: key,
    emittedAt: c.emittedAt,
    environment: c.environment,
    emitter: c.emitter,
    counterpart: c.counterpart,
    totals,
    event: { type: 'CFeCanc', family: 'cfe', description: 'Cancelamento de CF-e SAT', refKey, seq: '1' },
    warnings: [...(key ? keyWarnings('cancellation key', key) : []), ...keyWarnings('referenced key', refKey)],
  } satisfies Summary);
}
