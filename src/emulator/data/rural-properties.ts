// The rural properties (propriedades rurais) an account may access: 0 to 3 per account, each of a
// producer (a person, CPF) with its own producer state registration. They come from a stream of
// their own, seeded by the account's API id (itself drawn from the dataset seed), so adding them
// changes none of the generated documents.
import type { RuralPropertyItem } from '../../api/wire/properties.js';
import { cpfCheckDigits } from '../../fiscal/tax-id.js';
import type { Account } from '../model.js';
import { personName } from './names.js';
import { stateRegistration } from './parties.js';
import { stateOf } from './places.js';
import { rngFor, type Rng } from './random.js';

/** States of farming country, where the properties sit. */
const FARM_STATES = ['MT', 'GO', 'MG', 'PR', 'RS', 'SP', 'BA', 'MS'] as const;
const FARM_KINDS = ['Fazenda', 'Sítio', 'Chácara', 'Estância'] as const;
const FARM_NAMES = [
  'Boa Vista',
  'Santa Helena',
  'São José',
  'Três Irmãos',
  'Bela Aurora',
  'Recanto Verde',
  'Água Limpa',
  'Santa Rita',
  'Primavera',
  'Ouro Branco',
] as const;

const cache = new WeakMap<Account, RuralPropertyItem[]>();

export function ruralPropertiesOf(account: Account): RuralPropertyItem[] {
  let list = cache.get(account);
  if (!list) {
    list = generate(rngFor('rural-properties', account.apiId));
    cache.set(account, list);
  }
  return list;
}

function generate(rng: Rng): RuralPropertyItem[] {
  const count = rng.int(0, 3);
  const producer = { cpf: cpf(rng), name: personName(rng) };
  // One producer usually owns the farms of an account; sometimes a relative owns one of them.
  return Array.from({ length: count }, (_, i) =>
    property(rng, i > 0 && rng.chance(0.3) ? { cpf: cpf(rng), name: personName(rng) } : producer),
  );
}

function property(rng: Rng, producer: { cpf: string; name: string }): RuralPropertyItem {
  const state = stateOf(rng.pick(FARM_STATES));
  const city = rng.pick(state.cities);
  const ie = stateRegistration(rng, state);
  return {
    id: `${state.uf}${ie}`,
    name: `${rng.pick(FARM_KINDS)} ${rng.pick(FARM_NAMES)}`,
    producer,
    state_registration: ie,
    uf: state.uf,
    city: city.name,
    city_code: city.code,
    nirf: rng.digits(8),
    area_hectares: rng.int(500, 250000) / 100,
    documents: [{ type: 'nfe', roles: ['emitted', 'received'] }],
  };
}

function cpf(rng: Rng): string {
  for (;;) {
    const first9 = rng.digits(9);
    if (!/^(\d)\1{8}$/.test(first9)) return first9 + cpfCheckDigits(first9);
  }
}
