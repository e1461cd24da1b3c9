// GET /v1/nfse/{role} (R10-R17) and GET /v2/nfse/received (R12, R16) on the generated data set.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phpJsonEncode } from '../../../../src/api/wire/common.js';
import { nfseV1PageSchema, nfseV2PageSchema } from '../../../../src/api/wire/nfse.js';
import { nfseId } from '../../../../src/emulator/data/nfse.js';
import type { DocIndex } from '../../../../src/emulator/doc-index.js';
import type { StoredNfse } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { get, headersOf, walkV1 } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let index: DocIndex<StoredNfse>;

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  index = emu.store.docsOf(emu.accounts[0]!.id, 'nfse');
});
afterAll(async () => emu?.close());

const ownerOf = (doc: StoredNfse, role: string) => doc.roles.find((r) => r.role === role)!.owner;
const expectedIds = (role: string, keep: (d: StoredNfse) => boolean = () => true) =>
  index
    .byRole(role)
    .filter((e) => keep(e.doc))
    .map((e) => nfseId(ownerOf(e.doc, role), e.doc));
const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));

describe('R11-R13: GET /v1/nfse/{role}', () => {
  it.each(['received', 'emitted', 'intermediate'])(
    'R11/R10: %s lists every document of the role, by position, id the R10 id',
    async (role) => {
      const walk = await walkV1(emu, `/v1/nfse/${role}`, headers);
      expect(walk.items.map((i) => i.id)).toEqual(expectedIds(role));
      expect(walk.items.length).toBeGreaterThan(0);
    },
  );

  it('R11/R12: limit 50 by default; count is the page size; next/previous absolute, alphabetical', async () => {
    const r = await get(emu, '/v1/nfse/received?filter=(NOT_EXISTS%20nothing)', headers);
    expect(r.status, r.text).toBe(200);
    const p = nfseV1PageSchema.parse(r.body);
    expect(p.count).toBe(50);
    expect(p.data).toHaveLength(50);
    expect(p.page.next).toMatch(new RegExp(`^${emu.url}/v1/nfse/received\\?cursor=\\d+&filter=`));
    expect(p.page.previous).toBe(`${emu.url}/v1/nfse/received?cursor=0&filter=(NOT_EXISTS nothing)`);
    const xml = Buffer.from(p.data[0]!.xml, 'base64').toString('utf8');
    expect(xml).toContain('<CompNfse');
    expect(xml).toContain(`<Numero>${p.data[0]!.id.split(':')[3]}</Numero>`);
  });

  it("R13, R34: the cursor is a place among the role's documents; next is one past the last returned", async () => {
    const r = await get(emu, `/v1/nfse/emitted?cursor=2&limit=2`, headers);
    expect(r.body.data.map((i: { id: string }) => i.id)).toEqual(expectedIds('emitted').slice(2, 4));
    expect(cursorOf(r.body.page.next)).toBe(4);
    expect(cursorOf(r.body.page.previous)).toBe(2);
  });

  it('R12: past the end data is [] and next repeats the cursor (never null)', async () => {
    const r = await get(emu, '/v1/nfse/emitted?cursor=999999', headers);
    expect(r.body.data).toEqual([]);
    expect(r.body.count).toBe(0);
    expect(cursorOf(r.body.page.next)).toBe(999999);
  });

  it('R14: signature is the SHA-256 of data as PHP json_encode writes it', async () => {
    const r = await get(emu, '/v1/nfse/received?limit=3', headers);
    expect(r.body.signature).toBe(createHash('sha256').update(phpJsonEncode(r.body.data)).digest('hex'));
  });

  it('R8: cnpj[] keeps the documents of those owners in the role', async () => {
    const owner = ownerOf(index.byRole('received')[0]!.doc, 'received');
    const walk = await walkV1(emu, `/v1/nfse/received?cnpj[]=${owner}`, headers);
    const expected = index
      .byRole('received')
      .filter((e) => e.doc.roles.some((r) => r.role === 'received' && r.owner === owner));
    expect(walk.items.map((i) => i.id)).toEqual(expected.map((e) => nfseId(owner, e.doc)));
  });

  it('R15: created_at[from] and [to] together select by reception time', async () => {
    const entries = index.byRole('received');
    const from = entries[5]!.doc.createdAt.slice(0, 19).replace('T', ' ');
    const to = entries[20]!.doc.createdAt.slice(0, 19).replace('T', ' ');
    const walk = await walkV1(emu, `/v1/nfse/received?created_at[from]=${from}&created_at[to]=${to}`, headers);
    expect(walk.items.map((i) => i.id)).toEqual(expectedIds('received').slice(5, 21));
  });

  it('R17: filter is a custom-property expression', async () => {
    const walk = await walkV1(emu, `/v1/nfse/emitted?filter=${encodeURIComponent('(= status done)')}`, headers);
    const expected = expectedIds('emitted', (d) => d.properties.status === 'done');
    expect(expected.length).toBeGreaterThan(0);
    expect(walk.items.map((i) => i.id)).toEqual(expected);
  });

  it.each([
    ['created_at[from]=2026-01-01', 'created_at[to]'],
    ['created_at[to]=2026-01-01', 'created_at[from]'],
    ['created_at[from]=2026-01-01&created_at[to]=01/02/2026', 'created_at[to]'],
    ['filter=(= a', 'filter'],
    ['limit=51', 'limit'],
    ['cursor=-1', 'cursor'],
    ['cnpj[]=123', 'cnpj'],
  ])('R11/R15/R17: %s is a 400 naming %s', async (query, field) => {
    const r = await get(emu, `/v1/nfse/received?${query}`, headers);
    expect(r.status, r.text).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual([field]);
  });

  it('R11: an unknown role is a 400', async () => {
    const r = await get(emu, '/v1/nfse/taker', headers);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/invalid role "taker"/);
  });
});

describe('R16: GET /v2/nfse/received', () => {
  it('R16: items are {id: 40 hex, xml, properties}, paged like v1 over the received documents', async () => {
    const walk = await walkV1(emu, '/v2/nfse/received', headers);
    const entries = index.byRole('received');
    expect(walk.items).toHaveLength(entries.length);
    const first = nfseV2PageSchema.parse((await get(emu, '/v2/nfse/received?limit=1', headers)).body).data[0]!;
    expect(first.id).toMatch(/^[0-9a-f]{40}$/);
    const doc = entries[0]!.doc;
    expect(first.id).toBe(
      createHash('sha1')
        .update(nfseId(ownerOf(doc, 'received'), doc))
        .digest('hex'),
    );
    expect(first.properties).toEqual(Object.entries(doc.properties).map(([name, value]) => ({ name, value })));
    expect(Buffer.from(first.xml, 'base64').toString('utf8')).toContain(`<Numero>${doc.number}</Numero>`);
  });

  it('R12: next never null, past the end repeats the cursor', async () => {
    const r = await get(emu, '/v2/nfse/received?cursor=999999', headers);
    expect(r.body.data).toEqual([]);
    expect(cursorOf(r.body.page.next)).toBe(999999);
  });
});
