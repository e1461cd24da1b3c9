// The Filters of POST /v1/dfe/cte and /v1/dfe/cteos (spec 4.2, R9, R21, R23, R24) compiled into
// one predicate over records. Bad values throw a 400 naming the filter.
import { CTE_TYPES, type CteFilters } from '../../../api/wire/cte.js';
import { badRequest } from '../../respond.js';
import { allOf, customDataTest, pascalRange, within } from '../listing/search-filters.js';
import { CCE_EVENT, DISAGREEMENT_EVENT, hasEvent, type CteLikeRecord } from './records.js';

type CteRecordPredicate = (record: CteLikeRecord) => boolean;

function bad(message: string, field: string): never {
  throw badRequest('service', message, `Filters.${field}`);
}

const anyIn = (values: readonly string[], wanted: ReadonlySet<string>): boolean => values.some((v) => wanted.has(v));
const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Compiles the filters. Unlike /v2/dfe/nfe (R19), spec 4.2 gives no default emission window, so
 * none is applied. IsTaker only reaches here from /v1/dfe/cte (R24: the CT-e OS route refuses it).
 */
export function compileCteFilters(f: CteFilters): CteRecordPredicate {
  const tests: CteRecordPredicate[] = [];
  const add = (test: CteRecordPredicate) => tests.push(test);

  const created = pascalRange(f.CreatedAt, 'CreatedAt');
  if (created.from !== undefined || created.to !== undefined) add((r) => within(r.entry.createdMs, created));
  const emission = pascalRange(f.EmissionDate, 'EmissionDate');
  if (emission.from !== undefined || emission.to !== undefined) add((r) => within(r.entry.emissionMs, emission));

  if (f.DocumentIdentifier !== undefined) add((r) => r.entry.doc.accessKey === f.DocumentIdentifier);
  if (f.Owners) {
    const wanted = new Set(f.Owners);
    add((r) => wanted.has(r.owner));
  }
  if (f.EmitterCnpj) {
    const wanted = new Set(f.EmitterCnpj);
    add(({ entry: { doc } }) => wanted.has(doc.emitter.cnpj ?? '') || wanted.has(doc.emitter.cpf ?? ''));
  }
  if (f.Status) add((r) => r.entry.doc.status === f.Status);
  // R20-like: `Origin` (string or array) and `Origins` (array); given together they add up.
  if (f.Origin !== undefined || f.Origins) {
    const wanted = new Set([...listOf(f.Origin), ...(f.Origins ?? [])]);
    add((r) => wanted.has(r.entry.doc.origin));
  }
  if (f.HasCCE !== undefined) add((r) => hasEvent(r.entry.doc, CCE_EVENT) === f.HasCCE);
  // Designed: a CT-e's manifestation is the taker's disagreement event (610110).
  if (f.HasManifestation !== undefined) add((r) => hasEvent(r.entry.doc, DISAGREEMENT_EVENT) === f.HasManifestation);
  if (f.Cfops) {
    const wanted = new Set(f.Cfops);
    add((r) => wanted.has(r.entry.doc.cfop));
  }
  // R21: related NF-e keys; a CT-e OS carries none.
  if (f.Nfes) {
    const wanted = new Set(f.Nfes);
    add(({ entry: { doc } }) => 'nfeKeys' in doc && anyIn(doc.nfeKeys, wanted));
  }
  if (f.Tags) {
    const wanted = new Set(f.Tags);
    add((r) => anyIn(r.entry.doc.tags, wanted));
  }
  // R21: tpCTe.
  if (f.Types) {
    for (const value of f.Types) {
      if (!(CTE_TYPES as readonly string[]).includes(value))
        bad(`unknown CT-e type "${value}"; expected one of ${CTE_TYPES.join(', ')}`, 'Types');
    }
    const wanted = new Set(f.Types);
    add((r) => wanted.has(r.entry.doc.cteType));
  }
  // R21: IsTaker restricts by role.
  if (f.IsTaker !== undefined) add((r) => (r.role === 'taker') === f.IsTaker);
  // R23: AND between items, OR between the values of one item.
  if (f.CustomData) {
    const test = customDataTest(f.CustomData);
    add((r) => test(r.entry.doc.properties));
  }
  return allOf(tests);
}
