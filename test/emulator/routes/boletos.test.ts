// Boletos (designed): GET /v1/boletos, /v1/boletos/:id and /v1/boletos/pdf, built from the
// duplicatas of the account's generated NF-e.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phpJsonEncodings } from '../../../src/api/wire/common.js';
import { boletoSchema, type Boleto } from '../../../src/api/wire/boletos.js';
import { nfeXml } from '../../../src/emulator/data/dataset.js';
import { barcodeOfLine, digitableLineProblem, formatLine } from '../../../src/fiscal/boleto-line.js';
import { EMULATOR_NOW, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { expectWellFormed } from '../../helpers/pdf.js';
import { get, headersOf, walkV1 } from '../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let all: Boleto[];
const TODAY = '2026-06-15';

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  all = (await walkV1(emu, '/v1/boletos', headers)).items.map((i) => boletoSchema.parse(i));
});
afterAll(async () => emu?.close());

const ids = async (query: string) =>
  (await walkV1(emu, `/v1/boletos?${query}`, headers)).items.map((i) => i.id as string);
const expected = (keep: (b: Boleto) => boolean) => all.filter(keep).map((b) => b.id);

describe('GET /v1/boletos', () => {
  it('R12/R13: lists every slip of the account, one per duplicata of its emitted or received NF-e', () => {
    const acc = emu.accounts[0]!.id;
    const withDups = emu.store
      .nfesOf(acc)
      .entries.filter((e) => e.doc.roles.some((r) => r.role === 'emitted' || r.role === 'received'));
    const dups = withDups.flatMap((e) =>
      [...nfeXml(e.doc).matchAll(/<dup><nDup>(\d+)<\/nDup><dVenc>([\d-]+)<\/dVenc><vDup>([\d.]+)<\/vDup><\/dup>/g)].map(
        (m) => `${e.doc.accessKey}/${m[1]}/${m[2]}/${Number(m[3])}`,
      ),
    );
    expect(all.length).toBeGreaterThan(50);
    expect(all.map((b) => `${b.access_key}/${b.duplicata}/${b.due_date}/${b.amount}`)).toEqual(dups);
    expect(new Set(all.map((b) => b.id)).size).toBe(all.length);
  });

  it('carries a valid digitable line and the barcode it stands for, with the amount and due date in them', () => {
    for (const b of all) {
      expect(digitableLineProblem(b.digitable_line)).toBeUndefined();
      expect(barcodeOfLine(b.digitable_line)).toBe(b.barcode);
      expect(b.barcode.slice(0, 3)).toBe(b.bank.code);
      expect(Number(b.barcode.slice(9, 19))).toBe(Math.round(b.amount * 100));
    }
  });

  it('sets the status by the emulator clock: paid ones have paid_at, overdue ones are past due', () => {
    const statuses = new Set(all.map((b) => b.status));
    expect([...statuses].sort()).toEqual(['canceled', 'open', 'overdue', 'paid']);
    for (const b of all) {
      if (b.status === 'paid') expect(Date.parse(b.paid_at!)).toBeLessThanOrEqual(EMULATOR_NOW.getTime() + 600_000);
      else expect([b.paid_at, b.paid_amount]).toEqual([null, null]);
      if (b.status === 'overdue') expect(b.due_date < TODAY).toBe(true);
      if (b.status === 'open') expect(b.due_date >= TODAY).toBe(true);
      if (b.paid_amount !== null) expect(b.paid_amount).toBeGreaterThanOrEqual(b.amount);
    }
  });

  it('R13: a filter keeps the stream positions, so the first page can start late', async () => {
    expect(await ids('status=overdue')).toEqual(expected((b) => b.status === 'overdue'));
    expect(await ids('status[]=open&status[]=canceled&direction=payable')).toEqual(
      expected((b) => ['open', 'canceled'].includes(b.status) && b.direction === 'payable'),
    );
    const page = await get(emu, '/v1/boletos?status=canceled&limit=1', headers);
    const first = all.findIndex((b) => b.status === 'canceled');
    expect(page.body.data[0].id).toBe(all[first]!.id);
    expect(new URL(page.body.page.next).searchParams.get('cursor')).toBe(String(first + 1));
  });

  it('filters by due date and amount ranges, owner, beneficiary, access key and digitable line', async () => {
    expect(await ids('due_date[from]=2026-05-01&due_date[to]=2026-06-30&amount[min]=500')).toEqual(
      expected((b) => b.due_date >= '2026-05-01' && b.due_date <= '2026-06-30' && b.amount >= 500),
    );
    const some = all[7]!;
    expect(await ids(`owner=${some.owner}&amount[max]=1000`)).toEqual(
      expected((b) => b.owner === some.owner && b.amount <= 1000),
    );
    expect(await ids(`beneficiary=${some.beneficiary.tax_id}`)).toEqual(
      expected((b) => b.beneficiary.tax_id === some.beneficiary.tax_id),
    );
    expect(await ids(`access_key=${some.access_key}`)).toEqual(expected((b) => b.access_key === some.access_key));
    expect(await ids(`digitable_line=${some.digitable_line}`)).toEqual([some.id]);
  });

  it('R14: signature is the SHA-256 of data as PHP json_encode writes it', async () => {
    const p = await get(emu, '/v1/boletos?limit=3', headers);
    const [encoded] = phpJsonEncodings(p.body.data);
    expect(p.body.signature).toBe(createHash('sha256').update(encoded!, 'utf8').digest('hex'));
    expect(p.body.count).toBe(3);
  });

  it('400: every bad parameter at once, named', async () => {
    const line = `${all[0]!.digitable_line.slice(0, 9)}${(Number(all[0]!.digitable_line[9]) + 1) % 10}${all[0]!.digitable_line.slice(10)}`;
    const r = await get(
      emu,
      `/v1/boletos?status=late&owner=123&due_date[from]=15/06/2026&amount[min]=10&amount[max]=5&digitable_line=${line}`,
      headers,
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      'amount',
      'digitable_line',
      'due_date[from]',
      'owner',
      'status',
    ]);
    expect(r.body.errors.digitable_line[0]).toContain('check digit of field 1');
    expect(r.body.errors.status[0]).toContain('open, paid, overdue, canceled');
  });
});

