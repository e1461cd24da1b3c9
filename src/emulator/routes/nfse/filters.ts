// The filters of POST /v1/dfe/nfse (spec 4.3, R9, R10, R22, R23) compiled into one predicate
// over (document, owner role) records. Bad values throw a 400 naming the filter.
import {
  COMPETENCE,
  NFSE_ID,
  NFSE_OWNER_ROLES,
  ROLE_OF_OWNER_ROLE,
  type NfseFilters,
  type NfseOwnerRole,
} from '../../../api/wire/nfse.js';
import { nfseId } from '../../data/nfse.js';
import type { DocRecord } from '../../doc-index.js';
import type { Party } from '../../model.js';
import type { StoredNfse } from '../../model-docs.js';
import { badRequest } from '../../respond.js';
import { allOf, boundMs, customDataTest, within } from '../listing/search-filters.js';

type Predicate = (r: DocRecord<StoredNfse>) => boolean;

function bad(message: string, field: string): never {
  throw badRequest('service', message, `filters.${field}`);
}

function range(value: { from?: string | undefined; to?: string | undefined } | undefined, name: string) {
  return {
    from: boundMs(value?.from, 'from', `filters.${name}.from`),
    to: boundMs(value?.to, 'to', `filters.${name}.to`),
  };
}

const taxIds = (p: Party | undefined): string[] => (p ? [p.cnpj, p.cpf].filter((x): x is string => !!x) : []);

export function compileNfseFilters(f: NfseFilters): Predicate {
  const tests: Predicate[] = [];
  const add = (test: Predicate) => tests.push(test);

  const created = range(f.createdAt, 'createdAt');
  if (created.from !== undefined || created.to !== undefined) add((r) => within(r.entry.createdMs, created));
  const emission = range(f.emissionDate, 'emissionDate');
  if (emission.from !== undefined || emission.to !== undefined) add((r) => within(r.entry.emissionMs, emission));

  // R10: the id with its owner names one record; the flagerp form (without owner) every owner's.
  if (f.documentIdentifier !== undefined) {
    const id = f.documentIdentifier;
    if (NFSE_ID.test(id)) add((r) => nfseId(r.owner, r.entry.doc) === id);
    else if (/^[^:]+:[^:]+:[^:]+$/.test(id)) add((r) => r.entry.doc.documentId === id);
    else bad(`expected <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>, got "${id}"`, 'documentIdentifier');
  }
  if (f.owners) {
    const wanted = new Set(f.owners);
    add((r) => wanted.has(r.owner));
  }
  if (f.emitterCnpj) {
    const wanted = new Set(f.emitterCnpj);
    add((r) => taxIds(r.entry.doc.emitter).some((t) => wanted.has(t)));
  }
  if (f.takerCnpj) {
    const wanted = new Set(f.takerCnpj);
    add((r) => taxIds(r.entry.doc.taker).some((t) => wanted.has(t)));
  }
  if (f.origin !== undefined) add((r) => r.entry.doc.origin === f.origin);
  if (f.isCanceled !== undefined) {
    const canceled = f.isCanceled === 'true';
    add((r) => r.entry.doc.isCanceled === canceled);
  }
  if (f.ownerRoles) {
    const roles = new Set<string>();
    for (const value of f.ownerRoles) {
      if (!(NFSE_OWNER_ROLES as readonly string[]).includes(value))
        bad(`unknown role "${value}"; expected one of ${NFSE_OWNER_ROLES.join(', ')}`, 'ownerRoles');
      roles.add(ROLE_OF_OWNER_ROLE[value as NfseOwnerRole]);
    }
    add((r) => roles.has(r.role));
  }
  if (f.competence) {
    for (const value of f.competence)
      if (!COMPETENCE.test(value)) bad(`each item is yyyy-mm, got "${value}"`, 'competence');
    const wanted = new Set(f.competence);
    add((r) => wanted.has(r.entry.doc.competence));
  }
  if (f.customData) {
    const test = customDataTest(f.customData);
    add((r) => test(r.entry.doc.properties));
  }
  return allOf(tests);
}
