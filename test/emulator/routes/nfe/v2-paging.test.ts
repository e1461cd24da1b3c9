// POST /v2/dfe/nfe paging: Limit, Paginator, Total (R18, R19a).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeV2ResponseSchema } from '../../../../src/api/wire/nfe.js';
import type { StoredNfe } from '../../../../src/emulator/model.js';
import type { Emulator } from '../../../../src/emulator/server.js';
import { decodePaginator, encodePaginator } from '../../../../src/emulator/routes/listing/body-search.js';
import { A1, A2, ACCOUNTS, makeNfe, NOW, postV2, walkV2 } from '../../fixtures.js';
import { createEmulator } from '../../../../src/emulator/server.js';

const DOCS = 620;
let emu: Emulator;

/** 620 documents; every third also received by A2 (two records); every fifth canceled. */
function bigDataset() {
  const nfes: StoredNfe[] = [];
  for (let i = 0; i < DOCS; i++) {
    const both = i % 3 === 0;
    nfes.push(
      makeNfe(i * 2, {
        ageDays: 1 + (i % 20),
        status: i % 5 === 0 ? 'canceled' : 'authorized',
        roles: both
          ? [
              { owner: A1.cnpj, role: 'emitted' },
              { owner: A2.cnpj, role: 'received' },
            ]
          : [{ owner: A1.cnpj, role: 'emitted' }],
      }),
    );
  }
  return { accounts: ACCOUNTS.map((a) => ({ ...a })), nfes };
}
const RECORDS = DOCS + Math.ceil(DOCS / 3);

beforeAll(async () => {
  emu = await createEmulator({ port: 0, now: NOW, dataset: bigDataset() });
});
afterAll(async () => emu?.close());

const FIELDS = ['AccessKey', 'Owner', 'OwnerRole'];
const id = (n: { AccessKey: string; OwnerRole: string }) => `${n.AccessKey}/${n.OwnerRole}`;

describe('R18/R19a: Limit and Paginator', () => {
  it('R18: Limit defaults to 500; the last page answers Paginator null (R19a)', async () => {
    const first = nfeV2ResponseSchema.parse((await postV2(emu, { Fields: FIELDS })).body);
    expect(first.Nfes).toHaveLength(500);
    expect(first.Total).toBe(RECORDS);
    expect(first.Paginator).toEqual(expect.any(String));
    const second = nfeV2ResponseSchema.parse((await postV2(emu, { Fields: FIELDS, Paginator: first.Paginator })).body);
    expect(second.Nfes).toHaveLength(RECORDS - 500);
    expect(second.Paginator).toBeNull();
    expect(second.Total).toBe(RECORDS);
  });

  it('R18: following the Paginator sees every matching record exactly once, in position order', async () => {
    const { records, pages, totals } = await walkV2(emu, { Fields: [...FIELDS, 'Number'], Limit: 37 });
    expect(records).toHaveLength(RECORDS);
    expect(new Set(records.map(id)).size).toBe(RECORDS);
    expect(pages).toBe(Math.ceil(RECORDS / 37));
    expect(new Set(totals)).toEqual(new Set([RECORDS]));
    const numbers = records.map((r) => Number(r.Number));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('R18: with filters the walk yields exactly Total records', async () => {
    const { records, totals } = await walkV2(emu, {
      Fields: FIELDS,
      Limit: 50,
      Filters: { Status: 'canceled', OwnerRoles: ['received'] },
    });
    const expected = [...Array(DOCS).keys()].filter((i) => i % 3 === 0 && i % 5 === 0).length;
    expect(records).toHaveLength(expected);
    expect(totals[0]).toBe(expected);
    expect(records.every((r) => r.OwnerRole === 'received' && r.Owner === A2.cnpj)).toBe(true);
  });

  it('R19a: when the last page is exactly full its Paginator is already null', async () => {
    const filters = { NfeNumber: { From: 100, To: 124 } };
    const first = nfeV2ResponseSchema.parse((await postV2(emu, { Fields: FIELDS, Limit: 9, Filters: filters })).body);
    expect(first.Total).toBe(18);
    const second = nfeV2ResponseSchema.parse(
      (await postV2(emu, { Fields: FIELDS, Limit: 9, Filters: filters, Paginator: first.Paginator })).body,
    );
    expect(second.Nfes).toHaveLength(9);
    expect(second.Paginator).toBeNull();
  });

  it('R13: a Paginator stays valid when documents arrive; the walk then includes them once', async () => {
    const local = await createEmulator({ port: 0, now: NOW, dataset: bigDataset() });
    try {
      const first = nfeV2ResponseSchema.parse((await postV2(local, { Fields: FIELDS, Limit: 400 })).body);
      const { doc } = local.store.addNfe(makeNfe(0, { ageDays: 0.5 }));
      expect(doc.position).toBe((DOCS - 1) * 2 + 1);
      const rest = nfeV2ResponseSchema.parse(
        (await postV2(local, { Fields: FIELDS, Limit: 500, Paginator: first.Paginator })).body,
      );
      const all = [...first.Nfes, ...rest.Nfes] as { AccessKey: string; OwnerRole: string }[];
      expect(rest.Total).toBe(RECORDS + 1);
      expect(all).toHaveLength(RECORDS + 1);
      expect(new Set(all.map(id)).size).toBe(RECORDS + 1);
      expect(all[all.length - 1]!.AccessKey).toBe(doc.accessKey);
    } finally {
      await local.close();
    }
  });

  it('the Paginator is base64url of position.roleIndex and decodes only what it encodes (designed)', () => {
    const text = encodePaginator({ position: 1234, roleIndex: 1 });
    expect(Buffer.from(text, 'base64url').toString()).toBe('1234.1');
    expect(decodePaginator(text)).toEqual({ position: 1234, roleIndex: 1 });
    expect(decodePaginator(`${text}=`)).toBeUndefined();
    expect(decodePaginator(Buffer.from('-1.0').toString('base64url'))).toBeUndefined();
    expect(decodePaginator('')).toBeUndefined();
  });

  it('R19a: an empty or null Paginator starts from the beginning', async () => {
    for (const Paginator of ['', null]) {
      const r = nfeV2ResponseSchema.parse((await postV2(emu, { Fields: ['Number'], Limit: 1, Paginator })).body);
      expect(r.Nfes).toEqual([{ Number: '100' }]);
    }
  });
});
