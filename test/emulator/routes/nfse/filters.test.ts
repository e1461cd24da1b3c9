// R36: no filter of a v1 listing is silently ignored: `id[]` on the NFS-e listings returns the match
// or nothing, `format_type=json` gives the note as an object (Nfse.InfNfse), and a parameter a
// listing does not read is a 400 naming it, never a wider answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseId } from '../../../../src/emulator/data/nfse.js';
import { nfseV2Id } from '../../../../src/emulator/routes/nfse/records.js';
import type { StoredNfse } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { get, headersOf } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let received: StoredNfse[];

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  received = emu.store
    .docsOf(emu.accounts[0]!.id, 'nfse')
    .byRole('received')
    .map((e) => e.doc);
});
afterAll(async () => emu?.close());

const ownerOf = (doc: StoredNfse) => doc.roles.find((r) => r.role === 'received')!.owner;
const ids = (body: { data: { id: string }[] }) => body.data.map((i) => i.id);

describe('R36: id[] on the NFS-e listings', () => {
  it('GET /v1/nfse/received?id[]= returns the match, whichever form of the id is given', async () => {
    const doc = received[7]!;
    const id = nfseId(ownerOf(doc), doc);
    for (const asked of [id, doc.documentId, nfseV2Id(id)]) {
      const r = await get(emu, `/v1/nfse/received?id[]=${asked}`, headers);
      expect(r.status, r.text).toBe(200);
      expect(ids(r.body)).toEqual([id]);
    }
    const two = await get(
      emu,
      `/v1/nfse/received?id[]=${id}&id[]=${nfseId(ownerOf(received[9]!), received[9]!)}`,
      headers,
    );
    expect(two.body.count).toBe(2);
  });

  it('an id the account does not have answers nothing, not everything', async () => {
    const r = await get(emu, `/v1/nfse/received?id[]=11222333000181:11222333000181:2020-01-01:1`, headers);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
  });

  it('GET /v2/nfse/received?id[]=<40 hex> returns that note', async () => {
    const doc = received[3]!;
    const hex = nfseV2Id(nfseId(ownerOf(doc), doc));
    const r = await get(emu, `/v2/nfse/received?id[]=${hex}`, headers);
    expect(ids(r.body)).toEqual([hex]);
  });

  it('a malformed id is a 400 naming id[]', async () => {
    const r = await get(emu, '/v1/nfse/received?id[]=nope', headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['id[]']);
  });
});

describe('R16, R36: format_type=json on the NFS-e listings', () => {
  it.each(['/v1/nfse/received', '/v2/nfse/received'])(
    '%s gives xml as an object read at Nfse.InfNfse',
    async (path) => {
      const r = await get(emu, `${path}?format_type=json&limit=3`, headers);
      expect(r.status, r.text).toBe(200);
      r.body.data.forEach((item: { xml: any }, i: number) => {
        expect(typeof item.xml).toBe('object');
        expect(item.xml.Nfse.InfNfse.Numero).toBe(received[i]!.number);
        expect(item.xml.Nfse['@_versao']).toBe('2.02');
      });
    },
  );

  it('format_type other than xml or json is a 400 naming it', async () => {
    const r = await get(emu, '/v1/nfse/received?format_type=csv', headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['format_type']);
  });
});

describe('R36: a parameter a listing does not read is a 400 naming it', () => {
  it.each([
    ['/v1/nfse/received?foo=1', 'foo'],
    [`/v1/nfse/received?access_key[]=${'1'.repeat(44)}`, 'access_key[]'],
    ['/v2/nfse/received?owner=1', 'owner'],
    ['/v1/nfe/received?id[]=1', 'id[]'],
    ['/v1/nfe/received?created_at=2026-01-01', 'created_at'],
    ['/v1/cte/taker?cursor=0&limt=5', 'limt'],
    ['/v1/nfce/emitted?format_type=json', 'format_type'],
  ])('%s', async (path, name) => {
    const r = await get(emu, path, headers);
    expect(r.status, r.text).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual([name]);
    expect(r.body.errors[name][0]).toMatch(/is not a parameter of/);
  });

  it('PHP array spellings of known parameters are read: cnpj[0], access_key[1]', async () => {
    const owner = ownerOf(received[0]!);
    const r = await get(emu, `/v1/nfse/received?cnpj[0]=${owner}&limit=2`, headers);
    expect(r.status, r.text).toBe(200);
  });
});
