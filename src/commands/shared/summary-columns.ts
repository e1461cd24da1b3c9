// How a document summary (`fiscal inspect`, `fiscal search <type> --summary`) shows in a table and in
// CSV. The CSV is the accountant's spreadsheet: one row per document, flat columns, values as plain
// decimals with a dot; a column that does not apply to a kind of document stays empty. Column names
// are documented in docs/inspect.md.
import { TOTAL_TAGS } from '../../fiscal/readers/common.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import type { Cell, Column } from '../../output/writer.js';

/** A file that yielded no document (json/ndjson only; table and csv name it on stderr). */
interface FileProblem {
  source: string;
  error: string;
  failure: string;
  root?: string;
}

export type InspectRecord = DocumentSummary | FileProblem;

function mainTotal(d: DocumentSummary): string | undefined {
  return pick(d, TOTAL_TAGS[d.kind]);
}

function pick(d: DocumentSummary, names: readonly string[]): string | undefined {
  for (const n of names) if (d.totals[n] !== undefined) return d.totals[n];
  return undefined;
}

/** A column over documents; problem records (never shown in table or csv) give an empty cell. */
function col(
  header: string,
  get: (d: DocumentSummary) => Cell,
  extra: Partial<Column<InspectRecord>> = {},
): Column<InspectRecord> {
  return { header, get: (r) => ('error' in r ? undefined : get(r)), ...extra };
}

const total = (header: string, ...names: string[]) => col(header, (d) => pick(d, names), { kind: 'money' });

export const CSV_COLUMNS: Column<InspectRecord>[] = [
  col('file', (d) => d.source),
  col('kind', (d) => d.kind, { kind: 'word' }),
  col('model', (d) => d.model),
  col('version', (d) => d.version, { kind: 'text' }),
  col('access_key', (d) => d.key, { kind: 'id' }),
  col('id', (d) => d.id, { kind: 'id' }),
  col('series', (d) => d.series),
  col('number', (d) => d.number),
  col('emission_date', (d) => d.emittedAt),
  col('environment', (d) => d.environment, { kind: 'word' }),
  col('emitter_tax_id', (d) => d.emitter.taxId, { kind: 'id' }),
  col('emitter_name', (d) => d.emitter.name),
  col('emitter_uf', (d) => d.emitter.uf),
  col('counterpart_role', (d) => d.counterpart.role, { kind: 'word' }),
  col('counterpart_tax_id', (d) => d.counterpart.taxId, { kind: 'id' }),
  col('counterpart_name', (d) => d.counterpart.name),
  col('counterpart_uf', (d) => d.counterpart.uf),
  col('total', mainTotal, { kind: 'money' }),
  total('products', 'vProd'),
  total('discount', 'vDesc', 'DescontoIncondicionado', 'vDescIncond'),
  total('freight', 'vFrete'),
  total('icms', 'vICMS'),
  total('icms_st', 'vST'),
  total('ipi', 'vIPI'),
  total('pis', 'vPIS', 'ValorPis', 'vPis'),
  total('cofins', 'vCOFINS', 'ValorCofins', 'vCofins'),
  total('services', 'ValorServicos', 'vServ'),
  total('iss', 'ValorIss', 'vISSQN', 'vISS'),
  total('net_value', 'ValorLiquidoNfse', 'vLiq'),
  total('receivable', 'vRec'),
  total('cargo_value', 'vCarga'),
  col('cte_count', (d) => pick(d, ['qCTe']), { kind: 'count' }),
  col('nfe_count', (d) => pick(d, ['qNFe']), { kind: 'count' }),
  col('item_count', (d) => d.itemCount),
  // The protocol's cStat and its reason, not the document's status: a canceled note's protocol
  // may still say 100, so they are named for what they are, beside is_canceled.
  col('protocol_status', (d) => d.protocol?.status),
  col('protocol_reason', (d) => d.protocol?.reason),
  col('protocol', (d) => d.protocol?.number),
  col('protocol_date', (d) => d.protocol?.at),
  col('is_canceled', (d) => d.canceled),
  col('event_type', (d) => d.event?.type),
  col('event_description', (d) => d.event?.description),
  col('event_ref_key', (d) => d.event?.refKey, { kind: 'id' }),
  col('event_seq', (d) => d.event?.seq),
  col('warnings', (d) => d.warnings.join('; ')),
];

const day = (iso: string | undefined) => iso?.slice(0, 10);
const who = (p: DocumentSummary['emitter']) => p.name ?? p.taxId;

/** Protocol codes as the words people use; other codes are shown as they are. */
const DOCUMENT_STATUS: Record<string, string> = {
  '100': 'authorized',
  '150': 'authorized',
  '110': 'denied',
  '301': 'denied',
  '302': 'denied',
  '303': 'denied',
};
const NFSE_STATUS: Record<string, string> = { '100': 'issued', '101': 'issued', '102': 'issued', '103': 'issued' };
const EVENT_STATUS: Record<string, string> = { '135': 'registered', '136': 'registered', '155': 'registered' };

/** `authorized`, `canceled`, `registered`...: a word, not `100`; `(!)` when something was wrong. */
function statusWord(d: DocumentSummary): string {
  const code = d.protocol?.status;
  const words =
    d.kind === 'event' ? EVENT_STATUS : d.kind === 'nfse' || d.kind === 'dps' ? NFSE_STATUS : DOCUMENT_STATUS;
  const word = d.canceled ? 'canceled' : code && (words[code] ?? code);
  return [word, d.warnings.length > 0 ? '(!)' : undefined].filter(Boolean).join(' ');
}

/**
 * What a person needs per document. On a narrow terminal the file and kind are left out first,
 * then the number and emitter, then the counterpart; the key, status, date and value stay longest.
 */
export const TABLE_COLUMNS: Column<InspectRecord>[] = [
  col('KIND', (d) => (d.event ? `event ${d.event.type}` : d.kind), { priority: 1 }),
  col('KEY/ID', (d) => d.key ?? d.event?.refKey ?? d.id, { truncate: false, priority: 5 }),
  col('NUMBER', (d) => d.number, { width: 15, priority: 2 }),
  col('DATE', (d) => day(d.emittedAt), { priority: 4 }),
  col('EMITTER', (d) => who(d.emitter), { width: 30, priority: 2 }),
  col('COUNTERPART', (d) => who(d.counterpart), { width: 30, priority: 3 }),
  col('TOTAL', mainTotal, { truncate: false, priority: 4, kind: 'money' }),
  // A canceled note must never read as a valid one: the status stays as long as the key.
  col('STATUS', statusWord, { priority: 5 }),
  col('FILE', (d) => d.source, { priority: 0 }),
];
