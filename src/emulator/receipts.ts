// The account's payment receipts, in the order the service got them: one per paid slip
// (boletos.ts), and a PIX or TED receipt for some NF-e without slips. Built on first use and
// extended when NF-e arrive; whether a receipt has arrived yet is decided by the emulator clock
// when asked.
import { nfePayment } from './data/boletos.js';
import { boletoReceipt, transferReceipt, type StoredReceipt } from './data/receipts.js';
import { accountBoletos } from './boletos.js';
import type { Store } from './store.js';

interface AccountReceipts {
  /** NF-e entries already read. */
  seen: number;
  list: StoredReceipt[];
  byId: Map<string, StoredReceipt>;
}

const byStore = new WeakMap<Store, Map<string, AccountReceipts>>();

export function accountReceipts(store: Store, accountId: string): AccountReceipts {
  let accounts = byStore.get(store);
  if (!accounts) byStore.set(store, (accounts = new Map()));
  let receipts = accounts.get(accountId);
  if (!receipts) accounts.set(accountId, (receipts = { seen: 0, list: [], byId: new Map() }));
  catchUp(store, accountId, receipts);
  return receipts;
}

function catchUp(store: Store, accountId: string, r: AccountReceipts): void {
  const boletos = accountBoletos(store, accountId);
  const entries = store.nfesOf(accountId).entries;
  const read = boletos.byEntry.length;
  if (r.seen === read) return;
  const fresh: StoredReceipt[] = [];
  for (let i = r.seen; i < read; i++) {
    const slips = boletos.byEntry[i]!;
    for (const slip of slips) {
      const receipt = boletoReceipt(slip);
      if (receipt) fresh.push(receipt);
    }
    if (slips.length === 0) {
      const doc = entries[i]!.doc;
      const receipt = transferReceipt(doc, nfePayment(doc).means);
      if (receipt) fresh.push(receipt);
    }
  }
  r.seen = read;
  fresh.sort((a, b) => a.createdMs - b.createdMs || (a.id < b.id ? -1 : 1));
  for (const receipt of fresh) {
    receipt.position = r.list.length;
    r.list.push(receipt);
    r.byId.set(receipt.id, receipt);
  }
}

/** A receipt exists for the account once the service has got it. */
export const receiptArrived = (r: StoredReceipt, nowMs: number): boolean => r.createdMs <= nowMs;
