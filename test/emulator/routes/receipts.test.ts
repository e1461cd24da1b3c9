// Receipts (comprovantes, designed): GET /v1/receipts, /v1/receipts/:id and /v1/receipts/pdf.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boletoSchema, type Boleto } from '../../../src/api/wire/boletos.js';
import { receiptSchema, type Receipt } from '../../../src/api/wire/receipts.js';
import { EMULATOR_NOW, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { expectWellFormed } from '../../helpers/pdf.js';
import { get, headersOf, walkV1 } from '../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let all: Receipt[];
let boletos: Boleto[];

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  all = (await walkV1(emu, '/v1/receipts', headers)).items.map((i) => receiptSchema.parse(i));
  boletos = (await walkV1(emu, '/v1/boletos', headers)).items.map((i) => boletoSchema.parse(i));
});
afterAll(async () => emu?.close());

const ids = async (query: string) =>
  (await walkV1(emu, `/v1/receipts?${query}`, headers)).items.map((i) => i.id as string);
const expected = (keep: (r: Receipt) => boolean) => all.filter(keep).map((r) => r.id);

describe('GET /v1/receipts', () => {
  it('R12/R13: lists receipts in the order the service got them, of both sources and every kind', () => {
    expect(all.length).toBeGreaterThan(30);
    const created = all.map((r) => Date.parse(r.created_at));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(created.every((t) => t <= EMULATOR_NOW.getTime() + 600_000)).toBe(true);
    expect(new Set(all.map((r) => r.source))).toEqual(new Set(['manual', 'automatico']));
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['boleto', 'pix', 'ted']));
  });

  it('a paid slip has its receipt: same amount, payer, payee and payment time', () => {
    const byBoleto = new Map(all.filter((r) => r.boleto_id).map((r) => [r.boleto_id!, r]));
    const paid = boletos.filter((b) => b.status === 'paid' && byBoleto.has(b.id));
    expect(paid.length).toBeGreaterThan(boletos.filter((b) => b.status === 'paid').length * 0.8);
    for (const b of paid) {
      const r = byBoleto.get(b.id)!;
      expect([r.kind, r.amount, r.paid_at, r.payer, r.payee, r.access_key]).toEqual([
        'boleto',
        b.paid_amount,
        b.paid_at,
        b.payer,
        b.beneficiary,
        b.access_key,
      ]);
    }
    for (const r of all.filter((x) => x.boleto_id))
      expect(boletos.find((b) => b.id === r.boleto_id)?.status).toBe('paid');
  });

  it('filters by source, kind, paid_at and amount ranges, payer and payee', async () => {
    expect(await ids('source=manual')).toEqual(expected((r) => r.source === 'manual'));
    expect(await ids('source=automatico&kind[]=pix&kind[]=ted')).toEqual(
      expected((r) => r.source === 'automatico' && r.kind !== 'boleto'),
    );
    expect(await ids('paid_at[from]=2026-03-01&paid_at[to]=2026-04-30 23:59:59&amount[min]=100.50')).toEqual(
      expected((r) => r.paid_at >= '2026-03-01' && r.paid_at.slice(0, 10) <= '2026-04-30' && r.amount >= 100.5),
    );
    const some = all[5]!;
    expect(await ids(`payer=${some.payer.tax_id}&payee=${some.payee.tax_id}`)).toEqual(
      expected((r) => r.payer.tax_id === some.payer.tax_id && r.payee.tax_id === some.payee.tax_id),
    );
  });

  it('400: every bad parameter at once, named', async () => {
    const r = await get(emu, '/v1/receipts?source=automatic&payer=123&paid_at[to]=2026-13-01&limit=51', headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['limit', 'paid_at[to]', 'payer', 'source']);
    expect(r.body.errors.source[0]).toBe('must be one of manual, automatico, got "automatic"');
  });
});

describe('GET /v1/receipts/:id and /v1/receipts/pdf', () => {
  it("answers one receipt; R3: another account's is a 404", async () => {
    const r = await get(emu, `/v1/receipts/${all[2]!.id}`, headers);
    expect(receiptSchema.parse(r.body.data)).toEqual(all[2]);
    const other = headersOf(emu, 1);
    expect((await get(emu, `/v1/receipts/${all[2]!.id}`, other)).status).toBe(404);
    expect((await get(emu, `/v1/receipts/pdf?id=${all[2]!.id}`, other)).status).toBe(404);
  });

  it('renders ONE layout whatever the source: the same lines in the same places', async () => {
    const layout = async (r: Receipt) => {
      const res = await get(emu, `/v1/receipts/pdf?id=${r.id}`, headers);
      expect(res.body.data.id).toBe(r.id);
      const text = expectWellFormed(Buffer.from(res.body.data.encoded_pdf, 'base64'));
      expect(text).toContain('(COMPROVANTE DE PAGAMENTO)');
      return [...text.matchAll(/BT \/(F\d) ([\d.]+) Tf [\d.]+ ([\d.]+) Td/g)].map((m) => m.slice(1).join(' '));
    };
    const manual = all.find((r) => r.source === 'manual' && r.kind === 'pix')!;
    const automatic = all.find((r) => r.source === 'automatico' && r.kind === 'boleto')!;
    const [a, b] = [await layout(manual), await layout(automatic)];
    expect(a.length).toBeGreaterThan(10);
    expect(a).toEqual(b);
  });
});
