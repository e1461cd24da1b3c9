// Documents that arrive while the emulator runs, for incremental sync (R13): each one gets the next
// position of its account, so a saved cursor resumes with exactly what arrived. They come from the
// data generator, one document per (seed, account, arrival number), re-timed to arrive now.
import { accessKeyCheckDigit } from '../fiscal/access-key.js';
import { generateWorlds, type AccountWorld } from './data/accounts.js';
import { invoiceTotalCents, money } from './data/amounts.js';
import { generateAccountNfes } from './data/nfe.js';
import { brt } from './data/xml-util.js';
import type { Account, Party, StoredNfe } from './model.js';
import type { NewNfe, Store } from './store.js';

export interface ArrivedNfe {
  account: string;
  accessKey: string;
  position: number;
}

/**
 * The clock handed to the generator. Fixed, so that a document depends only on the seed, the
 * account and its arrival number, never on when it arrives; its dates are replaced anyway.
 */
const GENERATION_EPOCH_MS = Date.UTC(2025, 0, 1);
/** Draws per arrival before giving up on a key the account already holds (practically never). */
const MAX_ATTEMPTS = 10;

export class Arrivals {
  private worlds: Map<string, AccountWorld> | undefined;
  /** Arrival numbers drawn so far, per account. */
  private readonly drawn = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly seed: number,
    private readonly now: () => number,
  ) {}

  /** Adds `count` documents now to the account, or to every account; answers what was added. */
  add(count: number, accountId?: string): ArrivedNfe[] {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`arrivals: count must be a whole number >= 0, got ${count}`);
    const accounts = accountId === undefined ? this.store.accounts : [this.account(accountId)];
    const added: ArrivedNfe[] = [];
    for (const account of accounts) {
      for (let i = 0; i < count; i++) {
        const arrived = this.arrive(account);
        if (arrived) added.push(arrived);
      }
    }
    return added;
  }

  /** Adds documents to every account at `perSecond` until stopped; fractions carry over between ticks. */
  start(perSecond: number): void {
    if (!(perSecond > 0 && Number.isFinite(perSecond)))
      throw new RangeError(`arrivals: rate must be positive, got ${perSecond}`);
    this.stop();
    const tickMs = Math.min(1_000, Math.max(50, 1_000 / perSecond));
    let owed = 0;
    this.timer = setInterval(() => {
      owed += (perSecond * tickMs) / 1_000;
      const due = Math.floor(owed + 1e-9);
      owed -= due;
      if (due > 0) this.add(due);
    }, tickMs);
    // The timer alone must not keep a process (a test, the CLI after close) alive.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private account(accountId: string): Account {
    const account = this.store.accounts.find((a) => a.id === accountId);
    if (!account) throw new RangeError(`arrivals: no account "${accountId}"`);
    return account;
  }

  private arrive(account: Account): ArrivedNfe | undefined {
    this.worlds ??= worldsFor(this.store.accounts, this.seed);
    const world = this.worlds.get(account.id);
    if (!world) return undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const n = (this.drawn.get(account.id) ?? 0) + 1;
      this.drawn.set(account.id, n);
      const [draft] = generateAccountNfes(world, arrivalSeed(this.seed, n), 1, GENERATION_EPOCH_MS);
      if (!draft || draft.roles.length === 0) continue;
      const { doc, created } = this.store.addNfe(retime(draft, this.arrivalMs(account.id)));
      if (created) return { account: account.id, accessKey: doc.accessKey, position: doc.position };
    }
    return undefined;
  }

  /** Now, in whole seconds like generated dates, and never before the account's latest document. */
  private arrivalMs(accountId: string): number {
    const entries = this.store.nfesOf(accountId).entries;
    const latest = entries[entries.length - 1]?.createdMs ?? 0;
    return Math.max(Math.floor(this.now() / 1_000) * 1_000, latest);
  }
}

/** A generator seed per arrival, exact as a double: the seed is folded to 32 bits first. */
function arrivalSeed(seed: number, n: number): number {
  return (seed % 2 ** 32) * 1_000_003 + n;
}

/**
 * The draft as received at `createdMs`: emitted shortly before (the generator's own delay, minutes
 * to a few days, so a default 30-day v2 search sees it), its access key and total re-derived for
 * the new emission month (R7), and no events yet: a document that just arrived has none.
 */
function retime(draft: StoredNfe, createdMs: number): NewNfe {
  const delayMs = Date.parse(draft.createdAt) - Date.parse(draft.emissionDate);
  const emissionDate = brt(createdMs - delayMs);
  const first43 =
    draft.accessKey.slice(0, 2) + emissionDate.slice(2, 4) + emissionDate.slice(5, 7) + draft.accessKey.slice(6, 43);
  const accessKey = first43 + accessKeyCheckDigit(first43);
  const { position: _position, ...rest } = draft;
  return {
    ...rest,
    accessKey,
    emissionDate,
    createdAt: brt(createdMs),
    status: 'authorized',
    events: [],
    manifestations: [],
    totalValue: money(invoiceTotalCents(accessKey, draft.itemCount, draft.cfops)),
  };
}

/**
 * The generator's world of each account: the seed's own for generated accounts; for hand-made
 * ones, a world around the account's companies with the seed's trading partners.
 */
function worldsFor(accounts: readonly Account[], seed: number): Map<string, AccountWorld> {
  const generated = generateWorlds(seed);
  const worlds = new Map<string, AccountWorld>();
  accounts.forEach((account, i) => {
    const own = generated.find((w) => w.account.id === account.id && w.account.apiId === account.apiId);
    if (own) worlds.set(account.id, { ...own, account });
    else if (account.companies.length > 0)
      worlds.set(account.id, worldAround(account, generated[i % generated.length]!));
  });
  return worlds;
}

function worldAround(account: Account, partners: AccountWorld): AccountWorld {
  const owners: Party[] = account.companies.map((c) => ({
    cnpj: c.cnpj,
    name: c.name,
    tradingName: c.tradingName,
    uf: c.uf,
    ...(c.ie ? { ie: c.ie } : {}),
  }));
  // The generator picks an intra-account receiver among the owners that are not the emitter (by
  // identity); with a single company a copy lets it pick that company rather than fail.
  const traders = owners.length > 1 ? owners : owners.map((o) => ({ ...o }));
  return {
    account,
    traders,
    owners,
    carrier: owners[0]!,
    accountant: owners[owners.length - 1]!,
    suppliers: partners.suppliers,
    customers: partners.customers,
    carriers: partners.carriers,
  };
}
