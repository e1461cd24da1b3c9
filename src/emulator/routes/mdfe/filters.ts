// The Filters of POST /v1/dfe/mdfe (designed; PascalCase like POST /v2/dfe/nfe, R9, R23)
// compiled into one predicate over (document, owner role) records. Bad values are 400s naming them.
import { MDFE_ROLES, type MdfeFilters } from '../../../api/wire/mdfe.js';
import type { DocRecord } from '../../doc-index.js';
import type { StoredMdfe } from '../../model-docs.js';
import { badRequest } from '../../respond.js';
import { allOf, customDataTest, pascalRange, within } from '../listing/search-filters.js';

type Predicate = (r: DocRecord<StoredMdfe>) => boolean;

const anyOf = (values: readonly string[], wanted: ReadonlySet<string>) => values.some((v) => wanted.has(v));

export function compileMdfeFilters(f: MdfeFilters): Predicate {
  const tests: Predicate[] = [];
  const add = (test: Predicate) => tests.push(test);
  const set = (values: string[]) => new Set(values);

  const created = pascalRange(f.CreatedAt, 'CreatedAt');
  if (created.from !== undefined || created.to !== undefined) add((r) => within(r.entry.createdMs, created));
  const emission = pascalRange(f.EmissionDate, 'EmissionDate');
  if (emission.from !== undefined || emission.to !== undefined) add((r) => within(r.entry.emissionMs, emission));
  if (f.DocumentIdentifier !== undefined) add((r) => r.entry.doc.accessKey === f.DocumentIdentifier);
  if (f.Owners) {
    const wanted = set(f.Owners);
    add((r) => wanted.has(r.owner));
  }
  if (f.OwnerRoles) {
    for (const role of f.OwnerRoles) {
      if (!(MDFE_ROLES as readonly string[]).includes(role)) {
        throw badRequest(
          'service',
          `unknown role "${role}"; expected one of ${MDFE_ROLES.join(', ')}`,
          'Filters.OwnerRoles',
        );
      }
    }
    const wanted = set(f.OwnerRoles);
    add((r) => wanted.has(r.role));
  }
  if (f.EmitterCnpj) {
    const wanted = set(f.EmitterCnpj);
    add((r) => anyOf([r.entry.doc.emitter.cnpj ?? '', r.entry.doc.emitter.cpf ?? ''], wanted));
  }
  if (f.Status) add((r) => r.entry.doc.status === f.Status);
  if (f.Ufs) {
    const wanted = set(f.Ufs);
    add((r) => wanted.has(r.entry.doc.startUf) || wanted.has(r.entry.doc.endUf));
  }
  if (f.LoadCity) {
    const wanted = set(f.LoadCity);
    add((r) => wanted.has(r.entry.doc.loadCity));
  }
  if (f.Ctes) {
    const wanted = set(f.Ctes);
    add((r) => anyOf(r.entry.doc.cteKeys, wanted));
  }
  if (f.Nfes) {
    const wanted = set(f.Nfes);
    add((r) => anyOf(r.entry.doc.nfeKeys, wanted));
  }
  if (f.Plate) {
    const wanted = set(f.Plate.map((p) => p.toUpperCase()));
    add((r) => wanted.has(r.entry.doc.plate.toUpperCase()));
  }
  if (f.Tags) {
    const wanted = set(f.Tags);
    add((r) => anyOf(r.entry.doc.tags, wanted));
  }
  if (f.CustomData) {
    const test = customDataTest(f.CustomData);
    add((r) => test(r.entry.doc.properties));
  }
  return allOf(tests);
}
