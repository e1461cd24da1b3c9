// Designed: GET /v1/boletos (v1 cursor listing, filters below), GET /v1/boletos/:id and GET
// /v1/boletos/pdf?id= (also POST {id}). The account's slips only (R3); status at the emulator clock.
import {
  BOLETO_DIRECTIONS,
  BOLETO_PDF_PATH,
  BOLETO_STATUSES,
  BOLETOS_PATH,
  boletoIdProblem,
  boletoSchema,
  type Boleto,
  type BoletoStatus,
} from '../../api/wire/boletos.js';
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { digitableLineProblem } from '../../fiscal/boleto-line.js';
import { renderBoleto } from '../pdf/boleto.js';
import { cnpjProblem, taxIdProblem } from '../../fiscal/tax-id.js';
import { accountBoletos, boletoStatus } from '../boletos.js';
import type { StoredBoleto, StoredParty } from '../data/boletos.js';
import { brt } from '../data/xml-util.js';
import type { RequestContext, Router } from '../router.js';
import { registerPdfRoute } from './pdf/route.js';
import { registerRecordListing, registerRecordLookup, type RecordFilter } from './records.js';

interface BoletoView {
  position: number;
  boleto: StoredBoleto;
  status: BoletoStatus;
}

const dayMs = (date: string) => Date.parse(`${date}T12:00:00-03:00`);

const FILTERS: RecordFilter<BoletoView>[] = [
  { kind: 'values', param: 'status', values: BOLETO_STATUSES, get: (v) => v.status },
  { kind: 'values', param: 'direction', values: BOLETO_DIRECTIONS, get: (v) => v.boleto.direction },
  { kind: 'values', param: 'owner', problem: cnpjProblem, get: (v) => v.boleto.owner },
  { kind: 'values', param: 'beneficiary', problem: taxIdProblem, get: (v) => v.boleto.beneficiary.taxId },
  { kind: 'values', param: 'payer', problem: taxIdProblem, get: (v) => v.boleto.payer.taxId },
  { kind: 'values', param: 'access_key', problem: accessKeyProblem, get: (v) => v.boleto.accessKey },
  { kind: 'values', param: 'digitable_line', problem: digitableLineProblem, get: (v) => v.boleto.line },
  { kind: 'dates', param: 'due_date', get: (v) => dayMs(v.boleto.dueDate) },
  { kind: 'dates', param: 'issue_date', get: (v) => dayMs(v.boleto.issueDate) },
  { kind: 'amounts', param: 'amount', get: (v) => v.boleto.cents / 100 },
];

export const partyItem = (p: StoredParty) => ({ tax_id: p.taxId, name: p.name });
export const reais = (cents: number) => cents / 100;

/** The wire record of a stored slip, at the emulator clock's status. */
function boletoItem(b: StoredBoleto, status: BoletoStatus): Boleto {
  const paid = status === 'paid';
  return {
    id: b.id,
    access_key: b.accessKey,
    duplicata: b.duplicata,
    owner: b.owner,
    direction: b.direction,
    beneficiary: partyItem(b.beneficiary),
    payer: partyItem(b.payer),
    bank: { code: b.bank.code, name: b.bank.name },
    our_number: b.ourNumber,
    digitable_line: b.line,
    barcode: b.barcode,
    amount: reais(b.cents),
    issue_date: b.issueDate,
    due_date: b.dueDate,
    status,
    paid_at: paid ? brt(b.paidMs!) : null,
    paid_amount: paid ? reais(b.paidCents!) : null,
  };
}

const view = (ctx: RequestContext, boleto: StoredBoleto): BoletoView => ({
  position: boleto.position,
  boleto,
  status: boletoStatus(boleto, ctx.now()),
});
const toItem = (v: BoletoView) => boletoItem(v.boleto, v.status);

function find(ctx: RequestContext, id: string): BoletoView | undefined {
  const boleto = accountBoletos(ctx.store, ctx.account.id).byId.get(id);
  return boleto && view(ctx, boleto);
}

export function registerBoletos(router: Router): void {
  registerPdfRoute(router, {
    path: BOLETO_PDF_PATH,
    param: 'id',
    problem: boletoIdProblem,
    find,
    missing: (id) => `boleto "${id}" not found`,
    render: (v) => renderBoleto(toItem(v)),
    what: 'boleto',
  });
  registerRecordListing(router, {
    path: BOLETOS_PATH,
    records: (ctx) => accountBoletos(ctx.store, ctx.account.id).list.map((b) => view(ctx, b)),
    filters: FILTERS,
    item: boletoSchema,
    toItem,
  });
  registerRecordLookup(router, {
    path: `${BOLETOS_PATH}/:id`,
    find,
    item: boletoSchema,
    toItem,
    what: 'boleto',
    problem: boletoIdProblem,
  });
}
