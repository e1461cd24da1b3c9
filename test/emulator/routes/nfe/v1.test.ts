// GET /v1/nfe/{role} (spec 4.6, R11-R17) on the hand-made data set.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phpJsonEncodings, v1ErrorSchema } from '../../../../src/api/wire/common.js';
import { nfeV1PageSchema } from '../../../../src/api/wire/nfe.js';
import type { Emulator } from '../../../../src/emulator/server.js';
import { A1, A2, get, startSmall } from '../../fixtures.js';

let emu: Emulator;
let keyAt: (position: number) => string;
beforeAll(async () => {
  emu = await startSmall();
  const entries = emu.store.nfesOf('acc_1').entries;
  keyAt = (position) => entries.find((e) => e.doc.position === position)!.doc.accessKey;
});
afterAll(async () => emu?.close());

async function page(pathAndQuery: string) {
  const r = await get(emu, pathAndQuery);
  expect(r.status, r.text).toBe(200);
  return { ...nfeV1PageSchema.parse(r.body), raw: r.body, text: r.text };
}

const keys = (p: { data: { access_key: string }[] }) => p.data.map((d) => d.access_key);
const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));

describe('R11/R12: role, limit and the page envelope', () => {
  it('R11: each role lists the documents where one of the account companies has that role, by position', async () => {
    expect(keys(await page('/v1/nfe/emitted'))).toEqual([0, 1, 2, 3, 21].map(keyAt));
    expect(keys(await page('/v1/nfe/received'))).toEqual([3, 5, 8].map(keyAt));
    expect(keys(await page('/v1/nfe/transporter'))).toEqual([21].map(keyAt));
    expect(keys(await page('/v1/nfe/authorized'))).toEqual([13].map(keyAt));
  });

  it('R11: an unknown role is a 400 {status, error}', async () => {
    const r = await get(emu, '/v1/nfe/taker');
    expect(r.status).toBe(400);
    expect(v1ErrorSchema.parse(r.body)).toEqual({
      status: { code: 400, message: 'Bad Request' },
      error: expect.stringMatching(/invalid role "taker"/),
    });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=', 'limit'],
    ['cursor=-1', 'cursor'],
    ['cursor=1.5', 'cursor'],
    ['cursor=abc', 'cursor'],
  ])('R11: %s is a 400 naming %s', async (query, field) => {
    const r = await get(emu, `/v1/nfe/emitted?${query}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual([field]);
    expect(r.body.status.code).toBe(400);
  });

  it('R12: count is the page size; next and previous are absolute URLs echoing the query in alphabetical order', async () => {
    const p = await page(`/v1/nfe/received?limit=2&cnpj[]=${A2.cnpj}&format_type=xml`);
    expect(p.count).toBe(2);
    expect(p.data).toHaveLength(2);
    expect(p.page.next).toBe(`${emu.url}/v1/nfe/received?cnpj[]=${A2.cnpj}&cursor=2&format_type=xml&limit=2`);
    expect(p.page.previous).toBe(`${emu.url}/v1/nfe/received?cnpj[]=${A2.cnpj}&cursor=0&format_type=xml&limit=2`);
  });

  it('R35: page links are raw like the real ones: brackets, spaces and parentheses unencoded', async () => {
    const query = 'created_at[from]=2026-01-01 00:00:00&created_at[to]=2026-12-31 23:59:59&limit=2';
    const p = await page(`/v1/nfe/received?${query.replace(/ /g, '%20')}`);
    expect(p.page.previous).toBe(
      `${emu.url}/v1/nfe/received?created_at[from]=2026-01-01 00:00:00&created_at[to]=2026-12-31 23:59:59&cursor=0&limit=2`,
    );
    expect(p.page.next).toContain('created_at[from]=2026-01-01 00:00:00&created_at[to]=2026-12-31 23:59:59&cursor=');
    const f = await page(`/v1/nfe/emitted?filter=${encodeURIComponent('(OR (= status a&b) (= status 50%+))')}`);
    // What would change the query's meaning stays escaped, so the link reads back to the same filter.
    expect(new URL(f.page.next).searchParams.get('filter')).toBe('(OR (= status a&b) (= status 50%+))');
  });

  it('R12: previous carries the cursor that was asked for', async () => {
    const p = await page('/v1/nfe/emitted?cursor=2&limit=1');
    expect(keys(p)).toEqual([keyAt(2)]);
    expect(cursorOf(p.page.previous!)).toBe(2);
    expect(cursorOf(p.page.next)).toBe(3);
  });

  it('R12: past the end the page is empty and next repeats the cursor (never null)', async () => {
    const p = await page('/v1/nfe/emitted?cursor=22');
    expect(p.data).toEqual([]);
    expect(p.count).toBe(0);
    expect(cursorOf(p.page.next)).toBe(22);
    expect(p.raw.page.next).not.toBeNull();
  });

  it('R11: limit caps the page; following next walks to the end and then repeats the cursor', async () => {
    const seen: string[] = [];
    let url = `${emu.url}/v1/nfe/emitted?limit=2`;
    const cursors: number[] = [];
    for (let i = 0; i < 10; i++) {
      const p = await page(url.slice(emu.url.length));
      seen.push(...keys(p));
      cursors.push(cursorOf(p.page.next));
      if (p.data.length === 0) break;
      url = p.page.next;
    }
    expect(seen).toEqual([0, 1, 2, 3, 21].map(keyAt));
    // R34: the cursor counts the role's documents (positions 0, 1, 2, 3, 21), not stream positions.
    expect(cursors).toEqual([2, 4, 5, 5]);
  });
});

describe('R13-R17: query parameters', () => {
  it("R13/R17: with a filter the cursor jumps to the place after the match among the role's documents", async () => {
    const p = await page(`/v1/nfe/emitted?filter=${encodeURIComponent('(= status pending)')}`);
    expect(keys(p)).toEqual([keyAt(3)]);
    expect(cursorOf(p.page.next)).toBe(4);
    const q = await page(`/v1/nfe/authorized?filter=${encodeURIComponent('(= status "em processamento")')}`);
    expect(keys(q)).toEqual([keyAt(13)]);
    expect(cursorOf(q.page.next)).toBe(1);
  });

  it('R17: NOT_EXISTS, AND and OR over custom properties', async () => {
    expect(keys(await page(`/v1/nfe/emitted?filter=${encodeURIComponent('(NOT_EXISTS status)')}`))).toEqual(
      [1, 2, 21].map(keyAt),
    );
    const or = '(OR (= status done) (AND (= status pending) (NOT_EXISTS erp)))';
    expect(keys(await page(`/v1/nfe/emitted?filter=${encodeURIComponent(or)}`))).toEqual([0, 3].map(keyAt));
  });

  it('R17: a malformed filter is a 400 saying what is wrong and where', async () => {
    const r = await get(emu, `/v1/nfe/emitted?filter=${encodeURIComponent('(= status')}`);
    expect(r.status).toBe(400);
    expect(r.body.errors.filter[0]).toMatch(/expects a value, found end of filter at the end \(column 10\)/);
  });

  it('R14: signature is the SHA-256 of data as PHP json_encode writes it (slashes escaped)', async () => {
    for (const query of ['/v1/nfe/emitted', '/v1/nfe/received?format_type=json']) {
      const p = await page(query);
      const php = phpJsonEncodings(p.raw.data)[0]!;
      expect(p.signature).toBe(createHash('sha256').update(php).digest('hex'));
    }
    // The JSON form carries natOp "Venda/Revenda": the slash must be escaped to match.
    const json = await page('/v1/nfe/received?format_type=json');
    expect(json.text).toContain('Venda/Revenda');
    expect(json.signature).not.toBe(createHash('sha256').update(JSON.stringify(json.raw.data)).digest('hex'));
    const empty = await page('/v1/nfe/emitted?cursor=99');
    expect(empty.signature).toBe(createHash('sha256').update('[]').digest('hex'));
  });

  it('R15: created_at[from] and created_at[to] must come together', async () => {
    for (const query of ['created_at[from]=2026-01-01', 'created_at[to]=2026-01-01']) {
      const r = await get(emu, `/v1/nfe/emitted?${query}`);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors)[0]).toMatch(/^created_at\[(from|to)\]$/);
    }
    const bad = await get(emu, '/v1/nfe/emitted?created_at[from]=2026-13-01&created_at[to]=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body.errors['created_at[from]'][0]).toMatch(/no such date/);
  });

  it('R15: created_at filters on the time the service received the document (Brasília time)', async () => {
    // Documents emitted 45 days before NOW were received one hour later: 2026-01-15 13:00 -03:00.
    const p = await page('/v1/nfe/emitted?created_at[from]=2026-01-15 13:00:00&created_at[to]=2026-01-15');
    expect(keys(p)).toEqual([keyAt(1)]);
    const none = await page('/v1/nfe/emitted?created_at[from]=2026-01-15 13:00:01&created_at[to]=2026-01-15');
    expect(none.data).toEqual([]);
  });

  it('R16: access_key[] selects documents; each must have 44 characters', async () => {
    const p = await page(`/v1/nfe/emitted?access_key[]=${keyAt(2)}&access_key[]=${keyAt(21)}&access_key[]=${keyAt(5)}`);
    expect(keys(p)).toEqual([2, 21].map(keyAt));
    const r = await get(emu, `/v1/nfe/emitted?access_key[]=${keyAt(2).slice(1)}`);
    expect(r.status).toBe(400);
    expect(r.body.errors.access_key[0]).toMatch(/44 characters/);
  });

  it('cnpj[] restricts to an owner in the role; each must have 14 characters', async () => {
    expect(keys(await page(`/v1/nfe/received?cnpj[]=${A2.cnpj}`))).toEqual([3, 5, 8].map(keyAt));
    expect(keys(await page(`/v1/nfe/received?cnpj[]=${A1.cnpj}`))).toEqual([]);
    expect(keys(await page(`/v1/nfe/transporter?cnpj[]=${A2.cnpj}&cnpj[]=${A1.cnpj}`))).toEqual([21].map(keyAt));
    const r = await get(emu, '/v1/nfe/received?cnpj[]=123');
    expect(r.status).toBe(400);
    expect(r.body.errors.cnpj[0]).toMatch(/14 characters/);
  });

  it('R16: format_type=xml (default) is base64 of the nfeProc; json is the document as an object', async () => {
    const xml = await page(`/v1/nfe/emitted?access_key[]=${keyAt(0)}`);
    expect(Buffer.from(xml.data[0]!.xml as string, 'base64').toString()).toMatch(/^<\?xml.*<nfeProc/);
    const json = await page(`/v1/nfe/emitted?access_key[]=${keyAt(0)}&format_type=json`);
    const doc = json.data[0]!.xml as any;
    expect(doc.nfeProc.protNFe.infProt.chNFe).toBe(keyAt(0));
    expect(doc.nfeProc.NFe.infNFe['@_Id']).toBe(`NFe${keyAt(0)}`);
    expect(doc.nfeProc.NFe.infNFe.ide.nNF).toBe('0012');
    const r = await get(emu, '/v1/nfe/emitted?format_type=pdf');
    expect(r.status).toBe(400);
    expect(r.body.errors.format_type).toBeDefined();
  });

  it('reports every bad parameter at once', async () => {
    const r = await get(emu, '/v1/nfe/emitted?limit=99&cursor=x&format_type=csv');
    expect(Object.keys(r.body.errors).sort()).toEqual(['cursor', 'format_type', 'limit']);
  });
});
