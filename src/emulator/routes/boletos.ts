// Designed: GET /v1/boletos (v1 cursor listing, filters below), GET /v1/boletos/:id and GET
// /v1/boletos/pdf?id= (also POST {id}). The account's slips only (R3); status at the emulator clock.
import { BOLETO_DIRECTIONS, BOLETO_PDF_PATH, BOLETO_STATUSES, BOLETOS_PATH, boletoIdProblem } from '../../api/wire/payments.js';
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { digitableLineProblem } from '../../fiscal/boleto-line.js';
import { renderBoleto } from '../../fiscal/pdf/boleto.js';
import { cnpjProblem, taxIdProblem } from '../../fiscal/tax-id.js';
import type { StoredBoleto } from '../data/boletos.js';
import { boletoStatus, paymentsOf, type BoletoStatus } from '../payments.js';
import type { RequestContext, Router } from '../router.js';
import { boletoItem } from './payment-items.js';
import { registerPdfRoute } from './pdf/route.js';
import { registerRecordListing, registerRecordLookup, type RecordFilter } from './record-listing.js';

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

const view = (ctx: RequestContext, boleto: StoredBoleto): BoletoView => ({ position: boleto.position, boleto, status: boletoStatus(boleto, ctx.now()) });

function find(ctx: RequestContext, id: string): BoletoView | undefined {
  const boleto = paymentsOf(ctx.store, ctx.account.id).boletoById.get(id);
  return boleto && view(ctx, boleto);
}

export function registerBoletos(router: Router): void {
  registerPdfRoute(router, {
    path: BOLETO_PDF_PATH,
    param: 'id',
    problem: boletoIdProblem,
    find,
    missing: (id) => `boleto "${id}" not found`,
    render: (v) => renderBoleto(boletoItem(v.boleto, v.status)),
    what: 'boleto',
  });
  registerRecordListing(router, {
    path: BOLETOS_PATH,
    records: (ctx) => paymentsOf(ctx.store, ctx.account.id).boletos.map((b) => view(ctx, b)),
    filters: FILTERS,
    toItem: (v) => boletoItem(v.boleto, v.status),
  });
  registerRecordLookup(router, {
    path: `${BOLETOS_PATH}/:id`,
    find,
    toItem: (v) => boletoItem(v.boleto, v.status),
    what: 'boleto',
    problem: boletoIdProblem,
  });
}
