// LATAM documents (designed, docs/latam.md): synthetic documents per account, upload with R25-like
// answers, v1 cursor listing (R11-R14) with its filters, XML byte for byte and JSON by id (R3).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSignature } from '../../../src/emulator/routes/listing/v1-listing.js';
import {
  latamJsonResponseSchema,
  latamPageSchema,
  latamUploadResponseSchema,
  latamXmlResponseSchema,
} from '../../../src/api/wire/latam.js';
import { readLatamDocument } from '../../../src/fiscal/latam/index.js';
import { LATAM_PER_COUNTRY } from '../../../src/emulator/latam/docs.js';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { get, headersOf, post, walkV1 } from '../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
  headers = headersOf(emu);
});
afterAll(async () => emu?.close());

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/latam/${name}`, import.meta.url));
const upload = async (body: unknown, as = headers) => {
  const r = await post(emu, '/v1/latam/upload', body, as);
  expect(r.status, r.text).toBe(200);
  return latamUploadResponseSchema.parse(r.body).data;
};

describe('LATAM synthetic documents', () => {
  it('every account has documents of the four countries; each XML reads back as its JSON; tax ids valid', async () => {
    const { items } = await walkV1(emu, '/v1/latam', headers);
    expect(items).toHaveLength(4 * LATAM_PER_COUNTRY);
    expect(new Set(items.map((i) => i.country))).toEqual(new Set(['MX', 'CL', 'CO', 'PE']));
    for (const item of items.filter((_, i) => i % 5 === 0)) {
      const xml = latamXmlResponseSchema.parse((await get(emu, `/v1/latam/${item.id}/xml`, headers)).body).data;
      const json = latamJsonResponseSchema.parse((await get(emu, `/v1/latam/${item.id}/json`, headers)).body).data;
      expect(readLatamDocument(Buffer.from(xml.xml, 'base64'))).toEqual(json);
      expect(json).toMatchObject(item);
      expect(json.items.length).toBeGreaterThan(0);
    }
  });

  it('the same seed gives the same documents; another account has others', async () => {
    const again = await startEmulator({ docs: 20 });
    try {
      const mine = (await walkV1(emu, '/v1/latam', headers)).items;
      expect((await walkV1(again, '/v1/latam', headersOf(again))).items).toEqual(mine);
      const other = (await walkV1(emu, '/v1/latam', headersOf(emu, 1))).items;
      expect(other.map((i) => i.id)).not.toEqual(mine.map((i) => i.id));
    } finally {
      await again.close();
    }
  });
});

describe('GET /v1/latam (designed v1 cursor listing)', () => {
  it('R12: page shape, never-null next, signature (R14); past the end data is empty and next repeats the cursor', async () => {
    const r = await get(emu, '/v1/latam?limit=5', headers);
    const page = latamPageSchema.parse(r.body);
    expect(page.count).toBe(5);
    expect(page.signature).toBe(pageSignature(r.body.data));
    expect(page.page.next).toBe(`${emu.url}/v1/latam?cursor=5&limit=5`);
    const end = await get(emu, '/v1/latam?cursor=999', headers);
    expect(end.body.data).toEqual([]);
    expect(end.body.page.next).toBe(`${emu.url}/v1/latam?cursor=999`);
  });

  it('filters: country, issuer, issued_at range (the document date), combined', async () => {
    const all = (await walkV1(emu, '/v1/latam', headers)).items;
    const cl = (await walkV1(emu, '/v1/latam?country=CL&limit=2', headers)).items;
    expect(cl.map((i) => i.id)).toEqual(all.filter((i) => i.country === 'CL').map((i) => i.id));
    const issuer = all.find((i) => i.country === 'CO')!.issuer.tax_id;
    const byIssuer = (await walkV1(emu, `/v1/latam?issuer=${issuer}`, headers)).items;
    expect(byIssuer.length).toBeGreaterThan(0);
    expect(byIssuer.every((i) => i.issuer.tax_id === issuer)).toBe(true);
    const dates = all.map((i) => i.issued_at.slice(0, 10)).sort();
    const [from, to] = [dates[5]!, dates[15]!];
    const ranged = (await walkV1(emu, `/v1/latam?issued_at[from]=${from}&issued_at[to]=${to}&country=MX`, headers))
      .items;
    const expected = all.filter(
      (i) => i.country === 'MX' && i.issued_at.slice(0, 10) >= from && i.issued_at.slice(0, 10) <= to,
    );
    expect(ranged.map((i) => i.id)).toEqual(expected.map((i) => i.id));
  });

  it('bad parameters are a 400 naming each one', async () => {
    const r = await get(emu, '/v1/latam?country=AR&limit=51&issued_at[from]=yesterday', headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['country', 'issued_at[from]', 'limit']);
  });
});

describe('POST /v1/latam/upload', () => {
  it('stores a valid document at the end of the stream; its XML comes back byte for byte and its JSON parsed', async () => {
    const bytes = fixture('dte-factura.xml');
    const result = await upload({ xml: bytes.toString('base64') });
    expect(result).toMatchObject({ id: 'CL-76086428-5-33-5512', country: 'CL', doc_type: 'DTE-33', success: true });
    expect(result.message).toMatch(/^DTE-33 CL-76086428-5-33-5512: stored at position \d+$/);
    const xml = await get(emu, `/v1/latam/${result.id}/xml`, headers);
    expect(Buffer.from(xml.body.data.xml, 'base64').equals(bytes)).toBe(true);
    const json = latamJsonResponseSchema.parse((await get(emu, `/v1/latam/${result.id}/json`, headers)).body).data;
    expect(json.issuer.name).toBe('Comercial Andes SpA');
    const { items } = await walkV1(emu, '/v1/latam?country=CL', headers);
    expect(items.at(-1)!.id).toBe(result.id);
  });

  it('R25: the same document twice answers the stored id and adds nothing', async () => {
    const body = { xml: fixture('cfdi-ingreso.xml').toString('base64') };
    const first = await upload(body);
    const before = (await walkV1(emu, '/v1/latam', headers)).items.length;
    const second = await upload(body);
    expect(second).toMatchObject({ id: first.id, success: true });
    expect(second.message).toMatch(/already stored, not added again/);
    expect((await walkV1(emu, '/v1/latam', headers)).items.length).toBe(before);
  });

  it('R25: an unreadable document is a 200 with success false and the problem; a wrong country hint too', async () => {
    expect(await upload({ xml: '%%%' })).toEqual({
      id: null,
      country: null,
      doc_type: null,
      success: false,
      message: 'xml: not base64',
    });
    const bad = await upload({ xml: Buffer.from('<pedido/>').toString('base64') });
    expect(bad.success).toBe(false);
    expect(bad.message).toMatch(/root element <pedido> is not/);
    const hinted = await upload({ xml: fixture('pe-factura.xml').toString('base64'), country: 'CO' });
    expect(hinted).toMatchObject({ success: false, message: 'the document is from PE, not CO' });
  });

  it('a body that is not an upload request is a 400 naming the field', async () => {
    const r = await post(emu, '/v1/latam/upload', { country: 'BR' }, headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['country', 'xml']);
  });

  it('R3: another account cannot read the document (404), nor sees it in its listing', async () => {
    const result = await upload({ xml: fixture('co-factura.xml').toString('base64') });
    const other = headersOf(emu, 1);
    for (const suffix of ['xml', 'json']) {
      const r = await get(emu, `/v1/latam/${result.id}/${suffix}`, other);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe(`no LATAM document ${result.id}`);
    }
    const { items } = await walkV1(emu, '/v1/latam?country=CO', other);
    expect(items.map((i) => i.id)).not.toContain(result.id);
  });
});
