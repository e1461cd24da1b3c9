// How stored slips and receipts become wire records (src/api/wire/payments.ts), at the emulator clock.
import type { Boleto, Receipt } from '../../api/wire/payments.js';
import type { StoredBoleto, StoredParty } from '../data/boletos.js';
import type { StoredReceipt } from '../data/receipts.js';
import { brt } from '../data/xml-util.js';
import type { BoletoStatus } from '../payments.js';

const party = (p: StoredParty) => ({ tax_id: p.taxId, name: p.name });
const reais = (cents: number) => cents / 100;

export function boletoItem(b: StoredBoleto, status: BoletoStatus): Boleto {
  const paid = status === 'paid';
  return {
    id: b.id, access_key: b.accessKey, duplicata: b.duplicata, owner: b.owner, direction: b.direction,
    beneficiary: party(b.beneficiary), payer: party(b.payer), bank: { code: b.bank.code, name: b.bank.name },
    our_number: b.ourNumber, digitable_line: b.line, barcode: b.barcode, amount: reais(b.cents),
    issue_date: b.issueDate, due_date: b.dueDate, status,
    paid_at: paid ? brt(b.paidMs!) : null, paid_amount: paid ? reais(b.paidCents!) : null,
  };
}

export function receiptItem(r: StoredReceipt): Receipt {
  return {
    id: r.id, source: r.source, kind: r.kind, boleto_id: r.boletoId ?? null, access_key: r.accessKey ?? null,
    payer: party(r.payer), payee: party(r.payee), bank: { code: r.bank.code, name: r.bank.name },
    amount: reais(r.cents), paid_at: brt(r.paidMs), authentication: r.authentication, created_at: brt(r.createdMs),
  };
}
