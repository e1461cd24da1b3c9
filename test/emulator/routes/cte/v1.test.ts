// GET /v1/cte/{role} and GET /v1/cte-os/{role} (R11-R17) on the generated data set: the v1 cursor
// listing of NF-e over the CT-e and CT-e OS streams. Expectations come from the emulator's store.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phpJsonEncodings, v1ErrorSchema } from '../../../../src/api/wire/common.js';
import { cteV1PageSchema } from '../../../../src/api/wire/cte.js';
import type { DocEntry } from '../../../../src/emulator/doc-index.js';
import type { StoredCte, StoredCteOs } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let accountId: string;
beforeAll(async () => {
  emu = await startEmulator({ otherDocs: 200 });
  const acc = emu.accounts[0]!;
  accountId = acc.id;
  headers = { 'X-API-ID': acc.apiId, 'X-API-KEY': acc.apiKey };
});
afterAll(async () => emu?.close());

async function get(pathAndQuery: string, h = headers) {
  const res = await fetch(`${emu.url}${pathAndQuery}`, { headers: h });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

async function page(pathAndQuery: string) {
  const r = await get(pathAndQuery);
  expect(r.status, r.text).toBe(200);
  return { ...cteV1PageSchema.parse(r.body), raw: r.body, text: r.text };
}

type Entry = DocEntry<StoredCte> | DocEntry<StoredCteOs>;
const LISTINGS = [
  { path: '/v1/cte', type: 'cte', roles: ['taker', 'not-taker', 'authorized'] },
  { path: '/v1/cte-os', type: 'cteos', roles: ['taker', 'not-taker'] },
] as const;

const entriesOf = (type: 'cte' | 'cteos', role: string) =>
  emu.store.docsOf(accountId, type).byRole(role) as readonly Entry[];
const keys = (p: { data: { access_key: string }[] }) => p.data.map((d) => d.access_key);
const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));

