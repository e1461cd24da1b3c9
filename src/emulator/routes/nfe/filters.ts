// The Filters of POST /v2/dfe/nfe (spec 4.1, R9, R19, R20, R23) compiled into one predicate over
// records. Bad values throw a 400 naming the filter.
import { FIN_NFE, NFE_ROLES, NFE_ROLE_ALIASES, type NfeRole, type NfeV2Filters } from '../../../api/wire/nfe.js';
import type { Party } from '../../model.js';
import { badRequest } from '../../respond.js';
import type { NfeRecord } from '../../store.js';
import { allOf, customDataTest, pascalRange, within } from '../listing/search-filters.js';
import { CCE_EVENT } from './records.js';

type RecordPredicate = (record: NfeRecord) => boolean;

/** R19: without EmissionDate bounds, the search covers the last 30 days of emission. */
const DEFAULT_EMISSION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

function bad(message: string, field: string): never {
  throw badRequest('service', message, `Filters.${field}`);
}

const taxId = (p: Party | undefined): string[] => (p ? [p.cnpj, p.cpf].filter((x): x is string => !!x) : []);
const anyIn = (values: readonly string[], wanted: ReadonlySet<string>): boolean => values.some((v) => wanted.has(v));

function roles(values: string[]): Set<NfeRole> {
  const out = new Set<NfeRole>();
  for (const value of values) {
    const role = (NFE_ROLES as readonly string[]).includes(value) ? (value as NfeRole) : NFE_ROLE_ALIASES[value];
    if (!role)
      bad(
        `unknown role "${value}"; expected one of ${[...NFE_ROLES, ...Object.keys(NFE_ROLE_ALIASES)].join(', ')}`,
        'OwnerRoles',
      );
    out.add(role);
  }
  return out;
}

/** Compiles the filters; `now` is the emulator's clock in ms. */
export function compileFilters(f: NfeV2Filters, now: number): RecordPredicate {
  const tests: RecordPredicate[] = [];
  const add = (test: RecordPredicate) => tests.push(test);

  const created = pascalRange(f.CreatedAt, 'CreatedAt');
  if (created.from !== undefined || created.to !== undefined) add((r) => within(r.entry.createdMs, created));
  let emission = pascalRange(f.EmissionDate, 'EmissionDate');
  if (emission.from === undefined && emission.to === undefined) {
    emission = { from: now - DEFAULT_EMISSION_WINDOW_MS, to: now };
  }
  add((r) => within(r.entry.emissionMs, emission));

  if (f.DocumentIdentifier !== undefined) add((r) => r.entry.doc.accessKey === f.DocumentIdentifier);
  if (f.EmitterCnpj) {
    const wanted = new Set(f.EmitterCnpj);
    add((r) => anyIn(taxId(r.entry.doc.emitter), wanted));
  }
  if (f.ReceiverCnpj) {
    const wanted = new Set(f.ReceiverCnpj);
    add((r) => anyIn(taxId(r.entry.doc.receiver), wanted));
  }
  if (f.TransporterCnpj) {
    const wanted = new Set(f.TransporterCnpj);
    add((r) => anyIn(taxId(r.entry.doc.transporter), wanted));
  }
  if (f.Owners) {
    const wanted = new Set(f.Owners);
    add((r) => wanted.has(r.owner));
  }
  if (f.OwnerRoles) {
    const wanted = roles(f.OwnerRoles);
    add((r) => wanted.has(r.role));
  }
  if (f.Status) add((r) => r.entry.doc.status === f.Status);
  // R20: `Origin` (string) and the sample's `Origins` (array) are both accepted; given together they add up.
  if (f.Origin !== undefined || f.Origins) {
    const wanted = new Set([...(f.Origin !== undefined ? [f.Origin] : []), ...(f.Origins ?? [])]);
    add((r) => wanted.has(r.entry.doc.origin));
  }
  const flag = (value: boolean | undefined, has: RecordPredicate) => {
    if (value !== undefined) add((r) => has(r) === value);
  };
  flag(f.HasCCE, (r) => r.entry.doc.events.some((e) => e.type === CCE_EVENT));
  flag(f.HasEvent, (r) => r.entry.doc.events.length > 0);
  flag(f.HasManifestation, (r) => r.entry.doc.manifestations.length > 0);
  flag(f.HasXPed, (r) => r.entry.doc.xPeds.length > 0);
  if (f.Cfops) {
    const wanted = new Set(f.Cfops);
    add((r) => anyIn(r.entry.doc.cfops, wanted));
  }
  if (f.NfeNumber) {
    const { From: from, To: to } = f.NfeNumber;
    add((r) => within(Number(r.entry.doc.number), { from, to }));
  }
  if (f.Tags) {
    const wanted = new Set(f.Tags);
    add((r) => anyIn(r.entry.doc.tags, wanted));
  }
  if (f.TagsAll) {
    const all = f.TagsAll;
    add((r) => all.every((t) => r.entry.doc.tags.includes(t)));
  }
  // R20: `xPeds` and the sample's `XPeds`.
  if (f.xPeds || f.XPeds) {
    const wanted = new Set([...(f.xPeds ?? []), ...(f.XPeds ?? [])]);
    add((r) => anyIn(r.entry.doc.xPeds, wanted));
  }
  if (f.FinNFe) {
    for (const value of f.FinNFe) {
      if (!(FIN_NFE as readonly string[]).includes(value))
        bad(`unknown finNFe "${value}"; expected one of ${FIN_NFE.join(', ')}`, 'FinNFe');
    }
    const wanted = new Set(f.FinNFe);
    add((r) => wanted.has(r.entry.doc.finNFe));
  }
  // R23: AND between items, OR between the values of one item.
  if (f.CustomData) {
    const test = customDataTest(f.CustomData);
    add((r) => test(r.entry.doc.properties));
  }
  return allOf(tests);
}
