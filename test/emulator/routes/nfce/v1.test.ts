// GET /v1/nfce/emitted (designed path; R11-R17) on the generated data set.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phpJsonEncode } from '../../../../src/api/wire/common.js';
import { nfceV1PageSchema } from '../../../../src/api/wire/nfce.js';
import type { DocIndex } from '../../../../src/emulator/doc-index.js';
import type { StoredNfce } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { get, headersOf, walkV1 } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let index: DocIndex<StoredNfce>;

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  index = emu.store.docsOf(emu.accounts[0]!.id, 'nfce');
});
afterAll(async () => emu?.close());

const keys = (role = 'emitted') => index.byRole(role).map((e) => e.doc.accessKey);
const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));

describe('GET /v1/nfce/emitted', () => {
  it('R11/R12: pages of 50 {access_key, xml}; walking next lists every NFC-e once, by position', async () => {
    const first = nfceV1PageSchema.parse((await get(emu, '/v1/nfce/emitted', headers)).body);
    expect(first.count).toBe(50);
    expect(Buffer.from(first.data[0]!.xml, 'base64').toString('utf8')).toContain(
      `<chNFe>${first.data[0]!.access_key}</chNFe>`,
    );
    const walk = await walkV1(emu, '/v1/nfce/emitted', headers);
    expect(walk.pages).toBeGreaterThan(1);
    expect(walk.items.map((i) => i.access_key)).toEqual(keys());
  });

  it('R11: a role other than emitted is a 400', async () => {
    for (const role of ['received', 'taker']) {
      const r = await get(emu, `/v1/nfce/${role}`, headers);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/expected one of emitted/);
    }
  });

  it('R12/R13: past the end next repeats the cursor; previous is the cursor asked for', async () => {
    const r = await get(emu, '/v1/nfce/emitted?cursor=888888&limit=5', headers);
    expect(r.body.data).toEqual([]);
    expect(cursorOf(r.body.page.next)).toBe(888888);
    expect(r.body.page.previous).toBe(`${emu.url}/v1/nfce/emitted?cursor=888888&limit=5`);
  });

  it('R14: signature over data', async () => {
    const r = await get(emu, '/v1/nfce/emitted?limit=2', headers);
    expect(r.body.signature).toBe(createHash('sha256').update(phpJsonEncode(r.body.data)).digest('hex'));
  });

  it('R16: access_key[] selects those documents; a key of another length is a 400', async () => {
    const wanted = [keys()[3]!, keys()[77]!];
    const r = await get(emu, `/v1/nfce/emitted?access_key[]=${wanted[0]}&access_key[]=${wanted[1]}`, headers);
    expect(r.body.data.map((i: { access_key: string }) => i.access_key)).toEqual(wanted);
    const bad = await get(emu, '/v1/nfce/emitted?access_key[]=123', headers);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['access_key']);
  });

  it('R8/R15/R17: cnpj[], created_at and filter narrow the listing', async () => {
    const owner = index.byRole('emitted')[0]!.doc.roles[0]!.owner;
    const byOwner = await walkV1(emu, `/v1/nfce/emitted?cnpj[]=${owner}`, headers);
    expect(byOwner.items.map((i) => i.access_key)).toEqual(
      index
        .byRole('emitted')
        .filter((e) => e.doc.roles.some((r) => r.owner === owner))
        .map((e) => e.doc.accessKey),
    );
    const filtered = await walkV1(emu, `/v1/nfce/emitted?filter=${encodeURIComponent('(NOT_EXISTS status)')}`, headers);
    expect(filtered.items.map((i) => i.access_key)).toEqual(
      index
        .byRole('emitted')
        .filter((e) => !('status' in e.doc.properties))
        .map((e) => e.doc.accessKey),
    );
    const half = await get(emu, '/v1/nfce/emitted?created_at[from]=2026-01-01', headers);
    expect(half.status).toBe(400);
    expect(Object.keys(half.body.errors)).toEqual(['created_at[to]']);
  });
});