describe.each(LISTINGS)('$path/{role}', ({ path, type, roles }) => {
  it('R11: each role lists, by position, the documents where a company of the account has it (50 by default)', async () => {
    for (const role of roles) {
      const expected = entriesOf(type, role)
        .slice(0, 50)
        .map((e) => e.doc.accessKey);
      expect(expected.length, role).toBeGreaterThan(0);
      const p = await page(`${path}/${role}`);
      expect(keys(p), role).toEqual(expected);
      expect(p.count).toBe(expected.length);
    }
  });

  it('R11: a role of another type is a 400 naming it and the valid roles', async () => {
    const r = await get(`${path}/received`);
    expect(r.status).toBe(400);
    expect(v1ErrorSchema.parse(r.body)).toEqual({
      status: { code: 400, message: 'Bad Request' },
      error: `invalid role "received"; expected one of ${roles.join(', ')}`,
    });
  });

  it.each([
    ['limit=51', 'limit'],
    ['limit=0', 'limit'],
    ['cursor=-1', 'cursor'],
    ['access_key[]=123', 'access_key'],
    ['cnpj[]=123', 'cnpj'],
    ['format_type=pdf', 'format_type'],
  ])('R11/R16: %s is a 400 naming %s', async (query, field) => {
    const r = await get(`${path}/taker?${query}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual([field]);
  });

  it('R12: page URLs are absolute, alphabetical, previous is the cursor asked for, next follows the last item', async () => {
    const entries = entriesOf(type, 'taker');
    const p = await page(`${path}/taker?limit=3&format_type=xml&cursor=2`);
    expect(keys(p)).toEqual(entries.slice(2, 5).map((e) => e.doc.accessKey));
    expect(p.page.previous).toBe(`${emu.url}${path}/taker?cursor=2&format_type=xml&limit=3`);
    expect(p.page.next).toBe(`${emu.url}${path}/taker?cursor=5&format_type=xml&limit=3`);
  });

  it('R12/R13: following next reads the whole role once; past the end data is [] and next repeats the cursor', async () => {
    const seen: string[] = [];
    let cursor = 0;
    for (let i = 0; i < 100; i++) {
      const p = await page(`${path}/not-taker?limit=50&cursor=${cursor}`);
      if (p.data.length === 0) {
        expect(cursorOf(p.page.next)).toBe(cursor);
        break;
      }
      seen.push(...keys(p));
      cursor = cursorOf(p.page.next);
    }
    expect(seen).toEqual(entriesOf(type, 'not-taker').map((e) => e.doc.accessKey));
  });

  it("R13, R34: the cursor is a place among the role's documents: with cnpj[] the first page jumps past the first matches", async () => {
    const entries = entriesOf(type, 'taker');
    const owners = [
      ...new Set(entries.flatMap((e) => e.doc.roles.filter((r) => r.role === 'taker').map((r) => r.owner))),
    ];
    const owner = owners[owners.length - 1]!;
    const mine = entries.filter((e) => e.doc.roles.some((r) => r.role === 'taker' && r.owner === owner));
    const p = await page(`${path}/taker?cnpj[]=${owner}&limit=2`);
    expect(keys(p)).toEqual(mine.slice(0, 2).map((e) => e.doc.accessKey));
    expect(cursorOf(p.page.next)).toBe(entries.indexOf(mine[1]!) + 1);
  });

  it('R14: signature is the SHA-256 of data as PHP json_encode writes it', async () => {
    const p = await page(`${path}/taker?limit=4`);
    const [encoded] = phpJsonEncodings(p.raw.data);
    expect(p.signature).toBe(createHash('sha256').update(encoded!, 'utf8').digest('hex'));
  });

  it('R15: created_at[from] and [to] come together and select by reception time', async () => {
    const lone = await get(`${path}/taker?created_at[from]=2026-01-01`);
    expect(lone.status).toBe(400);
    expect(Object.keys(lone.body.errors)).toEqual(['created_at[to]']);
    const entries = entriesOf(type, 'taker');
    const from = entries[10]!.doc.createdAt.slice(0, 10);
    const to = entries[entries.length - 10]!.doc.createdAt.slice(0, 10);
    const p = await page(`${path}/taker?created_at[from]=${from}&created_at[to]=${to}`);
    const expected = entries
      .filter((e) => e.doc.createdAt.slice(0, 10) >= from && e.doc.createdAt.slice(0, 10) <= to)
      .slice(0, 50);
    expect(keys(p)).toEqual(expected.map((e) => e.doc.accessKey));
  });

  it('R16: access_key[] selects documents; format_type=json puts the document as an object in xml', async () => {
    const entries = entriesOf(type, 'taker');
    const wanted = [entries[3]!.doc.accessKey, entries[7]!.doc.accessKey];
    const p = await page(`${path}/taker?access_key[]=${wanted[0]}&access_key[]=${wanted[1]}&format_type=json`);
    expect(keys(p)).toEqual(wanted);
    const root = type === 'cte' ? 'cteProc' : 'cteOSProc';
    expect(p.data[0]!.xml).toHaveProperty(root);
    const xmlPage = await page(`${path}/taker?access_key[]=${wanted[0]}`);
    expect(Buffer.from(xmlPage.data[0]!.xml as string, 'base64').toString('utf8')).toContain(`<${root}`);
  });

  it('R17: filter selects by custom property; a malformed expression is a 400 naming filter', async () => {
    const entries = entriesOf(type, 'taker');
    const [name, value] = Object.entries(
      entries.find((e) => Object.keys(e.doc.properties).length > 0)!.doc.properties,
    )[0]!;
    const p = await page(`${path}/taker?filter=${encodeURIComponent(`(= ${name} ${value})`)}`);
    const expected = entries.filter((e) => e.doc.properties[name] === value).slice(0, 50);
    expect(keys(p)).toEqual(expected.map((e) => e.doc.accessKey));
    expect(expected.length).toBeGreaterThan(0);
    const missing = await page(`${path}/taker?filter=${encodeURIComponent(`(NOT_EXISTS ${name})`)}`);
    expect(keys(missing)).toEqual(
      entries
        .filter((e) => !(name in e.doc.properties))
        .slice(0, 50)
        .map((e) => e.doc.accessKey),
    );
    const bad = await get(`${path}/taker?filter=${encodeURIComponent('(= a')}`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['filter']);
  });

  it('R1: credentials are required', async () => {
    const r = await get(`${path}/taker`, {});
    expect(r.status).toBe(401);
  });
});
