// International invoices, utility bills and OCR uploads (designed groups): listings with their
// filters on v1 cursor pages (R12-R14), lookups and PDFs, the OCR lifecycle, and isolation per
// account (R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema, type Invoice } from '../../../src/api/wire/invoices.js';
import { ocrRequestResponseSchema, type OcrRequest } from '../../../src/api/wire/ocr.js';
import { utilitySchema, type Utility } from '../../../src/api/wire/utilities.js';
import { v1PageSchema } from '../../../src/api/wire/common.js';
import { writePdf } from '../../../src/emulator/pdf/pdf-writer.js';
import type { Emulator } from '../../../src/emulator/server.js';
import { startEmulator } from '../../helpers/emulator.js';
import { authHeaders } from '../fixtures.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 50, otherDocs: 10 });
});
afterAll(async () => emu?.close());

const headersOf = (account = 0) => authHeaders(emu.accounts[account]!);

async function call(method: string, path: string, body?: unknown, account = 0) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { ...headersOf(account), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

async function walk<T>(path: string, schema: import('zod').ZodType<T>, query = '', account = 0): Promise<T[]> {
  const items: T[] = [];
  let cursor = 0;
  for (let guard = 0; guard < 100; guard++) {
    const r = await call('GET', `${path}?limit=7&cursor=${cursor}${query}`, undefined, account);
    expect(r.status, r.text).toBe(200);
    const page = v1PageSchema(schema).parse(r.body);
    if (page.data.length === 0) return items;
    items.push(...page.data);
    cursor = Number(new URL(page.page.next).searchParams.get('cursor'));
  }
  throw new Error('paging did not end');
}

const pdfOf = (text: string) => writePdf([{ texts: [{ x: 40, y: 800, text, size: 10 }] }]);

async function ocrUntilSettled(requestId: string, account = 0): Promise<OcrRequest> {
  for (let i = 0; i < 200; i++) {
    const r = await call('GET', `/v1/ocr/${requestId}`, undefined, account);
    expect(r.status, r.text).toBe(200);
    const data = ocrRequestResponseSchema.parse(r.body).data;
    if (data.status === 'done' || data.status === 'failed') return data;
  }
  throw new Error('the OCR request never settled');
}

describe('international invoices', () => {
  let all: Invoice[];
  beforeAll(async () => {
    all = await walk('/v1/invoices', invoiceSchema);
  });

  it('R12/R13: pages through every invoice of the account once, owned by its companies', () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    const companies = new Set(emu.accounts[0]!.companies.map((c) => c.cnpj));
    expect(all.every((i) => companies.has(i.owner))).toBe(true);
  });

  it('adds up: subtotal + taxes = total, and total x rate = total in reais', () => {
    for (const i of all) {
      expect(Number(i.subtotal) + Number(i.taxes)).toBeCloseTo(Number(i.total), 1);
      expect(Number(i.total) * Number(i.exchange_rate)).toBeCloseTo(Number(i.total_brl), 0);
    }
  });

  it('filters by currency, issue date and amount in reais', async () => {
    const currency = all[0]!.currency;
    const some = await walk('/v1/invoices', invoiceSchema, `&currency=${currency}&total_brl[min]=100`);
    expect(some.length).toBe(all.filter((i) => i.currency === currency && Number(i.total_brl) >= 100).length);
    const from = [...all].sort((a, b) => a.issue_date.localeCompare(b.issue_date))[Math.floor(all.length / 2)]!
      .issue_date;
    const recent = await walk('/v1/invoices', invoiceSchema, `&issue_date[from]=${from}`);
    expect(recent.length).toBe(all.filter((i) => i.issue_date >= from).length);
  });

  it('names every bad filter in a 400', async () => {
    const r = await call('GET', '/v1/invoices?currency=dollar&issue_date[from]=31/12/2026&owner=123');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['currency', 'issue_date[from]', 'owner']);
  });

  it('R3: an invoice is found by id in its account only, and so is its PDF', async () => {
    const id = all[0]!.id;
    const mine = await call('GET', `/v1/invoices/${id}`);
    expect(invoiceSchema.parse(mine.body.data)).toEqual(all[0]);
    expect((await call('GET', `/v1/invoices/${id}`, undefined, 1)).status).toBe(404);
    const pdf = await call('GET', `/v1/invoices/pdf?id=${id}`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body.data.encoded_pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/v1/invoices/pdf?id=${id}`, undefined, 1)).status).toBe(404);
    expect((await call('GET', '/v1/invoices/pdf?id=inv_nothex')).status).toBe(400);
    const malformed = await call('GET', '/v1/invoices/inv_nothex');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.id[0]).toContain('inv_<24 hex digits>');
  });
});

describe('utility bills', () => {
  let all: Utility[];
  beforeAll(async () => {
    all = await walk('/v1/utilities', utilitySchema);
  });

  it('R12/R13: twelve monthly bills per contract, each once', () => {
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(new Set(all.map((u) => u.id)).size).toBe(all.length);
    const perContract = new Map<string, number>();
    for (const u of all)
      perContract.set(`${u.owner}/${u.provider.cnpj}`, (perContract.get(`${u.owner}/${u.provider.cnpj}`) ?? 0) + 1);
    expect([...perContract.values()].every((n) => n === 12)).toBe(true);
  });

  it('filters by kind, status and reference month', async () => {
    const { kind, reference_month } = all[0]!;
    const some = await walk('/v1/utilities', utilitySchema, `&kind=${kind}&reference_month=${reference_month}`);
    expect(some.length).toBe(all.filter((u) => u.kind === kind && u.reference_month === reference_month).length);
    expect(some.length).toBeGreaterThan(0);
    const open = await walk('/v1/utilities', utilitySchema, '&status[]=open&status[]=overdue');
    expect(open.length).toBe(all.filter((u) => u.status !== 'paid').length);
    expect((await call('GET', '/v1/utilities?kind=sewage&reference_month=2026-13')).body.errors).toHaveProperty(
      'reference_month',
    );
  });
});

describe('OCR uploads', () => {
  const owner = () => emu.accounts[0]!.companies[0]!.cnpj;

  it('reads an uploaded PDF into an invoice that lists, and serves the same PDF back', async () => {
    const pdf = pdfOf('Invoice 42 from abroad');
    const r = await call('POST', '/v1/ocr', {
      kind: 'invoice',
      owner: owner(),
      pdf: pdf.toString('base64'),
      file_name: 'inv42.pdf',
    });
    expect(r.status, r.text).toBe(200);
    const accepted = ocrRequestResponseSchema.parse(r.body).data;
    expect(accepted.status).toBe('queued');
    const done = await ocrUntilSettled(accepted.request_id);
    expect(done.status).toBe('done');
    const id = done.document!.id;
    const invoice = invoiceSchema.parse((await call('GET', `/v1/invoices/${id}`)).body.data);
    expect([invoice.owner, invoice.source]).toEqual([owner(), 'upload']);
    const uploads = await walk('/v1/invoices', invoiceSchema, '&source=upload');
    expect(uploads.map((i) => i.id)).toContain(id);
    const served = await call('GET', `/v1/invoices/pdf?id=${id}`);
    expect(Buffer.from(served.body.data.encoded_pdf, 'base64').equals(pdf)).toBe(true);
  });

  it('reads the same PDF twice into one record, not two', async () => {
    const pdf = pdfOf('Electricity bill, June');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await call('POST', '/v1/ocr', { kind: 'utility', owner: owner(), pdf: pdf.toString('base64') });
      ids.push((await ocrUntilSettled(r.body.data.request_id)).document!.id);
    }
    expect(ids[0]).toBe(ids[1]);
    expect((await walk('/v1/utilities', utilitySchema, '&source=upload')).filter((u) => u.id === ids[0])).toHaveLength(
      1,
    );
  });

  it('fails a PDF it cannot read, with a message', async () => {
    const r = await call('POST', '/v1/ocr', {
      kind: 'invoice',
      owner: owner(),
      pdf: pdfOf('scan FAIL-OCR blurred').toString('base64'),
    });
    const settled = await ocrUntilSettled(r.body.data.request_id);
    expect(settled.status).toBe('failed');
    expect(settled.message).toMatch(/could not be read/);
    expect(settled.document).toBeNull();
  });

  it('refuses what is not a PDF, a bad kind and a missing owner, all at once', async () => {
    const r = await call('POST', '/v1/ocr', { kind: 'boleto', pdf: Buffer.from('hello').toString('base64') });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['kind', 'owner', 'pdf']);
  });

  it('R3: refuses an owner of another account (403) and hides its requests (404)', async () => {
    const other = emu.accounts[1]!.companies[0]!.cnpj;
    const refused = await call('POST', '/v1/ocr', {
      kind: 'invoice',
      owner: other,
      pdf: pdfOf('x').toString('base64'),
    });
    expect(refused.status).toBe(403);
    const r = await call('POST', '/v1/ocr', { kind: 'invoice', owner: owner(), pdf: pdfOf('mine').toString('base64') });
    expect((await call('GET', `/v1/ocr/${r.body.data.request_id}`, undefined, 1)).status).toBe(404);
    expect((await call('GET', '/v1/ocr/not-a-uuid')).status).toBe(400);
  });
});