describe('GET /v1/boletos/:id and /v1/boletos/pdf', () => {
  it('answers one slip as {status, data}', async () => {
    const r = await get(emu, `/v1/boletos/${all[3]!.id}`, headers);
    expect(r.status).toBe(200);
    expect(boletoSchema.parse(r.body.data)).toEqual(all[3]);
  });

  it("R3: another account's slip is a 404, for the record and its PDF", async () => {
    const other = headersOf(emu, 1);
    const id = all[0]!.id;
    expect((await get(emu, `/v1/boletos/${id}`, other)).status).toBe(404);
    const pdf = await get(emu, `/v1/boletos/pdf?id=${id}`, other);
    expect(pdf.status).toBe(404);
    expect(pdf.body.error ?? JSON.stringify(pdf.body)).toContain(id);
  });

  it('renders one page with the digitable line as printed', async () => {
    const b = all.find((x) => x.status === 'paid')!;
    const r = await get(emu, `/v1/boletos/pdf?id=${b.id}`, headers);
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(b.id);
    const text = expectWellFormed(Buffer.from(r.body.data.encoded_pdf, 'base64'));
    expect(text).toContain(`(${formatLine(b.digitable_line)})`);
    expect(text).toContain('/Count 1');
    expect(text).toMatch(/\(Situa\S+: PAGO {2}em \d{2}\//);
  });

  it('400: a malformed id or none', async () => {
    expect((await get(emu, '/v1/boletos/pdf?id=bol_xyz', headers)).status).toBe(400);
    const none = await get(emu, '/v1/boletos/pdf', headers);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('id is required');
  });
});

describe('NF-e arriving', () => {
  it('R13: their slips come after the others, so a saved cursor resumes with only them', async () => {
    const end = await get(emu, `/v1/boletos?cursor=${all.length}`, headers);
    expect(end.body.data).toEqual([]);
    const saved = new URL(end.body.page.next).searchParams.get('cursor');
    const arrived = new Set(emu.addArrivals(40, emu.accounts[0]!.id).map((a) => a.accessKey));
    const fresh = (await walkV1(emu, `/v1/boletos?cursor=${saved}`, headers)).items.map((i) => boletoSchema.parse(i));
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((b) => arrived.has(b.access_key) && ['open', 'canceled'].includes(b.status))).toBe(true);
    expect((await walkV1(emu, '/v1/boletos', headers)).items.slice(0, all.length)).toEqual(all);
  });
});
