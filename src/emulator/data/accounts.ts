// Accounts of the service and the world around each one: its companies (the owners of its
// documents) and the outside parties they trade with. Accounts depend on the seed alone, not on
// the number of documents or the clock, so credentials stay the same across emulator runs.
import type { Account, Company, Party } from '../model.js';
import { accountName } from './names.js';
import { companyParty, nonContributorParty, personParty, TaxIds, type CompanyKind } from './parties.js';
import { stateOf } from './places.js';
import { rngFor, type Rng } from './random.js';

export const ACCOUNT_COUNT = 3;
const POOL_SUPPLIERS = 60;
const POOL_CUSTOMERS = 60;
const POOL_CARRIERS = 6;
/** States the account's companies sit in; each company of an account in a different one. */
const COMPANY_STATES = ['SP', 'MG', 'RJ', 'PR', 'SC', 'RS', 'BA', 'GO', 'PE', 'DF', 'ES', 'CE'];

/** An account with the parties its documents are made of. Parties are shared by reference. */
export interface AccountWorld {
  account: Account;
  /** Companies that buy and sell (emit and receive NF-e). */
  traders: Party[];
  /** The account's carrier: the `transporter` role. */
  carrier: Party;
  /** The account's accounting firm, named in autXML: the `authorized` role. */
  accountant: Party;
  /** Every company of the account as a party, in the order of `account.companies`. */
  owners: Party[];
  suppliers: Party[];
  /** Companies (most with IE) and people (CPF) the account sells to. */
  customers: Party[];
  /** Outside carriers, on documents the account's carrier does not move. */
  carriers: Party[];
}

function toCompany(party: Party): Company {
  return {
    cnpj: party.cnpj ?? '',
    name: party.name,
    tradingName: party.tradingName ?? party.name,
    ie: party.ie ?? '',
    uf: party.uf,
    cuf: stateOf(party.uf).cuf,
  };
}

function companiesOf(rng: Rng, ids: TaxIds): Party[] {
  const count = rng.int(3, 5);
  const states = rng.shuffle(COMPANY_STATES).slice(0, count);
  return states.map((uf, i) => {
    const kind: CompanyKind = i === count - 1 ? 'accounting' : i === count - 2 ? 'carrier' : 'trade';
    return companyParty(rng, ids, kind, stateOf(uf));
  });
}

function customerOf(rng: Rng, ids: TaxIds): Party {
  const r = rng.next();
  if (r < 0.25) return personParty(rng, ids);
  if (r < 0.35) return nonContributorParty(rng, ids);
  return companyParty(rng, ids, 'trade');
}

const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

/** The accounts of a seed, with their companies, credentials and trading partners. */
export function generateWorlds(seed: number): AccountWorld[] {
  const ids = new TaxIds();
  const rng = rngFor(seed, 'accounts');
  const owners = times(ACCOUNT_COUNT, () => companiesOf(rng, ids));
  const accounts: Account[] = owners.map((parties, i) => ({
    id: `acc_${i + 1}`,
    name: accountName(rng),
    apiId: rng.hex(32),
    apiKey: rng.alnum(40),
    companies: parties.map(toCompany),
  }));
  return accounts.map((account, i) => {
    const pool = rngFor(seed, 'pool', i);
    const mine = owners[i]!;
    return {
      account,
      traders: mine.slice(0, -2),
      carrier: mine[mine.length - 2]!,
      accountant: mine[mine.length - 1]!,
      owners: mine,
      suppliers: times(POOL_SUPPLIERS, () => companyParty(pool, ids, 'trade')),
      customers: times(POOL_CUSTOMERS, () => customerOf(pool, ids)),
      carriers: times(POOL_CARRIERS, () => companyParty(pool, ids, 'carrier')),
    };
  });
}
