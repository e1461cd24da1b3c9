// The account's boletos and receipts, built on first use from its NF-e and extended when NF-e
// arrive: slips in the order of their NF-e (R13: new ones come after), receipts in the order the
// service got them. What depends on the emulator clock (a slip paid or overdue, a receipt received
// yet) is decided when asked, so the same data reads the same at the same clock.
import { boletosOf, nfePayment, type StoredBoleto } from './data/boletos.js';
import { boletoReceipt, transferReceipt, type StoredReceipt } from './data/receipts.js';
import type { Store } from './store.js';

interface AccountPayments {
  /** NF-e entries already read. */
  seen: number;
  boletos: StoredBoleto[];
  receipts: StoredReceipt[];
  boletoById: Map<string, StoredBoleto>;
  receiptById: Map<string, StoredReceipt>;
}

const byStore = new WeakMap<Store, Map<string, AccountPayments>>();

export function paymentsOf(store: Store, accountId: string): AccountPayments {
  let accounts = byStore.get(store);
  if (!accounts) byStore.set(store, (accounts = new Map()));
  let payments = accounts.get(accountId);
  if (!payments) accounts.set(accountId, (payments = { seen: 0, boletos: [], receipts: [], boletoById: new Map(), receiptById: new Map() }));
  catchUp(store, accountId, payments);
  return payments;
}

function catchUp(store: Store, accountId: string, p: AccountPayments): void {
  const entries = store.nfesOf(accountId).entries;
  if (p.seen === entries.length) return;
  const receipts: StoredReceipt[] = [];
  for (const { doc } of entries.slice(p.seen)) {
    const { duplicatas, means } = nfePayment(doc);
    const boletos = boletosOf(doc, duplicatas, p.boletos.length);
    for (const boleto of boletos) {
      p.boletos.push(boleto);
      p.boletoById.set(boleto.id, boleto);
      const receipt = boletoReceipt(boleto);
      if (receipt) receipts.push(receipt);
    }
    if (boletos.length === 0) {
      const receipt = transferReceipt(doc, means);
      if (receipt) receipts.push(receipt);
    }
  }
  p.seen = entries.length;
  receipts.sort((a, b) => a.createdMs - b.createdMs || (a.id < b.id ? -1 : 1));
  for (const receipt of receipts) {
    receipt.position = p.receipts.length;
    p.receipts.push(receipt);
    p.receiptById.set(receipt.id, receipt);
  }
}

export type BoletoStatus = 'open' | 'paid' | 'overdue' | 'canceled';

export function boletoStatus(b: StoredBoleto, nowMs: number): BoletoStatus {
  if (b.canceled) return 'canceled';
  if (b.paidMs !== undefined && b.paidMs <= nowMs) return 'paid';
  return nowMs > b.dueEndMs ? 'overdue' : 'open';
}

/** A receipt exists for the account once the service has got it. */
export const receiptArrived = (r: StoredReceipt, nowMs: number): boolean => r.createdMs <= nowMs;
