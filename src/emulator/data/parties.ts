// Parties of the documents: valid CNPJs/CPFs (R8), state registrations and addresses. An address
// is derived from the party's tax id, so the XML of every document of a party shows the same one
// without storing it.
import { cnpjCheckDigits, cpfCheckDigits } from '../../fiscal/tax-id.js';
import type { Party } from '../model.js';
import { accountingFirmName, carrierName, companyName, personName, type CompanyName } from './names.js';
import { DISTRICTS, STATE_WEIGHTS, STREETS, stateOf, type City, type State } from './places.js';
import { hashString, Rng } from './random.js';

/** Hands out tax ids never handed out before in the dataset, so no two parties collide. */
export class TaxIds {
  private readonly used = new Set<string>();

  cnpj(rng: Rng, branch = '0001'): string {
    for (;;) {
      const base = rng.digits(8);
      if (/^(\d)\1{7}$/.test(base)) continue;
      const first12 = base + branch;
      const cnpj = first12 + cnpjCheckDigits(first12);
      if (this.claim(cnpj)) return cnpj;
    }
  }

  cpf(rng: Rng): string {
    for (;;) {
      const first9 = rng.digits(9);
      if (/^(\d)\1{8}$/.test(first9)) continue;
      const cpf = first9 + cpfCheckDigits(first9);
      if (this.claim(cpf)) return cpf;
    }
  }

  private claim(id: string): boolean {
    if (this.used.has(id)) return false;
    this.used.add(id);
    return true;
  }
}

/** Digits of a state registration; real IEs also have per-state check digits, not modelled here. */
export function stateRegistration(rng: Rng, state: State): string {
  return String(rng.int(1, 9)) + rng.digits(state.ieLength - 1);
}

export type CompanyKind = 'trade' | 'carrier' | 'accounting';

const NAMERS: Record<CompanyKind, (rng: Rng) => CompanyName> = {
  trade: companyName,
  carrier: carrierName,
  accounting: accountingFirmName,
};

export function companyParty(rng: Rng, ids: TaxIds, kind: CompanyKind, state?: State): Party {
  const st = state ?? rng.weighted(STATE_WEIGHTS);
  const { name, tradingName } = NAMERS[kind](rng);
  return { cnpj: ids.cnpj(rng), name, tradingName, ie: stateRegistration(rng, st), uf: st.uf };
}

/** A company that pays no ICMS (a service provider, say): no IE, indIEDest 9 when it receives. */
export function nonContributorParty(rng: Rng, ids: TaxIds): Party {
  const st = rng.weighted(STATE_WEIGHTS);
  const { name, tradingName } = companyName(rng);
  return { cnpj: ids.cnpj(rng), name, tradingName, uf: st.uf };
}

export function personParty(rng: Rng, ids: TaxIds): Party {
  const st = rng.weighted(STATE_WEIGHTS);
  return { cpf: ids.cpf(rng), name: personName(rng), uf: st.uf };
}

export const taxIdOf = (party: Party): string => party.cnpj ?? party.cpf ?? '';

interface Address {
  street: string;
  number: string;
  district: string;
  city: City;
  uf: string;
  cep: string;
  phone: string;
}

/** Addresses of the parties met so far; parties are shared by many documents. */
const addresses = new WeakMap<Party, Address>();

/** The party's address, always the same for the same party (it follows from the tax id). */
export function addressOf(party: Party): Address {
  let address = addresses.get(party);
  if (!address) {
    address = drawAddress(party);
    addresses.set(party, address);
  }
  return address;
}

function drawAddress(party: Party): Address {
  const rng = new Rng(hashString(`address:${taxIdOf(party)}`));
  const state = stateOf(party.uf);
  const city = rng.pick(state.cities);
  return {
    street: rng.pick(STREETS),
    number: String(rng.int(10, 4999)),
    district: rng.pick(DISTRICTS),
    city,
    uf: state.uf,
    cep: city.cep + rng.digits(3),
    phone: state.ddd + '3' + rng.digits(7),
  };
}

/** Tax regime (CRT): about a third of the companies are in the Simples Nacional (1), the rest normal (3). */
export function taxRegimeOf(party: Party): '1' | '3' {
  return hashString(`crt:${taxIdOf(party)}`) % 3 === 0 ? '1' : '3';
}
