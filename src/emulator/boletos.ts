// The account's boletos, built on first use from its NF-e and extended when NF-e arrive: slips in
// the order of their NF-e (R13: new ones come after). What depends on the emulator clock (a slip
// paid or overdue) is decided when asked, so the same data reads the same at the same clock. The
// receipts of paid slips are receipts.ts's.
import type { BoletoStatus } from '../api/wire/boletos.js';
import { boletosOf, nfePayment, type StoredBoleto } from './data/boletos.js';
import type { Store } from './store.js';

interface AccountBoletos {
  list: StoredBoleto[];
  byId: Map<string, StoredBoleto>;
  /** The slips of each NF-e entry read so far, by the entry's index (none for most). */
  byEntry: StoredBoleto[][];
}

const byStore = new WeakMap<Store, Map<string, AccountBoletos>>();

export function accountBoletos(store: Store, accountId: string): AccountBoletos {
  let accounts = byStore.get(store);
  if (!accounts) byStore.set(store, (accounts = new Map()));
  let boletos = accounts.get(accountId);
  if (!boletos) accounts.set(accountId, (boletos = { list: [], byId: new Map(), byEntry: [] }));
  catchUp(store, accountId, boletos);
  return boletos;
}

function catchUp(store: Store, accountId: string, b: AccountBoletos): void {
  const entries = store.nfesOf(accountId).entries;
  for (const { doc } of entries.slice(b.byEntry.length)) {
    const slips = boletosOf(doc, nfePayment(doc).duplicatas, b.list.length);
    for (const slip of slips) {
      b.list.push(slip);
      b.byId.set(slip.id, slip);
    }
    b.byEntry.push(slips);
  }
}

export function boletoStatus(b: StoredBoleto, nowMs: number): BoletoStatus {
  if (b.canceled) return 'canceled';
  if (b.paidMs !== undefined && b.paidMs <= nowMs) return 'paid';
  return nowMs > b.dueEndMs ? 'overdue' : 'open';
}
